import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatCountdown,
  idleTimeoutMinutes,
  idleTimings,
  LAST_ACTIVITY_KEY,
  SESSION_END_KEY,
  tokenExpiresAt,
  useIdleSession,
} from './idle-session';
import { pageValue } from './browser-storage';
import { session } from './session';
import { validateSessionEndSearch } from './session-end-reason';

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/gu, '-')
    .replace(/\//gu, '_')
    .replace(/=+$/u, '');

/** A token shaped like the mock bank's (HS256, JWT-like); the signature is never checked here. */
const jwt = (claims: Record<string, unknown>) =>
  `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;

describe('the idle timeout from VITE_IDLE_TIMEOUT_MINUTES', () => {
  it('is 5 minutes when unset or empty', () => {
    expect(idleTimeoutMinutes(undefined)).toBe(5);
    expect(idleTimeoutMinutes('')).toBe(5);
    expect(idleTimeoutMinutes('  ')).toBe(5);
  });

  it('takes a number of minutes from 1 to 60, decimals included', () => {
    expect(idleTimeoutMinutes('1')).toBe(1);
    expect(idleTimeoutMinutes(' 15 ')).toBe(15);
    expect(idleTimeoutMinutes('1.5')).toBe(1.5);
    expect(idleTimeoutMinutes('60')).toBe(60);
  });

  it.each(['0', '0.5', '61', '-5', 'abc', '5m', '1e1', 'Infinity', '0x10', '5,5'])(
    'refuses %j, naming the variable, and keeps the 5-minute default',
    (raw) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      expect(idleTimeoutMinutes(raw)).toBe(5);
      expect(error).toHaveBeenCalledWith(expect.stringContaining('VITE_IDLE_TIMEOUT_MINUTES'));
    },
  );
});

describe('the timings', () => {
  it('warn 60 s before the end', () => {
    expect(idleTimings(5)).toEqual({ timeoutMs: 300_000, warningMs: 60_000 });
    expect(idleTimings(2)).toEqual({ timeoutMs: 120_000, warningMs: 60_000 });
  });

  it('warn at the half when the timeout is under 2 minutes', () => {
    expect(idleTimings(1)).toEqual({ timeoutMs: 60_000, warningMs: 30_000 });
    expect(idleTimings(1.5)).toEqual({ timeoutMs: 90_000, warningMs: 45_000 });
  });
});

describe('the countdown text', () => {
  it('shows whole seconds, rounded up, as m:ss', () => {
    expect(formatCountdown(60_000)).toBe('1:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(59_000)).toBe('0:59');
    expect(formatCountdown(9_000)).toBe('0:09');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
  });
});

describe("a token's expiry", () => {
  it('comes from the exp claim of a JWT-like token, in milliseconds', () => {
    expect(tokenExpiresAt(jwt({ sub: 'u1', exp: 1_900_000_000 }))).toBe(1_900_000_000_000);
  });

  it('reads base64url payloads, non-ASCII claims included', () => {
    // '?' and '>' encode to '_' and '-' in base64url.
    expect(tokenExpiresAt(jwt({ name: 'Zoë ??>>', exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
  });

  it.each([
    ['no token', undefined],
    ['an opaque token', 'a3f9c2e1d4b5'],
    ['two parts', 'abc.def'],
    ['a payload that is not base64', 'x.!!!.y'],
    ['a payload that is not JSON', `x.${base64url('not json')}.y`],
    ['no exp', jwt({ sub: 'u1' })],
    ['an exp that is not a number', jwt({ exp: '1900000000' })],
    ['a payload that is an array', `x.${base64url('[1]')}.y`],
  ])('is unknown for %s', (_, token) => {
    expect(tokenExpiresAt(token)).toBeUndefined();
  });
});

describe("the login page's search", () => {
  it('keeps a known reason and drops anything else', () => {
    expect(validateSessionEndSearch({ ended: 'idle' })).toEqual({ ended: 'idle' });
    expect(validateSessionEndSearch({ ended: 'expired' })).toEqual({ ended: 'expired' });
    expect(validateSessionEndSearch({ ended: 'hacked' })).toEqual({});
    expect(validateSessionEndSearch({})).toEqual({});
  });
});

describe('the idle session', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function watch(minutes = 5) {
    vi.useFakeTimers({ now: 1_000_000 });
    session.signIn('opaque-token');
    const ends: string[] = [];
    const hook = renderHook(() =>
      useIdleSession({
        timings: idleTimings(minutes),
        onEnd: (reason) => ends.push(reason),
      }),
    );
    return { hook, ends };
  }

  /** Time passes with nobody at the keyboard. */
  const idleFor = (ms: number) => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };
  const activity = (type: string) => {
    act(() => {
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
    });
  };
  const otherTabActivity = (at: number) => {
    act(() => {
      window.localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
      window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY, newValue: String(at) }));
    });
  };

  it('shares the start of the session with the other tabs as activity', () => {
    watch();
    expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBe('1000000');
  });

  it("counts another tab's activity from when it arrives: a time from the future does not keep the session", () => {
    const { hook, ends } = watch();
    idleFor(60_000);
    otherTabActivity(Date.now() + 3_600_000);
    idleFor(240_000);
    expect(hook.result.current.state).toEqual({ kind: 'warning', remainingMs: 60_000 });
    idleFor(60_000);
    expect(ends).toEqual(['idle']);
  });

  it('counts down the warning on each whole second; activity is no answer to it, staying is', () => {
    const { hook } = watch();
    idleFor(240_000);
    expect(hook.result.current.state).toEqual({ kind: 'warning', remainingMs: 60_000 });
    activity('keydown');
    idleFor(1_000);
    expect(hook.result.current.state).toEqual({ kind: 'warning', remainingMs: 59_000 });
    act(() => {
      hook.result.current.stayActive();
    });
    expect(hook.result.current.state).toEqual({ kind: 'active' });
  });

  it('shares activity at most every 5 s', () => {
    watch();
    vi.advanceTimersByTime(4_000);
    activity('pointermove');
    expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBe('1000000');
    vi.advanceTimersByTime(1_000);
    activity('pointermove');
    expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBe('1005000');
  });

  it('does not let activity bring back a session whose timer ran late (a sleeping tab)', () => {
    const { hook, ends } = watch();
    vi.setSystemTime(Date.now() + 10 * 60_000); // the clock moved, the timer has not fired yet
    activity('pointerdown');
    expect(ends).toEqual(['idle']);
    expect(session.isSignedIn()).toBe(false);
    act(() => {
      hook.result.current.stayActive();
    });
    expect(ends).toEqual(['idle']);
  });

  it('ends nothing once the session is over in this tab: a call refused for want of the token is no expiry', () => {
    const { hook, ends } = watch();
    session.logout();
    act(() => {
      hook.result.current.end('expired');
    });
    expect(ends).toEqual([]);
    expect(window.localStorage.getItem(SESSION_END_KEY)).toBeNull();
  });

  it('ends an idle session as logout does, the first PIN entry and the transfer too, and keeps only why', () => {
    const { ends } = watch();
    pageValue('pinDraft').set('4321');
    window.sessionStorage.setItem('baTransfer', '{"fields":{"amount":"100"}}');
    idleFor(5 * 60_000);
    expect(ends).toEqual(['idle']);
    expect(window.sessionStorage.length).toBe(0);
    expect(pageValue('pinDraft').get()).toBeUndefined();
    expect(Object.keys(window.localStorage).sort()).toEqual(['baLoggedOut', SESSION_END_KEY].sort());
    expect(window.localStorage.getItem(SESSION_END_KEY)).toBe('idle');
  });

  it('stores no activity once this tab has logged out (on its way to the landing page)', () => {
    watch();
    session.logout();
    vi.advanceTimersByTime(10_000);
    activity('pointerdown');
    expect(window.localStorage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
  });

  it('stops listening and timing when unmounted', () => {
    const { hook, ends } = watch();
    hook.unmount();
    vi.advanceTimersByTime(600_000);
    activity('pointerdown');
    expect(ends).toEqual([]);
    expect(session.isSignedIn()).toBe(true);
  });
});
