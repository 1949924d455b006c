import { createRoot } from 'react-dom/client';
import { sandboxOfThisBrowserSoon } from './lib/sandbox-cookie';
import { mountPortal } from './mount';

const portal = mountPortal();
// Only a browser in a sandbox of the mock server loads the notice, in a chunk of its own; it follows the
// portal's pages through the router's history.
void sandboxOfThisBrowserSoon(portal).then(async (sandbox) => {
  if (sandbox === undefined) return;
  const [{ router, queryClient }, notice] = await Promise.all([portal, import('./sandbox-notice')]);
  notice.default(createRoot, { history: router.history, queryClient });
});
