import { beforeEach, describe, expect, it } from 'vitest';
import type { Bank } from './bank';
import { MAX_ADVANCE_MINUTES } from './clock';
import type { User } from './model';
import { DEMO_PIN } from './seed';
import { lastCode, MINUTE, refused, seededTestBank, transfer, type TestBank } from './test-bank';

let bank: Bank;
let demo: User;
let advance: TestBank['advance'];

beforeEach(async () => {
  ({ bank, demo, advance } = await seededTestBank());
});

describe('wrong answers', () => {
  it('lock the PIN after 5 in a row, with a clear message, and a success resets the count', async () => {
    for (let i = 0; i < 4; i++) await refused(bank.confirmPin(demo, '0000', transfer(10)));
    await bank.confirmPin(demo, DEMO_PIN, transfer(10));
    for (let i = 0; i < 4; i++) await refused(bank.confirmPin(demo, '0000', transfer(10)));
    const lock = await refused(bank.confirmPin(demo, '0000', transfer(10)));
    expect(lock.message).toBe('Too many wrong PIN attempts. Try again in 15 minutes.');
    expect((await refused(bank.confirmPin(demo, DEMO_PIN, transfer(10)))).message).toMatch(/Try again in 15 minutes/u);
    advance(14 * MINUTE);
    expect((await refused(bank.confirmPin(demo, DEMO_PIN, transfer(10)))).message).toMatch(/Try again in 1 minute\./u);
  });

  it('lock the passcode after 5, counted on the user (a new token does not reset it)', async () => {
    for (let i = 0; i < 5; i++) await refused(bank.login('demo@bank.test', '000000', false));
    expect((await refused(bank.login('demo@bank.test', '123456', false))).status).toBe(423);
  });

  it('lock e-mail and reset codes after 5', async () => {
    const uma = 'unverified@bank.test';
    for (let i = 0; i < 5; i++) await refused(() => bank.verifyEmail(uma, '000000'));
    expect((await refused(() => bank.verifyEmail(uma, lastCode(bank, uma)))).status).toBe(423);

    await bank.requestReset('demo@bank.test');
    for (let i = 0; i < 5; i++) await refused(bank.resetPasscode('demo@bank.test', 'nope', '654321'));
    expect(
      (await refused(bank.resetPasscode('demo@bank.test', lastCode(bank, 'demo@bank.test'), '654321'))).status,
    ).toBe(423);
  });
});

describe('wrong answers and the bank clock moved forward, then back', () => {
  const wrongPin = () => refused(bank.confirmPin(demo, '0000', transfer(10)));
  const rightPin = () => bank.confirmPin(demo, DEMO_PIN, transfer(10));

  it('a lock set while the clock was a year ahead lasts 15 minutes from the reset, not a year', async () => {
    bank.clock.advance(MAX_ADVANCE_MINUTES);
    for (let i = 0; i < 4; i++) await wrongPin();
    expect((await wrongPin()).message).toBe('Too many wrong PIN attempts. Try again in 15 minutes.');
    bank.clock.reset();
    expect((await refused(rightPin())).message).toBe('Too many wrong PIN attempts. Try again in 15 minutes.');
    advance(14 * MINUTE);
    expect((await refused(rightPin())).message).toBe('Too many wrong PIN attempts. Try again in 1 minute.');
    advance(MINUTE);
    expect(await rightPin()).toEqual({ stepUp: false });
  });

  it('the same for the passcode: going back does not lock the customer out for longer than a lock', async () => {
    bank.clock.advance(MAX_ADVANCE_MINUTES);
    for (let i = 0; i < 5; i++) await refused(bank.login('demo@bank.test', '000000', false));
    bank.clock.reset();
    expect((await refused(bank.login('demo@bank.test', '123456', false))).message).toBe(
      'Too many wrong passcode attempts. Try again in 15 minutes.',
    );
    bank.clock.advance(15);
    expect((await bank.login('demo@bank.test', '123456', false)).kind).toBe('ok');
  });

  it('going back does not end a lock either: it still holds, at most 15 minutes from then', async () => {
    bank.clock.advance(10);
    for (let i = 0; i < 5; i++) await wrongPin();
    bank.clock.reset();
    expect((await refused(rightPin())).message).toBe('Too many wrong PIN attempts. Try again in 15 minutes.');
    bank.clock.advance(14);
    expect((await refused(rightPin())).status).toBe(423);
    bank.clock.advance(1);
    expect(await rightPin()).toEqual({ stepUp: false });
  });

  it('five wrong PINs in a row lock, however the clock moved between them in steps shorter than a lock', async () => {
    await wrongPin();
    bank.clock.advance(14);
    await wrongPin();
    bank.clock.advance(14);
    expect((await wrongPin()).message).toBe('Incorrect PIN. 2 attempts left.');
    bank.clock.reset();
    expect((await wrongPin()).message).toBe('Incorrect PIN. 1 attempt left.');
    bank.clock.advance(14);
    const lock = await wrongPin();
    expect(lock.status).toBe(423);
    expect(lock.message).toBe('Too many wrong PIN attempts. Try again in 15 minutes.');
    bank.clock.reset();
    expect((await refused(rightPin())).status).toBe(423);
  });
});
