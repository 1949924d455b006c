/** Renders the whole app (router, QueryClient, toasts) at a path under /wp-user, in memory. */
import { createMemoryHistory } from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
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
    // No timer between key presses: each still fires its events in order, and the web tests take about
    // 15% less time.
    delay: null,
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

/** The toast area (Radix's region, reachable with F8), once its view has loaded with the first toast. */
export const findToastRegion = (options?: { timeout: number }) =>
  screen.findByRole('region', { name: /notifications/iu }, options);

/**
 * The toast area now; before the first toast, whose view is not loaded yet, an empty element: no toast
 * shows there.
 */
export const toastRegion = () =>
  screen.queryByRole('region', { name: /notifications/iu }) ?? document.createElement('section');

/** Waits for a toast that says `text`. */
export const findToast = async (text: string | RegExp) => within(await findToastRegion()).findByText(text);

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
 * How long before a redirect (of 5 s or 3 s) a test looks that it has not happened yet: the fake clock of these
 * tests also moves with real time (`shouldAdvanceTime`), so on a slow machine a look just before the redirect may
 * come after it.
 */
export const REAL_TIME_SLACK_MS = 2000;

/**
 * After a transfer or a PIN creation: the screen says the wait of `ms` leads to the dashboard and counts it
 * down; its "Go now" opens the dashboard at once, and the timer that was running does not open it again.
 */
export async function expectWaitToDashboardThenGoNow(app: ReturnType<typeof renderApp>, ms: number) {
  const notice = await screen.findByText('Taking you to your dashboard…');
  expect(notice.closest('[role=status]')).toHaveTextContent(
    `Taking you to your dashboard… This takes ${String(ms / 1000)} seconds.`,
  );
  expect(document.querySelector('[data-slot=redirect-countdown]')).toHaveTextContent(`${String(ms / 1000)} s`);
  const go = screen.getByRole('link', { name: 'Go now' });
  expect(go).toHaveAttribute('href', '/wp-user/dashboard');
  // Nothing to confirm again while the screen is leaving.
  expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();

  const moves = vi.fn();
  const stop = app.router.history.subscribe(moves);
  try {
    await app.user.click(go);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(ms * 2));
    expect(moves).toHaveBeenCalledTimes(1);
    expect(app.path()).toBe('/wp-user/dashboard');
  } finally {
    stop();
  }
}
