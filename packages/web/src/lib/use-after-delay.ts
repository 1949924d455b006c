import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTH_REDIRECT_MS } from './timings';

/**
 * Runs an action after a delay (the spec's "then ... after 5 s"), and cancels it if the screen goes
 * away first. `waiting` is true in between, so the screen can keep its buttons disabled.
 */
export function useAfterDelay() {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [waiting, setWaiting] = useState(false);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const schedule = useCallback((action: () => void, ms: number = AUTH_REDIRECT_MS) => {
    clearTimeout(timer.current);
    setWaiting(true);
    timer.current = setTimeout(() => {
      setWaiting(false);
      action();
    }, ms);
  }, []);

  return { schedule, waiting };
}
