/**
 * Mounts the portal into the page: one QueryClient, the router, the app and its styles. Called by this
 * app's entry (main.tsx) and by the in-browser demo (packages/demo), which starts its bank first.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppQueryClient } from './lib/query-client';
import { nextTask, wait } from './lib/when-idle';
import { createAppRouter } from './router';
import './styles.css';

/** The longest the first render waits for the router's first load (see `mountPortal`). */
export const FIRST_RENDER_WAIT_MS = 150;

export async function mountPortal(root: HTMLElement | null = document.getElementById('root')) {
  if (root === null) throw new Error('The page has no #root element');
  // Starting takes three tasks rather than one (decision 0018): the code's evaluation, which ends here;
  // the router's creation (it indexes every route: 8 to 27 ms on the benchmark's machine, four times that
  // on a slow phone); then the React root and the router's first load. Each is short enough that a phone
  // can take input in between.
  await nextTask();
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient });
  await nextTask();
  const reactRoot = createRoot(root);
  // The first render waits for the router's first load (the page's code, and its data when that comes
  // quickly), so that React renders the whole page in a transition, in slices of a few milliseconds,
  // rather than in one long task when the load ends (decision 0017). A page whose data is slower renders
  // what it has after FIRST_RENDER_WAIT_MS: its layout, then its pending state, as it would otherwise.
  const firstLoad = Promise.race([router.load().catch(() => undefined), wait(FIRST_RENDER_WAIT_MS)]);
  void firstLoad.then(() => {
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <App router={router} queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
  /** Takes the portal off the page (tests, or a host page that replaces it). */
  const unmount = () => {
    void firstLoad.then(() => {
      reactRoot.unmount();
    });
  };
  return { router, queryClient, unmount };
}
