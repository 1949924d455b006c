import { describe, expect, it } from 'vitest';
import { MAX_ADVANCE_MINUTES } from './clock';
import { MINUTE, seededTestBank } from './test-bank';

const ENDED = 'Your session has ended. Please log in again.';

describe('tokens', () => {
  it('tokens expire', async () => {
    const { bank, demo, advance } = await seededTestBank();
    const token = await bank.issueToken(demo, 'user');
    advance(30 * MINUTE);
    await expect(bank.authenticate(token, 'user')).rejects.toThrow(ENDED);
  });

  it('a token issued while the clock was ahead has ended once the clock goes back', async () => {
    const { bank, demo } = await seededTestBank();
    bank.clock.advance(MAX_ADVANCE_MINUTES);
    const remembered = await bank.issueToken(demo, 'user', true);
    const kyc = await bank.issueToken(demo, 'kyc');
    expect(await bank.authenticate(remembered, 'user')).toBe(demo);
    bank.clock.reset();
    await expect(bank.authenticate(remembered, 'user')).rejects.toThrow(ENDED);
    await expect(bank.authenticate(kyc, 'kyc')).rejects.toThrow(ENDED);
    // Even a minute ahead is after now; a token issued now opens the account as before.
    bank.clock.advance(1);
    const minuteAhead = await bank.issueToken(demo, 'user');
    bank.clock.reset();
    await expect(bank.authenticate(minuteAhead, 'user')).rejects.toThrow(ENDED);
    expect(await bank.authenticate(await bank.issueToken(demo, 'user'), 'user')).toBe(demo);
  });

  it('a token issued before the clock moved forward lives its lifetime, not more, both ways', async () => {
    const { bank, demo } = await seededTestBank();
    const token = await bank.issueToken(demo, 'user');
    bank.clock.advance(29);
    expect(await bank.authenticate(token, 'user')).toBe(demo);
    bank.clock.reset();
    expect(await bank.authenticate(token, 'user')).toBe(demo);
    bank.clock.advance(30);
    await expect(bank.authenticate(token, 'user')).rejects.toThrow(ENDED);
  });

  it("an admin's token lives by real time: staff moving the clock neither end it nor lengthen it", async () => {
    const { bank, advance } = await seededTestBank();
    const admin = bank.findByEmail('admin@bank.test');
    if (!admin) throw new Error('no seeded admin');
    const token = await bank.issueToken(admin, 'admin');
    bank.clock.advance(24 * 60);
    expect(await bank.authenticate(token, 'admin')).toBe(admin);
    bank.clock.reset();
    expect(await bank.authenticate(token, 'admin')).toBe(admin);
    // Issued while the clock is a year ahead, it still ends after its lifetime of real time.
    bank.clock.advance(MAX_ADVANCE_MINUTES);
    const ahead = await bank.issueToken(admin, 'admin');
    bank.clock.reset();
    expect(await bank.authenticate(ahead, 'admin')).toBe(admin);
    advance(30 * MINUTE);
    await expect(bank.authenticate(token, 'admin')).rejects.toThrow(ENDED);
    await expect(bank.authenticate(ahead, 'admin')).rejects.toThrow(ENDED);
  });
});
