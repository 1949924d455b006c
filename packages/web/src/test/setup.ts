/** Runs before every web test file: DOM matchers, the browser APIs jsdom lacks, and a clean slate per test. */
import '@testing-library/jest-dom/vitest';
import { destroyAnnouncer } from '@react-aria/live-announcer';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
// The toasts' view loads with the first toast (decision 0052); loaded here, so that the first toast of a test
// file waits for no module transform, which took seconds of a clock some tests run on.
import '@/components/ui/toast-list';
import { stopRenderedApps } from './stop-after-test';

/** Adds a member jsdom does not implement (Radix Select and friends use these). */
function polyfill(target: object, name: string, value: unknown) {
  if (!(name in target)) Object.defineProperty(target, name, { value, configurable: true, writable: true });
}

// jsdom defines scrollTo but only to complain that it does nothing.
Object.defineProperty(window, 'scrollTo', { value: () => undefined, configurable: true, writable: true });
polyfill(Element.prototype, 'scrollIntoView', () => undefined);
polyfill(Element.prototype, 'hasPointerCapture', () => false);
polyfill(Element.prototype, 'setPointerCapture', () => undefined);
polyfill(Element.prototype, 'releasePointerCapture', () => undefined);
// Uploads read a file's bytes before sending it; jsdom's Blob reads only through FileReader.
polyfill(Blob.prototype, 'arrayBuffer', function arrayBuffer(this: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(reader.result as ArrayBuffer);
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('The file could not be read'));
    };
    reader.readAsArrayBuffer(this);
  });
});
polyfill(
  globalThis,
  'ResizeObserver',
  class {
    observe() {
      return undefined;
    }
    unobserve() {
      return undefined;
    }
    disconnect() {
      return undefined;
    }
  },
);

afterEach(async () => {
  cleanup();
  await stopRenderedApps();
  toast.clear();
  // The screen reader's announcements (components/route-announcer.tsx) stay in the page for seconds.
  destroyAnnouncer();
  // Mocks first: a test may have made the storage itself throw.
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
