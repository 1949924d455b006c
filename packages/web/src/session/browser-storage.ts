/**
 * Values kept in the browser's storage, one key each: local storage for the session (`session.ts`),
 * session storage for what one tab carries between screens (the transfer draft, the first PIN entry).
 * Where the browser refuses the storage (some private windows) or it is full, the value lives in memory
 * instead, for as long as the page.
 */
type Area = 'localStorage' | 'sessionStorage';

const memory = new Map<string, string>();

function open(area: Area, key: string): Storage | undefined {
  try {
    const store = window[area];
    store.getItem(key);
    return store;
  } catch {
    return undefined;
  }
}

export function storedValue(area: Area, key: string) {
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
