import { preloadToaster } from './components/ui/toast';
import { preloadApi } from './lib/api';
import { whenIdle } from './lib/when-idle';
import { mountPortal } from './mount';

void mountPortal().then(({ router }) => {
  // What no page needs before its first paint loads when the browser is idle after the first page rendered.
  const stopWatching = router.subscribe('onRendered', () => {
    stopWatching();
    whenIdle(() => {
      preloadApi();
      void preloadToaster();
    });
  });
});
