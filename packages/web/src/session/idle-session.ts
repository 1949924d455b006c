/**
 * The end of a signed-in session in the browser (OWASP ASVS 5.0 V7.3.1 inactivity timeout, V7.3.2
 * maximum lifetime as the token's `exp`): after a configurable idle time, with a warning before it, and
 * when the token expires. The bank still decides whether a token is valid; this ends the screen's session
 * in time and clears it. Framework-free: the timings, the reading of the configured timeout, the token's
 * expiry, the state at a given moment (`idlePhase`, pure), and a watcher that keeps the last activity of
 * every tab of the origin in step through local storage.
 *
 * Shared between tabs in local storage, beside the session (`session.ts`):
 * - `baLastActivity`: when the user last did something in any tab (ms since the epoch), so an active tab
 *   keeps the others alive;
 * - `baSessionEnd`: why the last session ended (`idle` or `expired`), written just before the token is
 *   removed, so the other tabs that see the token go can tell the user the same thing.
 */
import { storedValue } from './browser-storage';
import { session, STORAGE_KEYS } from './session';
import { isSessionEndReason, type SessionEndReason } from './session-end-reason';

export type { SessionEndReason } from './session-end-reason';

export const DEFAULT_IDLE_TIMEOUT_MINUTES = 5;
/** The accepted range of `VITE_IDLE_TIMEOUT_MINUTES`. */
export const MIN_IDLE_TIMEOUT_MINUTES = 1;
export const MAX_IDLE_TIMEOUT_MINUTES = 60;

/** How long before the end the warning shows, unless the timeout is under twice as long. */
const WARNING_MS = 60_000;
/** Activity is recorded at most this often (pointer moves and scrolling fire many events a second). */
export const ACTIVITY_THROTTLE_MS = 5_000;
/** What counts as the user doing something in this tab. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** The longest delay `setTimeout` keeps (about 24.8 days); a later check is simply made twice. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const LAST_ACTIVITY_KEY = 'baLastActivity';
export const SESSION_END_KEY = 'baSessionEnd';

const lastActivityStore = storedValue('localStorage', LAST_ACTIVITY_KEY);
const sessionEndStore = storedValue('localStorage', SESSION_END_KEY);

/**
 * The idle timeout in minutes from the build's `VITE_IDLE_TIMEOUT_MINUTES`: unset or empty means the
 * default; anything but a number of minutes from 1 to 60 (decimals allowed) is reported in the console
 * and replaced by the default, so a bad build never runs without a timeout.
 */
export function idleTimeoutMinutes(raw: string | undefined): number {
  const text = raw?.trim() ?? '';
  if (text === '') return DEFAULT_IDLE_TIMEOUT_MINUTES;
  const minutes = /^\d+(?:\.\d+)?$/u.test(text) ? Number(text) : Number.NaN;
  if (minutes >= MIN_IDLE_TIMEOUT_MINUTES && minutes <= MAX_IDLE_TIMEOUT_MINUTES) return minutes;
  console.error(
    `VITE_IDLE_TIMEOUT_MINUTES must be a number of minutes from ${MIN_IDLE_TIMEOUT_MINUTES} to ${MAX_IDLE_TIMEOUT_MINUTES}, not ${JSON.stringify(raw)}; using ${DEFAULT_IDLE_TIMEOUT_MINUTES}.`,
  );
  return DEFAULT_IDLE_TIMEOUT_MINUTES;
}

export interface IdleTimings {
  /** Idle time after which the session ends. */
  readonly timeoutMs: number;
  /** How long before the end the warning shows: 60 s, or half the timeout when that is under 2 minutes. */
  readonly warningMs: number;
}

export function idleTimings(minutes: number): IdleTimings {
  const timeoutMs = Math.round(minutes * 60_000);
  return { timeoutMs, warningMs: timeoutMs < 2 * WARNING_MS ? Math.round(timeoutMs / 2) : WARNING_MS };
}

/** The timings the build asks for. Read when called, so tests can stub the variable. */
export const configuredIdleTimings = () => idleTimings(idleTimeoutMinutes(import.meta.env.VITE_IDLE_TIMEOUT_MINUTES));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * When a JWT-like token (`head.payload.signature`, base64url) expires, in ms since the epoch, from its
 * `exp` claim. The signature is not checked: that is the bank's job; this only ends the session in time.
 * Undefined for an opaque token or one without a numeric `exp`.
 */
export function tokenExpiresAt(token: string | undefined): number | undefined {
  const payload = token?.split('.');
  if (payload?.length !== 3 || payload[1] === undefined || payload[1] === '') return undefined;
  try {
    const base64 = payload[1].replace(/-/gu, '+').replace(/_/gu, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (!isRecord(claims) || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return undefined;
    return claims.exp * 1000;
  } catch {
    return undefined;
  }
}

export type IdlePhase =
  | { readonly kind: 'active'; readonly nextCheckAt: number }
  | { readonly kind: 'warning'; readonly remainingMs: number; readonly nextCheckAt: number }
  | { readonly kind: 'ended'; readonly reason: SessionEndReason };

/**
 * Where the session stands at `now`: active until the warning, then the warning with the time left
 * (checked again on every whole second of the countdown), then ended. An expired token ends it first.
 */
export function idlePhase(
  { now, lastActivity, expiresAt }: { now: number; lastActivity: number; expiresAt: number | undefined },
  { timeoutMs, warningMs }: IdleTimings,
): IdlePhase {
  if (expiresAt !== undefined && now >= expiresAt) return { kind: 'ended', reason: 'expired' };
  const endsAt = lastActivity + timeoutMs;
  if (now >= endsAt) return { kind: 'ended', reason: 'idle' };
  const until = (at: number) => (expiresAt === undefined ? at : Math.min(at, expiresAt));
  const warnAt = endsAt - warningMs;
  if (now < warnAt) return { kind: 'active', nextCheckAt: until(warnAt) };
  const remainingMs = endsAt - now;
  return { kind: 'warning', remainingMs, nextCheckAt: until(now + (remainingMs % 1000 || 1000)) };
}

/** The countdown as the warning shows it: whole seconds, rounded up, as m:ss. */
export function formatCountdown(remainingMs: number) {
  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Ends the session for a reason: says why to the other tabs, then clears what logout clears
 * (`session.logout()`), all but that reason. The caller forgets cached replies and leaves the dashboard.
 */
export function endSession(reason: SessionEndReason) {
  sessionEndStore.set(reason);
  session.logout([SESSION_END_KEY]);
}

/** Why the other tab that removed the token ended the session; undefined for a plain logout. */
export function sharedEndReason(): SessionEndReason | undefined {
  const reason = sessionEndStore.get();
  return isSessionEndReason(reason) ? reason : undefined;
}

/** What the watcher tells its screen: nothing to show, or the warning with the time left. */
export type IdleState = { readonly kind: 'active' } | { readonly kind: 'warning'; readonly remainingMs: number };

export interface IdleWatch {
  /** The user chose to stay: the idle time starts again, in every tab. */
  stayActive(): void;
  /** Ends the session now, for a reason found elsewhere (a rejected token); nothing once it is over. */
  end(reason: SessionEndReason): void;
  /** Stops watching (the dashboard is gone). */
  stop(): void;
}

export interface IdleWatchOptions {
  readonly timings: IdleTimings;
  readonly onChange: (state: IdleState) => void;
  /**
   * The session is over. `idle` and `expired`: ended here (after `endSession`) or by another tab for that
   * reason; `logout`: another tab logged out.
   */
  readonly onEnd: (reason: SessionEndReason | 'logout') => void;
  readonly target?: Window;
}

/**
 * Watches the signed-in session in this tab. Starting counts as activity. Activity in this tab is
 * recorded (throttled) and shared with the other tabs; theirs arrives through the storage event, as does
 * the token's removal when another tab ends the session. While the warning shows, only `stayActive`
 * (or another tab's activity) keeps the session.
 */
export function watchIdleSession({ timings, onChange, onEnd, target = window }: IdleWatchOptions): IdleWatch {
  let lastActivity = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown: IdleState = { kind: 'active' };
  let stopped = false;

  const show = (state: IdleState) => {
    const same =
      state.kind === shown.kind &&
      (state.kind === 'active' ||
        (shown.kind === 'warning' && Math.ceil(state.remainingMs / 1000) === Math.ceil(shown.remainingMs / 1000)));
    shown = state;
    if (!same) onChange(state);
  };

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, { capture: true });
    target.removeEventListener('storage', onStorage);
    target.document.removeEventListener('visibilitychange', check);
  };

  const finish = (reason: SessionEndReason | 'logout') => {
    if (stopped) return;
    stop();
    onEnd(reason);
  };

  const end = (reason: SessionEndReason) => {
    // Already over (a logout in this tab): a call refused for want of the token is not an expiry.
    if (stopped || !session.isSignedIn()) return;
    endSession(reason);
    finish(reason);
  };

  function check() {
    if (stopped) return;
    clearTimeout(timer);
    const now = Date.now();
    const phase = idlePhase({ now, lastActivity, expiresAt: tokenExpiresAt(session.token()) }, timings);
    if (phase.kind === 'ended') {
      end(phase.reason);
      return;
    }
    show(phase.kind === 'active' ? { kind: 'active' } : { kind: 'warning', remainingMs: phase.remainingMs });
    timer = setTimeout(check, Math.min(Math.max(phase.nextCheckAt - now, 0), MAX_TIMER_MS));
  }

  const record = (at: number) => {
    // A tab whose timer ran late (asleep, or throttled in the background) is over already: activity
    // then does not bring the session back.
    if (idlePhase({ now: at, lastActivity, expiresAt: undefined }, timings).kind === 'ended') {
      check();
      return;
    }
    lastActivity = at;
    lastActivityStore.set(String(at));
    check();
  };

  function onActivity() {
    // Signed out in this tab (a logout on its way to the landing page): nothing to keep alive or to store.
    if (!session.isSignedIn()) return;
    const now = Date.now();
    if (shown.kind === 'warning' || now - lastActivity < ACTIVITY_THROTTLE_MS) return;
    record(now);
  }

  function onStorage(event: StorageEvent) {
    if (event.key === LAST_ACTIVITY_KEY) {
      const at = Number(event.newValue);
      // Another tab's clock is this one's; a time in the future would keep the session forever.
      if (event.newValue !== null && Number.isFinite(at))
        lastActivity = Math.max(lastActivity, Math.min(at, Date.now()));
      check();
    } else if (event.key === STORAGE_KEYS.token || event.key === null) {
      if (!session.isSignedIn()) finish(sharedEndReason() ?? 'logout');
      else check(); // another token: its own expiry
    }
  }

  sessionEndStore.remove();
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, { capture: true, passive: true });
  target.addEventListener('storage', onStorage);
  // Timers of hidden or sleeping tabs run late: look again when the tab is back.
  target.document.addEventListener('visibilitychange', check);
  record(lastActivity);

  return {
    stayActive: () => {
      if (!stopped) record(Date.now());
    },
    end,
    stop,
  };
}
