import { describe, expect, it } from 'vitest';
import { pageValue, PORTAL_KEYS } from './browser-storage';
import { LAST_ACTIVITY_KEY, SESSION_END_KEY } from './idle-session';
import { session, STORAGE_KEYS } from './session';

describe('the session', () => {
  it("keeps the user token under 'baUid'", () => {
    expect(STORAGE_KEYS.token).toBe('baUid');
    session.signIn('jwt');
    expect(window.localStorage.getItem('baUid')).toBe('jwt');
    expect(session.token()).toBe('jwt');
    expect(session.isSignedIn()).toBe(true);
  });

  it('uses one distinct local storage key per item', () => {
    const keys = Object.values(STORAGE_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('signing in forgets the temporary token, the KYC state, the address being verified and the logged-out notice', () => {
    session.logout();
    session.setTempToken('kyc');
    session.setAccountVerification('Declined');
    session.setNotVerified(true);
    session.setEmail('earlier@bank.test');
    session.signIn('jwt');
    expect(session.email()).toBeUndefined();
    expect(session.tempToken()).toBeUndefined();
    expect(session.accountVerification()).toBeUndefined();
    expect(session.isNotVerified()).toBe(false);
    expect(session.isLoggedOut()).toBe(false);
  });

  it('signing a customer in ends a staff sign-in of the browser', () => {
    session.signInAsAdmin('admin-jwt');
    session.signIn('jwt');
    expect(session.isAdmin()).toBe(false);
    expect(session.token()).toBe('jwt');
  });

  it('logout clears token, account-verification flag, e-mail, not-verified and close flags, temporary token; sets logged-out', () => {
    session.signIn('jwt');
    session.setTempToken('kyc');
    session.setAccountVerification('Pending Verification');
    session.setEmail('ada@bank.test');
    session.setNotVerified(true);
    session.setClosed(true);
    session.logout();
    expect(session.token()).toBeUndefined();
    expect(session.tempToken()).toBeUndefined();
    expect(session.accountVerification()).toBeUndefined();
    expect(session.email()).toBeUndefined();
    expect(session.isNotVerified()).toBe(false);
    expect(session.isClosed()).toBe(false);
    expect(session.isLoggedOut()).toBe(true);
    expect(Object.keys(window.localStorage)).toEqual([STORAGE_KEYS.loggedOut]);
  });

  it('logout also forgets what the tab carries between screens and the idle watch: the first PIN entry, the transfer', () => {
    session.signIn('jwt');
    pageValue('pinDraft').set('4321');
    window.sessionStorage.setItem('baTransfer', '{"fields":{"amount":"100"}}');
    window.localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    window.localStorage.setItem(SESSION_END_KEY, 'idle');
    session.logout();
    expect(Object.keys(window.sessionStorage)).toEqual([]);
    expect(pageValue('pinDraft').get()).toBeUndefined();
    expect(Object.keys(window.localStorage)).toEqual([STORAGE_KEYS.loggedOut]);
  });

  it('logout leaves no portal key but the logged-out flag, and keeps what it is told to keep', () => {
    for (const key of PORTAL_KEYS.localStorage) window.localStorage.setItem(key, 'x');
    for (const key of PORTAL_KEYS.sessionStorage) window.sessionStorage.setItem(key, 'x');
    window.localStorage.setItem(SESSION_END_KEY, 'expired');
    session.logout([SESSION_END_KEY]);
    expect(Object.keys(window.localStorage).sort()).toEqual([STORAGE_KEYS.loggedOut, SESSION_END_KEY].sort());
    expect(window.localStorage.getItem(SESSION_END_KEY)).toBe('expired');
    expect(window.sessionStorage.length).toBe(0);
  });

  it('every session key is one the browser storage knows, so logout clears it', () => {
    for (const key of Object.values(STORAGE_KEYS)) expect(PORTAL_KEYS.localStorage).toContain(key);
  });

  it('treats an empty stored token as none', () => {
    window.localStorage.setItem('baUid', '');
    expect(session.isSignedIn()).toBe(false);
  });
});
