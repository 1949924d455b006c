import { createRoot } from 'react-dom/client';
import { inSandbox } from './lib/sandbox-cookie';
import { mountPortal } from './mount';

const portal = mountPortal();
// Only a browser in a sandbox of the mock server loads the notice, in a chunk of its own; it follows the
// portal's pages through the router's history.
if (inSandbox())
  void Promise.all([portal, import('./sandbox-notice')]).then(([{ router, queryClient }, notice]) => {
    notice.default(createRoot, { history: router.history, queryClient });
  });
