/**
 * Search-param validators for route options. Route options load with the app's first chunk, so these
 * are plain functions rather than schemas: a page's first paint never waits for a validation library.
 */

/** Keeps the named parameters that are strings and drops everything else. */
export function optionalStrings<const K extends string>(...keys: readonly K[]) {
  return (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const kept: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === 'string') kept[key] = value;
    }
    return kept;
  };
}
