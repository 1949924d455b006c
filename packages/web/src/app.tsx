import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { Toaster } from './components/ui/toast';
import type { AppRouter } from './router';

/** The whole app: one QueryClient, the router, and the one toast area. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}

/**
 * What the page's root renders, in the browser and in the build's prerender alike (`prerender.tsx`): the
 * browser takes the prerendered markup over only when its own first render is the same tree.
 */
export function portalElement(router: AppRouter, queryClient: QueryClient) {
  return (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
}
