/** Where the browser has no `requestIdleCallback`, tasks for later run this long after being asked for. */
export const IDLE_FALLBACK_MS = 200;

/** Runs `task` when the browser is idle (within 3 s at the latest): for code no page needs to paint. */
export function whenIdle(task: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, IDLE_FALLBACK_MS);
}

/** Resolves in a task at least `ms` from now. */
export const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** Resolves in a later task, so that work done in steps gives the browser the main thread in between. */
export const nextTask = () => wait(0);

/** What a user does first on a page that starts an action: a key, a touch, a click. */
const INTENT_EVENTS = ['keydown', 'pointerdown', 'touchstart'] as const;

/**
 * Runs `task` once, at the user's first key, touch or click anywhere on the page: for code that only an
 * action of theirs needs, which is then fetched while they type or while the click ends (decision 0019).
 */
export function onFirstIntent(task: () => void) {
  const listening = new AbortController();
  const run = () => {
    listening.abort();
    task();
  };
  for (const type of INTENT_EVENTS) {
    window.addEventListener(type, run, { capture: true, passive: true, signal: listening.signal });
  }
}
