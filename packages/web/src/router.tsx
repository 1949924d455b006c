import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage, PagePending } from './components/app-states';
import { RouteErrorPage } from './components/route-errors';
import { routeTree } from './routeTree.gen';

/** Where the app is mounted (spec: router base path /wp-user). */
export const BASE_PATH = '/wp-user';

export interface RouterContext {
  readonly queryClient: QueryClient;
}

/**
 * `history` defaults to the browser's. `prerender` is the build's prerender (`prerender.tsx`), outside a
 * browser: no window to take the origin from, and no scrolling to restore.
 */
export function createAppRouter({
  queryClient,
  history,
  prerender = false,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
  prerender?: boolean;
}) {
  return createRouter({
    routeTree,
    basepath: BASE_PATH,
    context: { queryClient },
    ...(history === undefined ? {} : { history }),
    ...(prerender ? { origin: 'http://localhost' } : {}),
    // Loaders read through TanStack Query, which decides freshness.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: !prerender,
    defaultPendingComponent: PagePending,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
