/**
 * The PIN creation screens' state, apart from their UI: the route guard (part of the app's route tree,
 * loaded with every page) reads it, so it holds nothing that only the screens need (their loader check is
 * `pin-checks.ts`, their look `pin-creation.tsx`; both load with the screens).
 */
import { storedValue } from '@/session/browser-storage';

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
