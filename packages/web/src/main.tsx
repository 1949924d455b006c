import { createRoot } from 'react-dom/client';
import { inSandbox } from './lib/sandbox-cookie';
import { mountPortal } from './mount';

void mountPortal();
// Only a browser in a sandbox of the mock server loads the notice, in a chunk of its own.
if (inSandbox()) void import('./sandbox-notice').then((m) => m.default(createRoot));
