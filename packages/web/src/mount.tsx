/**
 * Mounts the portal into the page: one QueryClient, the router, the app and its styles. Called by this
 * app's entry (main.tsx) and by the in-browser demo (packages/demo), which starts its bank first.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { portalElement } from './app';
import { createAppQueryClient } from './lib/query-client';
import { nextTask, wait } from './lib/when-idle';
import { createAppRouter, type AppRouter } from './router';
import { PRERENDERED_ATTRIBUTE } from './start-template';
import './styles.css';

/** The longest the first render waits for the router's first load (see `mountPortal`). */
export const FIRST_RENDER_WAIT_MS = 150;

/**
 * The page the markup in `root` was prerendered for (decision 0019), when it is the page the router
 * opened: the client then hydrates that markup rather than render its own.
 */
function prerenderedPage(root: HTMLElement, router: AppRouter) {
  const page = root.getAttribute(PRERENDERED_ATTRIBUTE);
  const { pathname, searchStr } = router.state.location;
  return page !== null && page === pathname && searchStr === '' ? page : undefined;
}

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
  const element = portalElement(router, queryClient);
  const prerendered = root.hasAttribute(PRERENDERED_ATTRIBUTE);
  // A prerendered page is on screen already: the client waits for the router's whole first load, so that
  // its first render is the prerender's tree, and hydrates the markup (React does so in slices of a few
  // milliseconds). Should the router have gone elsewhere (a signed-in visitor is sent on to the
  // dashboard), the client renders its own page in place of the markup.
  //
  // Otherwise the first render waits for the router's first load (the page's code, and its data when that
  // comes quickly), so that React renders the whole page in a transition, in slices of a few
  // milliseconds, rather than in one long task when the load ends (decision 0017). A page whose data is
  // slower renders what it has after FIRST_RENDER_WAIT_MS: its layout, then its pending state.
  const loaded = router.load().catch(() => undefined);
  const firstLoad = prerendered ? loaded : Promise.race([loaded, wait(FIRST_RENDER_WAIT_MS)]);
  const reactRoot = firstLoad.then(() => {
    const page = prerenderedPage(root, router);
    // From here React has the page's events: boot.ts holds back a form's submit until then, and the form
    // sends it again once it is hydrated (lib/held-submit).
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
    if (page !== undefined) {
      return hydrateRoot(root, element, {
        // The markup and the first render differ (the year in a footer, should the build be older than
        // the new year): React has rendered the part anew, as the client would have, so this is no
        // error of the page's.
        onRecoverableError: (error) => {
          console.warn('The prerendered page was rendered anew:', error);
        },
      });
    }
    const created = createRoot(root);
    startTransition(() => {
      created.render(element);
    });
    return created;
  });
  /** Takes the portal off the page (tests, or a host page that replaces it). */
  const unmount = async () => {
    (await reactRoot).unmount();
  };
  return { router, queryClient, unmount };
}
