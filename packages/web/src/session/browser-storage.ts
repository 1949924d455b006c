/**
 * Values kept in the browser's storage, one key each: local storage for the session (`session.ts`) and
 * the idle watch shared between tabs (`idle-session.ts`), session storage for what one tab carries between
 * screens (the transfer draft). Where the browser refuses the storage (some private windows) or it is full,
 * the value lives in memory instead, for as long as the page. A secret is never written to the storage, where
 * any script of the origin reads it: it lives in the page's memory only (`pageValue`).
 *
 * Every key the portal uses is listed here, and `storedValue` and `pageValue` take no other: signing out
 * clears them all (`forgetPortalStorage`), so a value added later cannot outlive the session by being forgotten.
 */
type Area = 'localStorage' | 'sessionStorage';

export const PORTAL_KEYS = {
  localStorage: [
    // session.ts
    'baUid',
    'baKycUid',
    'baStaffUid',
    'baAccountVerification',
    'baEmail',
    'baNotVerified',
    'baClose',
    'baLoggedOut',
    // idle-session.ts
    'baLastActivity',
    'baSessionEnd',
  ],
  sessionStorage: [
    // dashboard/send/-components/transfer.ts: the transfer between its screens
    'baTransfer',
    // api/admin-sandbox.ts: the sandbox the admin area acts on
    'baAdminSandbox',
  ],
} as const satisfies Record<Area, readonly string[]>;

/** What the portal keeps in the page's memory only: gone with a reload, a closed tab, or a logout. */
export const PAGE_KEYS = [
  // dashboard/-components/pin-draft.ts: the first entry of a new PIN
  'pinDraft',
] as const;

/** A key the portal keeps in that storage. */
export type PortalKey<A extends Area> = (typeof PORTAL_KEYS)[A][number];

/** A key the portal keeps in the page's memory only. */
export type PageKey = (typeof PAGE_KEYS)[number];

const memory = new Map<string, string>();
const pageMemory = new Map<PageKey, string>();

function open(area: Area, key: string): Storage | undefined {
  try {
    const store = window[area];
    store.getItem(key);
    return store;
  } catch {
    return undefined;
  }
}

export function storedValue<A extends Area>(area: A, key: PortalKey<A>) {
  const id = `${area}:${key}`;
  return {
    get(): string | undefined {
      return open(area, key)?.getItem(key) ?? memory.get(id);
    },
    set(value: string) {
      const store = open(area, key);
      try {
        if (store !== undefined) {
          store.setItem(key, value);
          memory.delete(id);
          return;
        }
      } catch {
        // full or read-only: keep it in memory instead
      }
      memory.set(id, value);
    },
    remove() {
      memory.delete(id);
      open(area, key)?.removeItem(key);
    },
  };
}

/** A value kept in the page's memory only, never in the browser's storage. */
export function pageValue(key: PageKey) {
  return {
    get: (): string | undefined => pageMemory.get(key),
    set(value: string) {
      pageMemory.set(key, value);
    },
    remove() {
      pageMemory.delete(key);
    },
  };
}

/**
 * Forgets every value the portal keeps in this tab, in both storages and in the page's memory, except the
 * local storage keys in `keep`. Other values of the origin stay.
 */
export function forgetPortalStorage(keep: readonly PortalKey<'localStorage'>[] = []) {
  for (const key of PORTAL_KEYS.localStorage) if (!keep.includes(key)) storedValue('localStorage', key).remove();
  for (const key of PORTAL_KEYS.sessionStorage) storedValue('sessionStorage', key).remove();
  pageMemory.clear();
}
