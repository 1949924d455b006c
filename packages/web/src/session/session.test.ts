import { describe, expect, it } from 'vitest';
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

  it('signing in forgets the temporary token, the KYC state and the logged-out notice', () => {
    session.logout();
    session.setTempToken('kyc');
    session.setAccountVerification('Declined');
    session.setNotVerified(true);
    session.signIn('jwt');
    expect(session.tempToken()).toBeUndefined();
    expect(session.accountVerification()).toBeUndefined();
    expect(session.isNotVerified()).toBe(false);
    expect(session.isLoggedOut()).toBe(false);
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

  it('treats an empty stored token as none', () => {
    window.localStorage.setItem('baUid', '');
    expect(session.isSignedIn()).toBe(false);
  });
});
