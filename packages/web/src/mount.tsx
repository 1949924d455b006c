/**
 * Mounts the portal into the page: one QueryClient, the router, the app and its styles. Called by this
 * app's entry (main.tsx) and by the in-browser demo (packages/demo), which starts its bank first.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import './styles.css';

/** The longest the first render waits for the router's first load (see `mountPortal`). */
export const FIRST_RENDER_WAIT_MS = 150;

export function mountPortal(root: HTMLElement | null = document.getElementById('root')) {
  if (root === null) throw new Error('The page has no #root element');
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient });
  const reactRoot = createRoot(root);
  // The first render waits for the router's first load (the page's code, and its data when that comes
  // quickly), so that React renders the whole page in a transition, in slices of a few milliseconds,
  // rather than in one long task when the load ends (decision 0017). A page whose data is slower renders
  // what it has after FIRST_RENDER_WAIT_MS: its layout, then its pending state, as it would otherwise.
  const firstLoad = Promise.race([
    router.load().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
  void firstLoad.then(() => {
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <App router={router} queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
  return { router, queryClient };
}
