import { isApiError } from '@ebank/contract/errors';
import { useCallback, useRef, useState } from 'react';

/**
 * One action of a screen at a time (sending a form, asking for a code again, uploading a picture): while
 * one runs, starting it again does nothing, so a double click, a second click or Enter pressed twice
 * sends one request. The hold is taken in the event itself, before React renders: a disabled button
 * comes only with the next render, and a double click with no gap fires both clicks before it.
 * `pending` is true while the action runs, for its button (`<Button pending>`).
 *
 * A call the bank refused, or that got no reply, has had its toast from the query client
 * (`api/query-client.ts`): its rejection ends the action and nothing more. Any other error is not
 * swallowed.
 */
export function useOneAtATime() {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback((action: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    // Runs `action` at once (up to its first await), so it still acts within the event.
    void (async () => {
      try {
        await action();
      } catch (error) {
        if (!isApiError(error)) throw error;
      } finally {
        running.current = false;
        setPending(false);
      }
    })();
  }, []);
  return { run, pending };
}
