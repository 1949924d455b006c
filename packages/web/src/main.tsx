import { createRoot } from 'react-dom/client';
import { mountPortal } from './mount';

void mountPortal();
// A browser in a sandbox of the mock server holds its cookie (`mock_sandbox`, readable by design): only
// then does the notice load, in a chunk of its own.
if (document.cookie.includes('mock_sandbox=')) void import('./sandbox-notice').then((m) => m.default(createRoot));
