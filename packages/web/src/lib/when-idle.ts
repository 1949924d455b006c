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
