/**
 * The PIN creation screens' state and guards, apart from their UI: the route guards (part of the app's
 * route tree, loaded with every page) use them, and the screens' look loads with the screens.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { storedValue } from '@/lib/browser-storage';
import { pinQuery } from './queries';

export const PIN_LENGTH = 4;

const kept = storedValue('sessionStorage', 'baPinDraft');

/** The first entry of the new PIN, between the two screens. */
export const pinDraft = {
  get(): string | undefined {
    const value = kept.get();
    return value !== undefined && /^\d{4}$/u.test(value) ? value : undefined;
  },
  set(pin: string) {
    kept.set(pin);
  },
  clear() {
    kept.remove();
  },
};

/** A user who already has a PIN changes it in Settings instead. */
export async function redirectIfPinExists(queryClient: QueryClient) {
  const { haspin } = await queryClient.query(pinQuery);
  if (haspin) throw redirect({ to: '/dashboard/settings', replace: true });
}
