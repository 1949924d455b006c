import { noop } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { institutionQuery } from '@/api/queries';
import { DashboardError, DashboardNotFound, unknownPageRedirect } from '@/components/route-errors';
import { session } from '@/session/session';
import { DashboardFrame } from './-components/dashboard-frame';
import { IdleSessionGuard } from './-components/idle-session-guard';
import { MenuPanel } from './-components/side-menu';
import { TopBar } from './-components/top-bar';

/**
 * The dashboard tree: only with a stored user token. Its errors (and its children's) and its unknown
 * addresses go to login or home.
 */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: ({ matches, routeId, preload }) => {
    // An unknown address matches this layout and no page of it.
    if (matches.at(-1)?.routeId === routeId) throw unknownPageRedirect({ preload });
    if (!session.isSignedIn()) throw redirect({ to: '/account/login', replace: true });
  },
  // The account summary: the menu's unread count, the user's picture and the pages' courtesy figures (the
  // current plan, the currency). Neither the shell nor a page waits for it.
  loader: ({ context: { queryClient } }) => {
    void queryClient.query(institutionQuery).catch(noop);
  },
  component: DashboardLayout,
  errorComponent: DashboardError,
  // The tree's own not-found boundary: with it the router runs the guard above for an unknown address
  // (instead of showing the root's 'Page not found'), and a page's `notFound()` goes the same ways.
  notFoundComponent: DashboardNotFound,
});

/** The side menu is 250 px wide. */
function DashboardLayout() {
  return (
    <DashboardFrame menu={<MenuPanel />} topBar={<TopBar />} after={<IdleSessionGuard />}>
      <Outlet />
    </DashboardFrame>
  );
}
