/**
 * The session's end in the dashboard: the idle warning and its countdown, staying, signing out, the end
 * at the idle timeout or the token's expiry or a refused token, and the other tabs of the origin.
 *
 * Timers are fake and move with real time only while the app loads (`useAdvancingFakeTimers`); from the
 * first activity the test makes on, every step up to a boundary is synchronous, so the clock moves only
 * by what the test says.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_THROTTLE_MS, endSession, LAST_ACTIVITY_KEY, SESSION_END_KEY } from '@/session/idle-session';
import { session, STORAGE_KEYS } from '@/session/session';
import { institution } from '@/test/bank-data';
import { installDashboardBank } from '@/test/dashboard-data';
import { errorReply } from '@/test/fake-bank';
import { renderApp, useAdvancingFakeTimers } from '@/test/render-app';
import { pinDraft } from './pin-draft';

const MINUTE = 60_000;

const base64url = (text: string) => btoa(text).replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=+$/u, '');
/** A token like the mock bank's (HS256, JWT-like), expiring at `expiresAt` (ms). */
const jwtExpiringAt = (expiresAt: number) =>
  `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify({ sub: 'u1', exp: expiresAt / 1000 }))}.sig`;

/** Time passes with nobody at the keyboard. */
const idleFor = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

const warning = () => screen.queryByRole('alertdialog');

beforeEach(() => {
  session.signIn('user-token');
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/**
 * Opens the dashboard and, once it shows, lets the user press a key: the idle time counts from that
 * key, at a moment the test knows exactly.
 */
async function openDashboard(handlers: Parameters<typeof installDashboardBank>[0] = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true }); // as useAdvancingFakeTimers
  const bank = installDashboardBank(handlers);
  const app = renderApp('/wp-user/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard' });
  act(() => {
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS);
  });
  fireEvent.keyDown(document.body, { key: 'Shift' });
  return { ...app, bank };
}

async function expectLogin(app: ReturnType<typeof renderApp>, message: string) {
  await waitFor(() => {
    expect(app.path()).toBe('/wp-user/account/login');
  });
  expect(await screen.findByText(message)).toHaveAttribute('role', 'status');
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
}

const IDLE_MESSAGE = 'You were signed out because your session was inactive for too long. Please sign in again.';
const EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

describe('the idle warning', () => {
  it('appears at 4:00 without activity, with a live countdown and Stay signed in focused', async () => {
    await openDashboard();
    idleFor(4 * MINUTE - 1_000);
    expect(warning()).not.toBeInTheDocument();

    idleFor(1_000);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog).toHaveAccessibleDescription(
      'You will be signed out in 1:00 because you have been inactive. Choose Stay signed in to keep working.',
    );
    expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Sign out now' })).toBeInTheDocument();

    idleFor(1_000);
    expect(dialog).toHaveTextContent('You will be signed out in 0:59');
    idleFor(29_000);
    expect(dialog).toHaveTextContent('You will be signed out in 0:30');
    expect(dialog).toHaveTextContent('Less than 30 seconds left.');
    idleFor(21_000);
    expect(dialog).toHaveTextContent('You will be signed out in 0:09');
    expect(dialog).toHaveTextContent('Less than 10 seconds left.');
  });

  it.each([
    ['a key', () => fireEvent.keyDown(document.body, { key: 'a' })],
    ['a click', () => fireEvent.pointerDown(document.body)],
    ['a pointer move', () => fireEvent.pointerMove(document.body)],
    ['a touch', () => fireEvent.touchStart(document.body)],
    ['a scroll', () => fireEvent.scroll(screen.getByRole('main'))],
    ['a wheel turn', () => fireEvent.wheel(document.body)],
  ])('is put off by activity before it (%s)', async (_, doSomething) => {
    await openDashboard();
    idleFor(3 * MINUTE);
    doSomething();
    idleFor(4 * MINUTE - 1_000);
    expect(warning()).not.toBeInTheDocument();
    idleFor(1_000);
    expect(warning()).toBeInTheDocument();
  });

  it('stays up through activity that is not an answer to it', async () => {
    await openDashboard();
    idleFor(4 * MINUTE);
    fireEvent.pointerMove(document.body);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    idleFor(1_000);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('You will be signed out in 0:59');
  });

  it('goes with Stay signed in, which starts the idle time again', async () => {
    const app = await openDashboard();
    idleFor(4 * MINUTE + 30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(warning()).not.toBeInTheDocument();

    idleFor(4 * MINUTE - 1_000);
    expect(warning()).not.toBeInTheDocument();
    idleFor(1_000);
    expect(warning()).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
    expect(session.isSignedIn()).toBe(true);
  });

  it('goes with Escape too, which also means staying', async () => {
    await openDashboard();
    idleFor(4 * MINUTE);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(warning()).not.toBeInTheDocument();
    idleFor(4 * MINUTE - 1_000);
    expect(warning()).not.toBeInTheDocument();
  });

  it('signs out with Sign out now as Log Out does', async () => {
    const app = await openDashboard();
    idleFor(4 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out now' }));
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/account');
    });
    expect(await screen.findByText('Logged out !')).toBeInTheDocument();
    expect(session.isSignedIn()).toBe(false);
  });
});

describe('the end of an idle session', () => {
  it('at 5:00 clears what logout clears and shows the login page with the reason', async () => {
    session.setEmail('demo@bank.test');
    session.setAccountVerification('Verified');
    session.setClosed(true);
    const app = await openDashboard();
    pinDraft.set('4321');
    window.sessionStorage.setItem('baTransfer', JSON.stringify({ fields: { amount: '100' }, display: '$100.00' }));
    idleFor(5 * MINUTE - 1);
    expect(session.isSignedIn()).toBe(true);

    idleFor(1);
    expect(Object.keys(window.sessionStorage)).toEqual([]);
    expect(pinDraft.get()).toBeUndefined();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.email)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.accountVerification)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.close)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBe('1');
    await expectLogin(app, IDLE_MESSAGE);
    expect(app.queryClient.getQueryCache().getAll()).toEqual([]);
    expect(app.router.state.location.search).toEqual({ ended: 'idle' });
    expect(warning()).not.toBeInTheDocument();
  });

  it('honours VITE_IDLE_TIMEOUT_MINUTES', async () => {
    vi.stubEnv('VITE_IDLE_TIMEOUT_MINUTES', '10');
    const app = await openDashboard();
    idleFor(9 * MINUTE - 1_000);
    expect(warning()).not.toBeInTheDocument();
    idleFor(1_000);
    expect(warning()).toHaveTextContent('You will be signed out in 1:00');
    idleFor(MINUTE - 1);
    expect(session.isSignedIn()).toBe(true);
    idleFor(1);
    await expectLogin(app, IDLE_MESSAGE);
  });

  it('warns at the half of a timeout under 2 minutes', async () => {
    vi.stubEnv('VITE_IDLE_TIMEOUT_MINUTES', '1');
    const app = await openDashboard();
    idleFor(30_000 - 1_000);
    expect(warning()).not.toBeInTheDocument();
    idleFor(1_000);
    expect(warning()).toHaveTextContent('You will be signed out in 0:30');
    idleFor(30_000);
    await expectLogin(app, IDLE_MESSAGE);
  });

  it('keeps the 5-minute default when the configured value is not a number of minutes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubEnv('VITE_IDLE_TIMEOUT_MINUTES', 'forever');
    await openDashboard();
    idleFor(4 * MINUTE - 1_000);
    expect(warning()).not.toBeInTheDocument();
    idleFor(1_000);
    expect(warning()).toBeInTheDocument();
  });

  it('does not run outside the signed-in dashboard', async () => {
    session.logout();
    useAdvancingFakeTimers();
    const app = renderApp('/wp-user/account/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    idleFor(10 * MINUTE);
    expect(warning()).not.toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/login');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('the end of a session whose token expires', () => {
  it("ends at the token's exp with 'Your session has expired', without a warning", async () => {
    const expiresAt = Date.now() + 3 * MINUTE;
    session.signIn(jwtExpiringAt(expiresAt));
    const app = await openDashboard();
    idleFor(expiresAt - Date.now() - 1_000);
    expect(session.isSignedIn()).toBe(true);
    expect(warning()).not.toBeInTheDocument();

    idleFor(1_000);
    expect(session.isSignedIn()).toBe(false);
    expect(window.localStorage.getItem(STORAGE_KEYS.loggedOut)).toBe('1');
    await expectLogin(app, EXPIRED_MESSAGE);
  });

  it('ends at once when the stored token has expired already', async () => {
    useAdvancingFakeTimers();
    session.signIn(jwtExpiringAt(Date.now() - 1_000));
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard');
    await expectLogin(app, EXPIRED_MESSAGE);
    expect(session.isSignedIn()).toBe(false);
  });

  it('ends when the bank refuses the token on a later call (401)', async () => {
    let refused = false;
    const app = await openDashboard({
      getInstitution: () => (refused ? errorReply('Your session has ended. Please log in again.', 401) : institution()),
    });
    refused = true;
    await act(() => app.queryClient.invalidateQueries());
    await expectLogin(app, EXPIRED_MESSAGE);
    expect(session.isSignedIn()).toBe(false);
  });

  it('ends when the token is refused while a screen loads', async () => {
    const app = await openDashboard({
      getNotifications: () => errorReply('Your session has ended. Please log in again.', 401),
    });
    await act(() => app.router.navigate({ to: '/dashboard/notifications' }));
    await expectLogin(app, EXPIRED_MESSAGE);
  });

  it('goes on after a refusal of one action (403)', async () => {
    let refused = false;
    const app = await openDashboard({
      getInstitution: () => (refused ? errorReply('Not available for your region', 403) : institution()),
    });
    refused = true;
    await act(() => app.queryClient.invalidateQueries());
    expect(await screen.findByText('Not available for your region')).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
    expect(session.isSignedIn()).toBe(true);
  });
});

describe('the other tabs of the origin', () => {
  /** What another tab's write to local storage looks like here. */
  const fromOtherTab = (key: string, newValue: string | null, oldValue: string | null = null) => {
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, oldValue, storageArea: window.localStorage }));
    });
  };

  it('keep this tab alive while the user is active in one of them', async () => {
    await openDashboard();
    idleFor(3 * MINUTE);
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    fromOtherTab(LAST_ACTIVITY_KEY, String(Date.now()));
    idleFor(4 * MINUTE - 1_000);
    expect(warning()).not.toBeInTheDocument();
    idleFor(1_000);
    expect(warning()).toBeInTheDocument();

    // Staying in another tab closes this tab's warning too.
    fromOtherTab(LAST_ACTIVITY_KEY, String(Date.now()));
    expect(warning()).not.toBeInTheDocument();
  });

  it("hear of this tab's activity", async () => {
    await openDashboard();
    idleFor(2 * MINUTE);
    fireEvent.pointerDown(document.body);
    expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(Date.now()));
    idleFor(4 * MINUTE + 30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(Date.now()));
  });

  it('end this tab when one logs out', async () => {
    const app = await openDashboard();
    session.logout();
    fromOtherTab(STORAGE_KEYS.token, null, 'user-token');
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/account');
    });
    expect(await screen.findByText('Logged out !')).toBeInTheDocument();
  });

  it('end this tab with the same reason when one ends the session', async () => {
    const app = await openDashboard();
    // What the other tab's end leaves in the shared storage: the reason, and no token.
    endSession('idle');
    expect(window.localStorage.getItem(SESSION_END_KEY)).toBe('idle');
    fromOtherTab(STORAGE_KEYS.token, null, 'user-token');
    await expectLogin(app, IDLE_MESSAGE);
  });
});
