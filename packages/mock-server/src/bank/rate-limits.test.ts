import { describe, expect, it } from 'vitest';
import { DEFAULT_BANK_CONFIG } from './config';
import { seededTestBank } from './test-bank';

describe('the limits on login step 1 (the e-mail lookup)', () => {
  it('refuse a lookup over the limit per looked-up address, count nothing, and say how long to wait', async () => {
    const { bank, advance } = await seededTestBank({
      lookupLimits: { perClient: { max: null, windowSeconds: 60 }, perEmail: { max: 2, windowSeconds: 60 } },
    });
    expect(bank.admitLookup('1.2.3.4', 'demo@bank.test')).toBeUndefined();
    advance(10_000);
    expect(bank.admitLookup('5.6.7.8', ' DEMO@bank.test ')).toBeUndefined();
    expect(bank.admitLookup('1.2.3.4', 'demo@bank.test')).toEqual({
      retryAfterSeconds: 50,
      message: 'Too many sign-in attempts for this e-mail address. Please wait 50 seconds and try again.',
    });
    expect(bank.admitLookup('1.2.3.4', 'other@bank.test')).toBeUndefined();
    advance(50_000);
    expect(bank.admitLookup('1.2.3.4', 'demo@bank.test')).toBeUndefined();
  });

  it('refuse a lookup over the limit per client address, whichever address it looks up', async () => {
    const { bank, advance } = await seededTestBank({
      lookupLimits: { perClient: { max: 1, windowSeconds: 30 }, perEmail: { max: null, windowSeconds: 60 } },
    });
    expect(bank.admitLookup('1.2.3.4', 'a@bank.test')).toBeUndefined();
    advance(29_000);
    expect(bank.admitLookup('1.2.3.4', 'b@bank.test')).toEqual({
      retryAfterSeconds: 1,
      message: 'Too many sign-in attempts from your network. Please wait 1 second and try again.',
    });
    expect(bank.admitLookup('9.9.9.9', 'b@bank.test')).toBeUndefined();
  });
});

describe('the limits on the other calls no token opens', () => {
  it('by default: sign-in 10 a minute, e-mails 5 per address in 15 minutes, sign-ups 20 per client in 10', () => {
    expect(DEFAULT_BANK_CONFIG.signInLimits).toEqual({
      perClient: { max: 10, windowSeconds: 60 },
      perEmail: { max: 10, windowSeconds: 60 },
    });
    expect(DEFAULT_BANK_CONFIG.mailLimits).toEqual({
      perClient: { max: 20, windowSeconds: 900 },
      perEmail: { max: 5, windowSeconds: 900 },
    });
    expect(DEFAULT_BANK_CONFIG.signUpLimits).toEqual({
      perClient: { max: 20, windowSeconds: 600 },
      perEmail: { max: null, windowSeconds: 600 },
    });
  });

  it('count each kind of call on its own, with its own limits and its own words', async () => {
    const { bank, advance } = await seededTestBank();
    for (let i = 0; i < 10; i += 1) expect(bank.admit('signIn', '1.2.3.4', 'demo@bank.test')).toBeUndefined();
    expect(bank.admit('signIn', '5.6.7.8', 'demo@bank.test')).toEqual({
      retryAfterSeconds: 60,
      message: 'Too many sign-in attempts for this e-mail address. Please wait 60 seconds and try again.',
    });
    // The lookup and the e-mails keep their own counts.
    expect(bank.admitLookup('1.2.3.4', 'demo@bank.test')).toBeUndefined();
    for (let i = 0; i < 5; i += 1) expect(bank.admit('mail', '1.2.3.4', 'demo@bank.test')).toBeUndefined();
    advance(60_000);
    expect(bank.admit('signIn', '1.2.3.4', 'demo@bank.test')).toBeUndefined();
    expect(bank.admit('mail', '9.9.9.9', 'Demo@Bank.test')).toEqual({
      retryAfterSeconds: 840,
      message: 'Too many e-mails requested for this e-mail address. Please wait 14 minutes and try again.',
    });
    expect(bank.admit('mail', '1.2.3.4', 'nopin@bank.test')).toBeUndefined();
    advance(840_000);
    expect(bank.admit('mail', '9.9.9.9', 'demo@bank.test')).toBeUndefined();
  });

  it('count sign-ups per client only', async () => {
    const { bank } = await seededTestBank();
    for (let i = 0; i < 20; i += 1) expect(bank.admit('signUp', '1.2.3.4', 'same@example.test')).toBeUndefined();
    expect(bank.admit('signUp', '1.2.3.4', `other@example.test`)).toEqual({
      retryAfterSeconds: 600,
      message: 'Too many sign-ups from your network. Please wait 10 minutes and try again.',
    });
    expect(bank.admit('signUp', '5.6.7.8', 'same@example.test')).toBeUndefined();
  });
});
