/**
 * The browser session, all of it kept in local storage under the keys below (each one
 * also listed in `browser-storage.ts`, which a key must be to be stored at all).
 */
import { forgetPortalStorage, storedValue, type PortalKey } from './browser-storage';

export const STORAGE_KEYS = {
  /** The user token, set after a successful login. The spec's name. */
  token: 'baUid',
  /** The temporary token of a user who is not KYC-approved yet: it opens only the KYC submission. */
  tempToken: 'baKycUid',
  /** A signed-in admin's token: it opens the admin area (the bank's staff API), and no customer's data. */
  adminToken: 'baStaffUid',
  /** The account's verification status while KYC is outstanding ('Not Verified', 'Declined', ...). */
  accountVerification: 'baAccountVerification',
  /** The e-mail address of the account being verified. */
  email: 'baEmail',
  /** Set when the login found the e-mail address not verified yet. */
  notVerified: 'baNotVerified',
  /** Set on the first visit of the under-review notice; the next visit closes it to the landing page. */
  close: 'baClose',
  /** Set on logout; the landing page then says 'Logged out !'. */
  loggedOut: 'baLoggedOut',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const FLAG = '1';

const read = (key: StorageKey) => storedValue('localStorage', key).get();
const write = (key: StorageKey, value: string) => {
  storedValue('localStorage', key).set(value);
};
const remove = (key: StorageKey) => {
  storedValue('localStorage', key).remove();
};

const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

export const session = {
  /** The user token, if signed in. */
  token: () => nonEmpty(read(STORAGE_KEYS.token)),
  isSignedIn: () => nonEmpty(read(STORAGE_KEYS.token)) !== undefined,
  /**
   * Signs in: stores the user token and forgets the KYC-time state (the address being verified too), the
   * logged-out notice and any staff sign-in of this browser (one person at a time: a customer never
   * inherits the admin area).
   */
  signIn(token: string) {
    write(STORAGE_KEYS.token, token);
    remove(STORAGE_KEYS.adminToken);
    remove(STORAGE_KEYS.tempToken);
    remove(STORAGE_KEYS.accountVerification);
    remove(STORAGE_KEYS.email);
    remove(STORAGE_KEYS.notVerified);
    remove(STORAGE_KEYS.loggedOut);
  },

  /** An admin's token, if an admin is signed in. */
  adminToken: () => nonEmpty(read(STORAGE_KEYS.adminToken)),
  isAdmin: () => nonEmpty(read(STORAGE_KEYS.adminToken)) !== undefined,
  /** Signs an admin in: their token, and no customer's session beside it. */
  signInAsAdmin(token: string) {
    forgetPortalStorage();
    write(STORAGE_KEYS.adminToken, token);
  },
  /** Ends a staff sign-in of this browser, when a customer signs in on it (to verify, for KYC, or fully). */
  forgetAdmin() {
    remove(STORAGE_KEYS.adminToken);
  },

  tempToken: () => nonEmpty(read(STORAGE_KEYS.tempToken)),
  setTempToken: (token: string) => {
    write(STORAGE_KEYS.tempToken, token);
  },
  clearTempToken: () => {
    remove(STORAGE_KEYS.tempToken);
  },

  accountVerification: () => nonEmpty(read(STORAGE_KEYS.accountVerification)),
  setAccountVerification: (status: string) => {
    write(STORAGE_KEYS.accountVerification, status);
  },

  email: () => nonEmpty(read(STORAGE_KEYS.email)),
  setEmail: (email: string) => {
    write(STORAGE_KEYS.email, email);
  },

  isNotVerified: () => read(STORAGE_KEYS.notVerified) === FLAG,
  setNotVerified(notVerified: boolean) {
    if (notVerified) write(STORAGE_KEYS.notVerified, FLAG);
    else remove(STORAGE_KEYS.notVerified);
  },

  isClosed: () => read(STORAGE_KEYS.close) === FLAG,
  setClosed(closed: boolean) {
    if (closed) write(STORAGE_KEYS.close, FLAG);
    else remove(STORAGE_KEYS.close);
  },

  isLoggedOut: () => read(STORAGE_KEYS.loggedOut) === FLAG,

  /**
   * Clears the token, the account-verification flag, the e-mail, the not-verified flag
   * and the close flag (and the temporary token), and sets the logged-out flag. Everything else the
   * portal keeps in this tab goes too (`forgetPortalStorage`): the transfer draft, the first entry of a
   * new PIN, the idle watch's keys; but the local storage keys in `keep`, which the caller has just
   * written for the other tabs (why the session ended).
   */
  logout(keep: readonly PortalKey<'localStorage'>[] = []) {
    forgetPortalStorage(keep);
    write(STORAGE_KEYS.loggedOut, FLAG);
  },
};
