/**
 * Where the transfer between its screens is kept: one session storage key. Read as it is (no parsing) by
 * the route guards, which load with every page; `transfer-draft.ts` reads and checks what it holds.
 */
import { storedValue } from '@/session/browser-storage';

export const TRANSFER_STORAGE_KEY = 'baTransfer';

export const keptTransfer = storedValue('sessionStorage', TRANSFER_STORAGE_KEY);
