/**
 * What a route error shows. In the dashboard tree (spec section 2) an error goes to login when no token
 * is stored (or the bank refused it), otherwise to the dashboard; everywhere else it is the generic
 * 'Unexpected Application Error!' page.
 */
import { isApiError } from '@ebank/contract/errors';
import { useLocation, useMatch, useNavigate, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { session } from '@/session/session';
import { useLogout } from '@/session/use-logout';
import { PagePending, TryAgainButton, UnexpectedErrorPage } from './app-states';

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
