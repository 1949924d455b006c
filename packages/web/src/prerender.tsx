/**
 * The build's prerender (decision 0019): the pages anyone may open first, signed out, rendered to HTML
 * once, so that the browser paints them from the page itself while the scripts load; the client then
 * hydrates that markup (`mount.tsx`). Built for the browser's module conditions, like the client, and run
 * by the build in Node (`scripts/prerender-plugin.ts`): the router takes the same code paths as in the
 * browser, so both render the same tree.
 */
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { portalElement } from './app';
import { createAppQueryClient } from './api/query-client';
import { BASE_PATH, createAppRouter } from './router';
import { DashboardWaiting } from './routes/dashboard/-components/dashboard-frame';

/** The pages prerendered, under the router's base path: the landing page and the login page. */
export const PRERENDERED_PAGES = ['/account', '/account/login'] as const;

/** The HTML of `#root` for the page at `pathname` (one of PRERENDERED_PAGES), as a signed-out first visit sees it. */
export async function renderPage(pathname: string): Promise<string> {
  const history = createMemoryHistory({ initialEntries: [`${BASE_PATH}${pathname}`] });
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient, history, prerender: true });
  await router.load();
  const at = router.state.location.pathname;
  if (at !== pathname) throw new Error(`Prerendering ${pathname} ended at ${at}`);
  const html = renderToString(portalElement(router, queryClient));
  queryClient.clear();
  // A part that suspended is left for the browser to render (`<!--$!-->`): it would show its fallback.
  if (html.includes('<!--$!-->')) throw new Error(`Prerendering ${pathname}: a part did not render`);
  return html;
}

/** The pages whose HTML holds the dashboard's waiting frame (every address under this one). */
export const WAITING_PAGES = '/dashboard';

/**
 * The HTML of `#root` for a dashboard page before its scripts run: the frame and a line that it is on its
 * way (no customer's data: the build writes it once for every dashboard page). The client renders the page
 * in its place; it is never hydrated.
 */
export function renderWaiting(): string {
  return renderToString(<DashboardWaiting />);
}
