import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  linkOptions,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_REDIRECT_MS } from '@/lib/timings';
import { RedirectNotice, useDelayedRedirect } from './redirect-notice';

/** A screen that moves to the login page after the delay once its button is pressed. */
function Leaving() {
  const { redirectAfterDelay, waiting, notice } = useDelayedRedirect();
  return (
    <>
      <button
        type="button"
        disabled={waiting}
        onClick={() => {
          redirectAfterDelay({ message: 'Taking you to sign in…', to: linkOptions({ to: '/account/login' }) });
        }}
      >
        Done
      </button>
      <RedirectNotice notice={notice} />
    </>
  );
}

function setup() {
  const root = createRootRoute({ component: Outlet });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/start', component: Leaving }),
    createRoute({ getParentRoute: () => root, path: '/account/login', component: () => <h1>Sign in</h1> }),
  ];
  const history = createMemoryHistory({ initialEntries: ['/start'] });
  const router = createRouter({ routeTree: root.addChildren(routes), history });
  const moves = vi.fn();
  history.subscribe(moves);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(<RouterProvider router={router} />);
  return { user, moves, path: () => history.location.pathname };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('RedirectNotice', () => {
  it('shows nothing until the screen is leaving', async () => {
    setup();
    await screen.findByRole('button', { name: 'Done' });
    // The live region is there, empty, so that the sentence put in it later is announced.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('link', { name: 'Go now' })).toBeNull();
  });

  it('says where it goes, once and politely, counts the seconds down and fills its bar, then goes after the delay', async () => {
    const { user, moves, path } = setup();
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Taking you to sign in… This takes 5 seconds.');
    const countdown = document.querySelector('[data-slot=redirect-countdown]');
    const bar = document.querySelector<HTMLElement>('[data-slot=redirect-progress]');
    expect(countdown).toHaveTextContent('5 s');
    expect(countdown).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(countdown).toHaveTextContent('3 s');
    expect(Number.parseFloat(bar?.style.width ?? '')).toBeGreaterThanOrEqual(40);
    // The sentence in the live region stays as it was: the ticking is not read out.
    expect(status).toHaveTextContent('Taking you to sign in… This takes 5 seconds.');

    await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS - 2100));
    expect(path()).toBe('/start');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(path()).toBe('/account/login');
    expect(moves).toHaveBeenCalledTimes(1);
  });

  it('goes at once by its link, and the timer does not move the screen again', async () => {
    const { user, moves, path } = setup();
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    const notice = document.querySelector<HTMLElement>('[data-slot=redirect-notice]');
    const link = within(notice ?? document.body).getByRole('link', { name: 'Go now' });
    expect(link).toHaveAttribute('href', '/account/login');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(path()).toBe('/account/login');
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS * 2));
    expect(moves).toHaveBeenCalledTimes(1);
  });
});
