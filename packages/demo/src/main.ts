/**
 * The portal with its bank in the page: the mock server's bank and request handling run here, behind
 * Mock Service Worker, so the built portal works from static files with no server at all. The worker
 * starts first; the portal (mounted as the web app's own entry mounts it) is loaded once every call it
 * makes can be answered. The demo's bar (demo-bar/) follows once the portal is on screen.
 */
import { setupWorker } from 'msw/browser';
import { DemoBank, STORAGE_KEY, type DemoStorage } from './mocks/demo-bank';
import { demoHandlers } from './mocks/handlers';

/** Where the portal is served (`/wp-user/`). */
const BASE = import.meta.env.BASE_URL;

/** The tab's session storage, if the browser lets the page use it. */
function sessionStorageOrNothing(): DemoStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function showFailure(error: unknown) {
  console.error(error);
  const root = document.getElementById('root') ?? document.body;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.style.padding = '16px';
  message.textContent =
    'serviceWorker' in navigator
      ? 'The demo could not start. Please reload the page.'
      : 'The demo cannot start in this browser: it needs service workers, which browsers allow only on ' +
        'https:// or localhost pages, and not in every private window.';
  root.replaceChildren(message);
}

async function start() {
  const { origin } = window.location;
  const storage = sessionStorageOrNothing();
  const bank = new DemoBank({ publicUrl: `${origin}/`, storage });
  const worker = setupWorker(...demoHandlers(bank, { origin }));
  // The portal's code loads while the worker starts; it calls nothing before it is mounted.
  const [, { mountPortal }] = await Promise.all([
    worker.start({ serviceWorker: { url: `${BASE}mockServiceWorker.js` }, onUnhandledRequest: 'bypass' }),
    import('@ebank/web/src/mount'),
  ]);
  await mountPortal();
  return { origin, storage };
}

/** The demo's bar, once the portal is on screen; the portal works on without it. */
async function showBar({ origin, storage }: { origin: string; storage: DemoStorage | undefined }) {
  const { showDemoBar } = await import('./demo-bar/show-demo-bar');
  showDemoBar({
    apiOrigin: origin,
    home: `${BASE}account/login`,
    adminArea: `${BASE}admin/`,
    forgetBank: () => storage?.removeItem(STORAGE_KEY),
    navigate: (url) => {
      window.location.assign(url);
    },
  });
}

start().then(
  (started) => showBar(started).catch((error: unknown) => console.error('The demo bar could not be shown:', error)),
  showFailure,
);
