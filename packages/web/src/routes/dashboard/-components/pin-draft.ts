/**
 * The PIN creation screens' state, apart from their UI: the route guard (part of the app's route tree,
 * loaded with every page) reads it, so it holds nothing that only the screens need (their loader check is
 * `pin-checks.ts`, their look `pin-creation.tsx`; both load with the screens).
 */
import { pageValue } from '@/session/browser-storage';

export const PIN_LENGTH = 4;

const kept = pageValue('pinDraft');

/**
 * The first entry of the new PIN, between the two screens: in the page's memory only, never in the browser's
 * storage, and forgotten with the session (`forgetPortalStorage`). A reload of the second screen finds none
 * and goes back to the first, where the customer enters the PIN again.
 */
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
