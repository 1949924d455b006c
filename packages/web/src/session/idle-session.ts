/**
 * The end of a signed-in session in the browser (OWASP ASVS 5.0 V7.3.1 inactivity timeout, V7.3.2
 * maximum lifetime as the token's `exp`): after a configurable idle time, with a warning before it, and
 * when the token expires. The bank still decides whether a token is valid; this ends the screen's session
 * in time and clears it. The idle time is react-idle-timer's (`useIdleTimer`, its warning
 * `promptBeforeIdle` the end); around it: the reading of the configured timeout, the token's expiry, and
 * the other tabs of the origin, which share their activity and the session's end through local storage.
 *
 * Shared between tabs in local storage, beside the session (`session.ts`):
 * - `baLastActivity`: when the user last did something in any tab (ms since the epoch), written at most
 *   every 5 s; each write starts the idle time again in the other tabs, so an active tab keeps them alive;
 * - `baSessionEnd`: why the last session ended (`idle` or `expired`), written just before the token is
 *   removed, so the other tabs that see the token go can tell the user the same thing.
 *
 * The tabs do not use the library's own cross-tab mode: it ends a session only once every tab it has
 * heard of agrees, and a tab that went away without saying so (a crash, a phone closing it) would keep
 * the others from ever warning or ending (decision 0036).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIdleTimer, type EventsType, type IIdleTimer, type ITimers } from 'react-idle-timer';
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
/** Activity is shared with the other tabs at most this often (pointer moves fire many events a second). */
export const ACTIVITY_THROTTLE_MS = 5_000;
/** What counts as the user doing something in this tab (a tab coming back into view does not). */
const ACTIVITY_EVENTS: EventsType[] = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'];
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

/** What the session's screen shows: nothing, or the warning with the time left. */
export type IdleState = { readonly kind: 'active' } | { readonly kind: 'warning'; readonly remainingMs: number };

/**
 * The timers the idle timer runs on, looked up at each call: the library's own are bound when it loads, so
 * a clock the page puts in place later (a test's, say) would not drive them.
 */
const pageTimers: ITimers = {
  setTimeout: (handler, ms) => window.setTimeout(handler, ms),
  clearTimeout: (id) => {
    window.clearTimeout(id);
  },
  setInterval: (handler, ms) => window.setInterval(handler, ms),
  clearInterval: (id) => {
    window.clearInterval(id);
  },
};

export interface IdleSessionOptions {
  readonly timings: IdleTimings;
  /**
   * The session is over. `idle` and `expired`: ended here (after `endSession`) or by another tab for that
   * reason; `logout`: another tab logged out. Called once.
   */
  readonly onEnd: (reason: SessionEndReason | 'logout') => void;
}

export interface IdleSession {
  readonly state: IdleState;
  /** The user chose to stay: the idle time starts again, in every tab. */
  readonly stayActive: () => void;
  /** Ends the session now, for a reason found elsewhere (a rejected token); nothing once it is over. */
  readonly end: (reason: SessionEndReason) => void;
}

/**
 * Watches the signed-in session in this tab while mounted. Starting counts as activity. Activity in this
 * tab puts the end off and is shared with the other tabs (at most every 5 s); theirs arrives through the
 * storage event, as does the token's removal when another tab ends the session. While the warning shows,
 * only `stayActive` (or another tab's activity) keeps the session. A tab whose timer ran late (asleep, or
 * throttled in the background) is over already: activity then ends it rather than bringing it back.
 */
export function useIdleSession({ timings, onEnd }: IdleSessionOptions): IdleSession {
  const [state, setState] = useState<IdleState>({ kind: 'active' });
  const over = useRef(false);
  const lastShared = useRef(0);
  const timer = useRef<IIdleTimer | undefined>(undefined);
  const reportEnd = useRef(onEnd);
  useEffect(() => {
    reportEnd.current = onEnd;
  }, [onEnd]);

  const finish = useCallback((reason: SessionEndReason | 'logout') => {
    if (over.current) return;
    over.current = true;
    timer.current?.pause();
    setState({ kind: 'active' });
    reportEnd.current(reason);
  }, []);

  const end = useCallback(
    (reason: SessionEndReason) => {
      // Already over (a logout in this tab): a call refused for want of the token is not an expiry.
      if (over.current || !session.isSignedIn()) return;
      endSession(reason);
      finish(reason);
    },
    [finish],
  );

  /** Tells the other tabs of activity here; nothing once signed out (a logout on its way out). */
  const share = useCallback((at: number) => {
    if (over.current || !session.isSignedIn()) return;
    lastShared.current = at;
    lastActivityStore.set(String(at));
  }, []);

  const idleTimer = useIdleTimer({
    timeout: timings.timeoutMs,
    promptBeforeIdle: timings.warningMs,
    events: ACTIVITY_EVENTS,
    stopOnIdle: true,
    timers: pageTimers,
    onPrompt: (_event, current) => {
      setState({ kind: 'warning', remainingMs: current?.getRemainingTime() ?? timings.warningMs });
    },
    onActive: () => {
      setState({ kind: 'active' });
    },
    onIdle: () => {
      end('idle');
    },
    onAction: (_event, current) => {
      const now = Date.now();
      if (now - lastShared.current < ACTIVITY_THROTTLE_MS) return;
      // Not an answer to the warning, nor activity after the end (a timer that ran late): nothing to share.
      if (current === undefined || current.isPrompted() || current.getRemainingTime() <= timings.warningMs) return;
      share(now);
    },
  });
  useEffect(() => {
    timer.current = idleTimer;
  });

  // The warning's countdown, on each whole second of the time left.
  const warning = state.kind === 'warning';
  useEffect(() => {
    if (!warning) return;
    const nextSecond = () => window.setTimeout(tick, (timer.current?.getRemainingTime() ?? 0) % 1000 || 1000);
    let id = nextSecond();
    function tick() {
      const current = timer.current;
      if (current?.isPrompted() !== true) return;
      setState({ kind: 'warning', remainingMs: current.getRemainingTime() });
      id = nextSecond();
    }
    return () => {
      window.clearTimeout(id);
    };
  }, [warning]);

  useEffect(() => {
    let expiry: number | undefined;
    /** Ends the session when the token expires (checked again for a time beyond what a timer holds). */
    const watchExpiry = () => {
      window.clearTimeout(expiry);
      const expiresAt = tokenExpiresAt(session.token());
      if (expiresAt === undefined) return;
      const left = expiresAt - Date.now();
      if (left <= 0) end('expired');
      else expiry = window.setTimeout(watchExpiry, Math.min(left, MAX_TIMER_MS));
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY) {
        // Another tab's activity: the idle time starts again here (its warning goes too).
        if (event.newValue !== null && !over.current) timer.current?.activate();
      } else if (event.key === STORAGE_KEYS.token || event.key === null) {
        if (!session.isSignedIn()) finish(sharedEndReason() ?? 'logout');
        else watchExpiry(); // another token: its own expiry
      }
    };
    // Timers of hidden or sleeping tabs run late: look again when the tab is back.
    const onVisibility = () => {
      watchExpiry();
      if (timer.current?.getRemainingTime() === 0) end('idle');
    };

    sessionEndStore.remove();
    share(Date.now());
    watchExpiry();
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearTimeout(expiry);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [end, finish, share]);

  const stayActive = useCallback(() => {
    if (over.current) return;
    timer.current?.activate();
    share(Date.now());
  }, [share]);

  return { state, stayActive, end };
}
