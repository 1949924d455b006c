import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_HASH_COST } from '../testing/harness';
import type { Bank } from './bank';
import { BankClock, MAX_ADVANCE_MINUTES, MAX_OFFSET_MINUTES } from './clock';
import type { User } from './model';
import { DEMO_PIN, seedBank } from './seed';
import { lastCode, MINUTE, refused, transfer } from './test-bank';

const START = Date.parse('2026-11-21T10:00:00Z');

/** The seeded bank on a clock that follows a fixed time, so only `bank.clock.advance` moves it. */
let bank: Bank;
let demo: User;

beforeEach(async () => {
  bank = await seedBank({ now: () => START, config: { hashCost: TEST_HASH_COST } });
  const user = bank.findByEmail('demo@bank.test');
  if (!user) throw new Error('the seed has no demo@bank.test');
  demo = user;
});

describe('the bank clock', () => {
  it('follows its source, moved forward by whole minutes, and back on reset', () => {
    let source = 1_000;
    const clock = new BankClock(() => source);
    clock.advance(15);
    expect(clock.offsetMinutes).toBe(15);
    expect(clock.now()).toBe(1_000 + 15 * MINUTE);
    source = 2_000;
    expect(clock.now()).toBe(2_000 + 15 * MINUTE);
    clock.reset();
    expect(clock.offsetMinutes).toBe(0);
    expect(clock.now()).toBe(2_000);
  });

  it('refuses a move that is not a whole number of minutes within bounds, and moves nothing', async () => {
    const clock = new BankClock(() => 0);
    for (const minutes of [0, -5, 1.5, Number.NaN, MAX_ADVANCE_MINUTES + 1]) {
      expect((await refused(() => clock.advance(minutes))).status).toBe(400);
    }
    for (let i = 0; i < MAX_OFFSET_MINUTES / MAX_ADVANCE_MINUTES; i++) clock.advance(MAX_ADVANCE_MINUTES);
    expect((await refused(() => clock.advance(1))).message).toMatch(/at most .* minutes ahead/u);
    expect(clock.offsetMinutes).toBe(MAX_OFFSET_MINUTES);
  });

  it('is the time of new records', () => {
    bank.clock.advance(60);
    const notification = bank.notify(demo, 'Hello', 'Now');
    expect(notification.createdAt).toBe(START + 60 * MINUTE);
  });

  it('expires a transfer authorization code', async () => {
    expect((await bank.confirmPin(demo, DEMO_PIN, transfer(1500))).stepUp).toBe(true);
    const code = lastCode(bank, demo.email);
    bank.clock.advance(10);
    expect((await refused(() => bank.confirmTransferCode(demo, code, transfer(1500)))).message).toBe(
      'This authorization code has expired. Start the transfer again.',
    );
  });

  it('expires an e-mailed verification code', async () => {
    const email = 'unverified@bank.test';
    await bank.resendConfirmCode(email);
    const code = lastCode(bank, email);
    bank.clock.advance(30);
    expect((await refused(() => bank.verifyEmail(email, code))).message).toBe(
      'This code has expired. Ask for a new one.',
    );
  });

  it('ends a lockout', async () => {
    for (let i = 0; i < 5; i++) await refused(bank.login(demo.email, '000000', false));
    expect((await refused(bank.login(demo.email, '123456', false))).status).toBe(423);
    bank.clock.advance(15);
    expect((await bank.login(demo.email, '123456', false)).user.id).toBe(demo.id);
  });

  it('opens the login lookup window again when it moves on, and when it goes back', () => {
    const lookUp = () => bank.admitLookup('client', 'demo@bank.test');
    for (let i = 0; i < 20; i++) expect(lookUp()).toBeUndefined();
    expect(lookUp()?.retryAfterSeconds).toBe(60);
    bank.clock.advance(1);
    for (let i = 0; i < 20; i++) expect(lookUp()).toBeUndefined();
    expect(lookUp()).toBeDefined();
    bank.clock.reset();
    expect(lookUp()).toBeUndefined();
  });

  it('expires a token', async () => {
    const token = await bank.issueToken(demo, 'user');
    bank.clock.advance(29);
    expect((await bank.authenticate(token, 'user')).id).toBe(demo.id);
    bank.clock.advance(1);
    await expect(bank.authenticate(token, 'user')).rejects.toThrow('Your session has ended. Please log in again.');
  });
});
