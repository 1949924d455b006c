import { preloadToaster } from './components/ui/toast';
import { preloadApi } from './lib/api';
import { onFirstIntent } from './lib/when-idle';
import { mountPortal } from './mount';

void mountPortal();

// The API client (zod and the contract) and the toast area load at the user's first key, touch or click:
// a page needs them for what the user does, never to paint, and a page that fetches data as it opens
// loads the client then (decision 0019).
onFirstIntent(() => {
  preloadApi();
  void preloadToaster();
});
