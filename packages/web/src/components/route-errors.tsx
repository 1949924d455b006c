/**
 * What a route error shows. In the dashboard tree an error goes to login when no token
 * is stored (or the bank refused it), otherwise to the dashboard; everywhere else it is the generic
 * 'Unexpected Application Error!' page. An unknown address in the dashboard tree goes the same ways; one
 * in the account tree or outside both trees gets the router's 'Page not found'.
 */
import { isApiError } from '@ebank/contract/errors';
import { redirect, useLocation, useMatch, useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { session } from '@/session/session';
import { useLogout } from '@/session/use-logout';
import { PagePending, TryAgainButton, UnexpectedErrorPage } from './app-states';

/** Why an unknown address in the dashboard tree led elsewhere. */
export const UNKNOWN_PAGE_MESSAGE = 'That page does not exist';

/** Where the dashboard tree sends an error or an unknown address: home with a token, otherwise login. */
const homeOrLogin = () => (session.isSignedIn() ? '/dashboard' : '/account/login');

/**
 * The redirect for an unknown address in the dashboard tree, thrown by its guard; a
 * toast says why, unless the router is only preloading a link.
 */
export function unknownPageRedirect({ preload }: { preload: boolean }) {
  if (!preload) toast.error(UNKNOWN_PAGE_MESSAGE);
  return redirect({ to: homeOrLogin(), replace: true });
}

/** A page of the dashboard tree that found nothing to show (`notFound()`): the same ways, said the same. */
export function DashboardNotFound() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error(UNKNOWN_PAGE_MESSAGE);
    void navigate({ to: homeOrLogin(), replace: true });
  }, [navigate]);
  return <PagePending />;
}

/** A token the bank no longer accepts: the session is over. */
const isRejectedToken = (error: unknown) =>
  isApiError(error) && error.kind === 'http' && (error.status === 401 || error.status === 403);

const isDashboardHome = (pathname: string) => /\/dashboard\/?$/u.test(pathname);

export function DashboardError({ error, reset }: ErrorComponentProps) {
  const navigate = useNavigate();
  const logout = useLogout();
  const pathname = useLocation({ select: (location) => location.pathname });
  const rejected = isRejectedToken(error);
  const toLogin = rejected || !session.isSignedIn();
  const stay = !toLogin && isDashboardHome(pathname);

  useEffect(() => {
    if (stay) return;
    if (rejected) session.logout();
    void navigate({ to: toLogin ? '/account/login' : '/dashboard', replace: true });
  }, [stay, rejected, toLogin, navigate]);

  if (!stay) return <PagePending />;
  // The dashboard home itself failed: going there again would loop, so offer a retry.
  return (
    <div className="mx-auto grid max-w-md gap-4 py-16 text-center" role="alert">
      <h1 className="text-xl font-semibold">We could not load your dashboard</h1>
      <p className="text-sm text-muted-foreground">Please try again in a moment.</p>
      <div className="flex flex-col justify-center gap-2 sm:flex-row">
        <TryAgainButton reset={reset} />
        <Button variant="outline" onClick={logout}>
          Log Out
        </Button>
      </div>
    </div>
  );
}

/** The router's default error component: the dashboard's handling inside its tree, the generic page elsewhere. */
export function RouteErrorPage(props: ErrorComponentProps) {
  const inDashboard = useMatch({ from: '/dashboard', shouldThrow: false }) !== undefined;
  return inDashboard ? <DashboardError {...props} /> : <UnexpectedErrorPage {...props} />;
}
