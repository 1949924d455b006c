import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTH_REDIRECT_MS } from './timings';

/** A scheduled action: when it was asked for and when it runs (`Date.now()` milliseconds). */
export interface PendingAction {
  readonly startedAt: number;
  readonly runsAt: number;
}

/**
 * Runs an action after a delay (the spec's "then ... after 5 s"), and cancels it if the screen goes
 * away first. `waiting` is true in between, so the screen can keep its buttons disabled; `pending` says
 * when the action runs, for a countdown.
 *
 * `skip()` stops the timer when the screen moves on by itself (a "go now" link to the same place): the
 * action then never runs, so nothing happens twice, and the screen stays waiting until it is left.
 */
export function useAfterDelay() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [pending, setPending] = useState<PendingAction | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const schedule = useCallback((action: () => void, ms: number = AUTH_REDIRECT_MS) => {
    clearTimeout(timer.current);
    const startedAt = Date.now();
    setPending({ startedAt, runsAt: startedAt + ms });
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setPending(undefined);
      action();
    }, ms);
  }, []);

  const skip = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  return { schedule, skip, waiting: pending !== undefined, pending };
}
