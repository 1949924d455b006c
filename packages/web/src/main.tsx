import { preloadToaster } from './components/ui/toast';
import { preloadApi } from './lib/api';
import { mountPortal } from './mount';

const { router } = mountPortal();

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
