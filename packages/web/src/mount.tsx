/**
 * Mounts the portal into the page: one QueryClient, the router, the app and its styles. Called by this
 * app's entry (main.tsx) and by the in-browser demo (packages/demo), which starts its bank first.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import './styles.css';

export function mountPortal(root: HTMLElement | null = document.getElementById('root')) {
  if (root === null) throw new Error('The page has no #root element');
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient });
  createRoot(root).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
  return { router, queryClient };
}
