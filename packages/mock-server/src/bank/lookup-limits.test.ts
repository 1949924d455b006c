import { describe, expect, it } from 'vitest';
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
