import { describe, expect, it } from 'vitest';
import { MAX_ADVANCE_MINUTES } from './clock';
import { MINUTE, seededTestBank } from './test-bank';

const ENDED = 'Your session has ended. Please log in again.';

describe('tokens', () => {
  it('tokens expire', async () => {
    const { bank, demo, advance } = await seededTestBank();
    const token = bank.issueToken(demo, 'user');
    advance(30 * MINUTE);
    expect(() => bank.authenticate(token, 'user')).toThrow(ENDED);
  });

  it('a token issued while the clock was ahead has ended once the clock goes back', async () => {
    const { bank, demo } = await seededTestBank();
    bank.clock.advance(MAX_ADVANCE_MINUTES);
    const remembered = bank.issueToken(demo, 'user', true);
    const kyc = bank.issueToken(demo, 'kyc');
    expect(bank.authenticate(remembered, 'user')).toBe(demo);
    bank.clock.reset();
    expect(() => bank.authenticate(remembered, 'user')).toThrow(ENDED);
    expect(() => bank.authenticate(kyc, 'kyc')).toThrow(ENDED);
    // Even a minute ahead is after now; a token issued now opens the account as before.
    bank.clock.advance(1);
    const minuteAhead = bank.issueToken(demo, 'user');
    bank.clock.reset();
    expect(() => bank.authenticate(minuteAhead, 'user')).toThrow(ENDED);
    expect(bank.authenticate(bank.issueToken(demo, 'user'), 'user')).toBe(demo);
  });

  it('a token issued before the clock moved forward lives its lifetime, not more, both ways', async () => {
    const { bank, demo } = await seededTestBank();
    const token = bank.issueToken(demo, 'user');
    bank.clock.advance(29);
    expect(bank.authenticate(token, 'user')).toBe(demo);
    bank.clock.reset();
    expect(bank.authenticate(token, 'user')).toBe(demo);
    bank.clock.advance(30);
    expect(() => bank.authenticate(token, 'user')).toThrow(ENDED);
  });
});
