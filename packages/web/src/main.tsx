import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadToaster } from './components/ui/toast';
import { preloadApi } from './lib/api';
import { createAppQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import './styles.css';

const queryClient = createAppQueryClient();
const router = createAppRouter({ queryClient });

const root = document.getElementById('root');
if (root === null) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);

// What no page needs before its first paint loads when the browser is idle after the first page rendered.
const whenIdle = (task: () => void) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 200);
};
const stopWatching = router.subscribe('onRendered', () => {
  stopWatching();
  whenIdle(() => {
    preloadApi();
    void preloadToaster();
  });
});
