/**
 * Which bank the admin area acts on: the mock server's default bank, or a sandbox staff chose with
 * "Act on this one" in the Sandboxes section. The choice is kept in this tab's session storage, so a reload
 * keeps it and another tab starts on the default bank; signing in or out forgets it with the rest of the
 * portal's storage. Only the admin area imports this module.
 */
import { SANDBOX_COOKIE } from '@ebank/contract';
import { useSyncExternalStore } from 'react';
import { storedValue } from '@/session/browser-storage';

/** What the admin area acts on, and the sandbox it fell back from, if one went away under it. */
export interface AdminBank {
  /** The chosen sandbox; undefined for the default bank. */
  readonly sandbox: string | undefined;
  /** A sandbox that was chosen but is gone (removed, or idle too long), so the default bank is back. */
  readonly gone: string | undefined;
  /** The sandbox staff deleted while acting on it, so the default bank is back as they asked. */
  readonly deleted: string | undefined;
  /** How many times this page took the browser out of its cookie's sandbox: each time, another bank. */
  readonly left: number;
}

const kept = storedValue('sessionStorage', 'baAdminSandbox');
const listeners = new Set<() => void>();
/** Said once the default bank is back after a sandbox went away; in memory only, for this page. */
let gone: string | undefined;
/** Said once the default bank is back after staff deleted the sandbox they acted on; for this page. */
let deleted: string | undefined;
/** Counts the times the browser left its cookie's sandbox (`leaveBrowserSandbox`), for this page. */
let left = 0;
/** The last snapshot given to React: the same object while nothing changed, as useSyncExternalStore needs. */
let last: AdminBank = { sandbox: undefined, gone: undefined, deleted: undefined, left };

function chosen(): string | undefined {
  const name = kept.get();
  return name === undefined || name === '' ? undefined : name;
}

function snapshot(): AdminBank {
  const sandbox = chosen();
  if (sandbox !== last.sandbox || gone !== last.gone || deleted !== last.deleted || left !== last.left)
    last = { sandbox, gone, deleted, left };
  return last;
}

function changed() {
  for (const listener of listeners) listener();
}

export const adminSandbox = {
  /** The sandbox the admin area acts on, read at every staff call; undefined for the default bank. */
  get: chosen,
  /** Acts on this sandbox from now on, or on the default bank (undefined). */
  choose(name: string | undefined) {
    if (name === undefined) kept.remove();
    else kept.set(name);
    gone = undefined;
    deleted = undefined;
    changed();
  },
  /** Staff deleted this sandbox: if it was the chosen one, back to the default bank, saying so plainly. */
  deletedOne(name: string) {
    if (chosen() !== name) return;
    kept.remove();
    gone = undefined;
    deleted = name;
    changed();
  },
  /**
   * Takes this browser out of the sandbox the server's cookie keeps it in (one opened by its link; the
   * cookie is readable by design, decision 0043), so that the admin area acts on the default bank; with
   * `deletedName`, because staff deleted that sandbox, which is said as {@link deletedOne} says it.
   */
  leaveBrowserSandbox(deletedName?: string) {
    document.cookie = `${SANDBOX_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    gone = undefined;
    deleted = deletedName;
    left += 1;
    changed();
  },
  /** The chosen sandbox is gone: back to the default bank, saying which sandbox went. */
  lost(name: string) {
    if (chosen() === name) kept.remove();
    gone = name;
    deleted = undefined;
    changed();
  },
  subscribe,
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The bank the admin area acts on, re-rendering when the choice changes. */
export function useAdminBank(): AdminBank {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
