import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in markup the build prerendered (decision 0019) and while React takes that markup over (hydrates it),
 * true once the client has the page, and from the start on a page the client renders itself.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
