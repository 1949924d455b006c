import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { NotFoundPage, UnexpectedErrorPage } from '@/components/app-states';
import type { RouterContext } from '@/router';
import { titled } from '@/lib/page-title';
import { RouteAnnouncer } from '@/components/route-announcer';

const bankTitle = titled();
const notFoundTitle = titled('Page not found');

export const Route = createRootRouteWithContext<RouterContext>()({
  // An address no page has: the router marks the match whose not-found page it shows (this root's, or a
  // layout's without a title of its own).
  head: ({ matches }) => (matches.some((match) => match._notFound) ? notFoundTitle() : bankTitle()),
  component: RootLayout,
  errorComponent: UnexpectedErrorPage,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <HeadContent />
      <RouteAnnouncer />
      <a
        href="#main"
        className="sr-only z-[200] rounded-md bg-card px-4 py-2 font-medium text-primary shadow-card focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Outlet />
    </>
  );
}
