/**
 * Mounts the portal into the page: one QueryClient, the router, the app and its styles. Called by this
 * app's entry (main.tsx) and by the in-browser demo (packages/demo), which starts its bank first.
 */
import { startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { portalElement } from './app';
import { createAppQueryClient } from './api/query-client';
import { PRERENDERED_ATTRIBUTE } from './prerender-marks';
import { createAppRouter, type AppRouter } from './router';
import './styles.css';

/** A path without its trailing slash (`/account/` as a static host serves `account/index.html`). */
const withoutSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/$/u, '') : pathname);

/** Whether the router, its first load done, shows the very page (no query) the markup was prerendered for. */
function showsPage(router: AppRouter, page: string) {
  const { pathname, searchStr } = router.state.location;
  return withoutSlash(pathname) === page && searchStr === '';
}

/** Takes the page's own titles out of the head once React has put its own there (its first commit). */
function InPlaceOf({ titles, children }: { titles: readonly Element[]; children: ReactNode }) {
  useLayoutEffect(() => {
    for (const title of titles) title.remove();
  }, [titles]);
  return children;
}

/**
 * React renders the portal anew into `container`. The router names the page with a `<title>` that React puts
 * in the head (decision 0054); the HTML's own (index.html's, or the title of a page prerendered for another
 * address) then goes, so the page has one title, the page's, and the tab is never without one.
 */
function renderAnew(container: HTMLElement, element: ReactNode): Root {
  const titles = [...document.head.querySelectorAll('title')];
  const root = createRoot(container);
  root.render(<InPlaceOf titles={titles}>{element}</InPlaceOf>);
  return root;
}

export async function mountPortal(root: HTMLElement | null = document.getElementById('root')) {
  if (root === null) throw new Error('The page has no #root element');
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient });
  const element = portalElement(router, queryClient);
  const page = root.getAttribute(PRERENDERED_ATTRIBUTE);
  let reactRoot: Root | undefined;
  if (page === null && root.childElementCount === 0) {
    // An empty page: React renders at once, so the router's pending screen shows should the page's code
    // be slow to come.
    reactRoot = renderAnew(root, element);
  } else {
    // The page already shows something: the build's markup of this very page (decision 0019) or the
    // dashboard's frame (decision 0051). The router loads the page's code first, so React's first render
    // is the page itself; React then takes the markup over (hydrates) or, should the router have gone
    // elsewhere (a signed-in visitor is sent on to the dashboard, an address with a query) or the markup
    // be the frame, renders its own page in its place. Either is a transition (decision 0055): React
    // works in short slices, with the browser free to paint and to take input between them, and what is on
    // screen stays until the page is ready.
    await router.load().catch(() => undefined);
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
    startTransition(() => {
      if (page !== null && showsPage(router, page)) {
        reactRoot = hydrateRoot(root, element, {
          // The markup and the first render differ (the year in a footer, should the build be older than
          // the new year): React has rendered the part anew, as the client would have.
          onRecoverableError: (error) => {
            console.warn('The prerendered page was rendered anew:', error);
          },
        });
      } else {
        reactRoot = renderAnew(root, element);
      }
    });
  }
  /** Takes the portal off the page (tests, or a host page that replaces it). */
  const unmount = () => {
    reactRoot?.unmount();
  };
  return { router, queryClient, unmount };
}
