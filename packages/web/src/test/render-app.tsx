/** Renders the whole app (router, QueryClient, toasts) at a path under /wp-user, in memory. */
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { App } from '@/app';
import { createAppQueryClient } from '@/api/query-client';
import { createAppRouter } from '@/router';
import { stopAfterTest } from './stop-after-test';

export function renderApp(path: string) {
  const queryClient = createAppQueryClient();
  stopAfterTest(queryClient);
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history });
  // Works with real and with fake timers (tests of the 5 s redirects use `shouldAdvanceTime`).
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const view = render(<App router={router} queryClient={queryClient} />);
  return {
    ...view,
    router,
    queryClient,
    user,
    /** The current path, under the base path. */
    path: () => router.history.location.pathname,
  };
}

/** The toast area (Radix's region, reachable with F8). */
export const toastRegion = () => screen.getByRole('region', { name: /notifications/iu });

/** Waits for a toast that says `text`. */
export const findToast = (text: string | RegExp) => within(toastRegion()).findByText(text);

/**
 * Waits for a toast that says `text` and gives how long it stays up, in milliseconds, as the toast names
 * it (`data-duration`; `components/ui/toast.test.tsx` shows that the toast keeps to it).
 */
export async function toastDuration(text: string | RegExp) {
  const item = (await findToast(text)).closest('[data-slot=toast]');
  return Number(item?.getAttribute('data-duration'));
}

/** Uses fake timers that still move with real time, so `findBy` and `waitFor` keep working. */
export function useAdvancingFakeTimers() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
}

/**
 * How long before a 5 s redirect a test looks that it has not happened yet: the fake clock of these tests also
 * moves with real time (`shouldAdvanceTime`), so on a slow machine a look just before the redirect may come after it.
 */
export const REAL_TIME_SLACK_MS = 2000;
