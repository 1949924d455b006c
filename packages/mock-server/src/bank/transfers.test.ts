import { beforeEach, describe, expect, it } from 'vitest';
import type { Bank } from './bank';
import type { User } from './model';
import { DEMO_PIN, seedBank } from './seed';
import { TEST_HASH_COST } from '../testing/harness';
import { lastCode, MINUTE, refused, seededTestBank, transfer, type TestBank } from './test-bank';

let bank: Bank;
let demo: User;
let advance: TestBank['advance'];

beforeEach(async () => {
  ({ bank, demo, advance } = await seededTestBank());
});

describe('a transfer', () => {
  it('below the step-up amount: PIN, then submit; the amount and fee are held at once', async () => {
    expect(await bank.confirmPin(demo, DEMO_PIN, transfer(100))).toEqual({ stepUp: false });
    const before = bank.balanceCents(demo.id);
    const { request } = bank.submitTransfer(demo, transfer(100));
    expect(request.status).toBe('pending');
    expect(bank.balanceCents(demo.id)).toBe(before - 10_000);
    const held = bank.entries(demo.id).filter((e) => e.requestId === request.id);
    expect(held.map((e) => [e.name, e.amountCents, e.status])).toEqual([
      ['Transfer to Jane Doe', 9_000, 'in_progress'],
      ['Service charge', 1_000, 'in_progress'],
    ]);
  });

  it('can be submitted once per confirmation, and only as confirmed', async () => {
    await refused(() => bank.submitTransfer(demo, transfer(100))).then((e) =>
      expect(e.message).toBe('Confirm this transfer with your PIN first'),
    );
    await bank.confirmPin(demo, DEMO_PIN, transfer(100));
    expect((await refused(() => bank.submitTransfer(demo, transfer(101)))).message).toMatch(
      /differs from the one you confirmed/u,
    );
    await bank.confirmPin(demo, DEMO_PIN, transfer(100));
    bank.submitTransfer(demo, transfer(100));
    expect((await refused(() => bank.submitTransfer(demo, transfer(100)))).message).toBe(
      'Confirm this transfer with your PIN first',
    );
  });

  it('never overdraws: a transfer above the balance is refused at the PIN and at submit', async () => {
    expect((await refused(bank.confirmPin(demo, DEMO_PIN, transfer(6000)))).message).toBe('Insufficient balance');
    await bank.confirmPin(demo, DEMO_PIN, transfer(4000));
    await bank.confirmPin(demo, DEMO_PIN, transfer(900));
    expect(bank.balanceCents(demo.id)).toBeGreaterThanOrEqual(0);
  });

  it('declined by staff releases the hold; confirmed settles it', async () => {
    const before = bank.balanceCents(demo.id);
    await bank.confirmPin(demo, DEMO_PIN, transfer(100));
    const { request } = bank.submitTransfer(demo, transfer(100));
    bank.decideRequest(request.id, false);
    expect(bank.balanceCents(demo.id)).toBe(before);
    expect((await refused(() => bank.decideRequest(request.id, true))).message).toBe(
      'This request is already declined',
    );
    expect(bank.notificationsOf(demo.id)[0]?.title).toBe('Transfer declined');
  });

  describe('at or above the step-up amount', () => {
    const big = transfer(1000);

    it('sends a 4-digit code to the outbox and needs it before submit', async () => {
      const result = await bank.confirmPin(demo, DEMO_PIN, big);
      expect(result).toMatchObject({ stepUp: true, head: 'Transfer Authorization Code is required' });
      const message = bank.outboxFor('demo@bank.test')[0];
      expect(message).toMatchObject({ kind: 'transfer-code', to: 'demo@bank.test' });
      expect(message?.code).toMatch(/^\d{4}$/u);
      expect(message?.text).toContain('$1,000.00 to Jane Doe');
      expect((await refused(() => bank.submitTransfer(demo, big))).message).toBe(
        'Confirm this transfer with your PIN first',
      );
      await bank.confirmTransferCode(demo, lastCode(bank, 'demo@bank.test'), big);
      bank.submitTransfer(demo, big);
    });

    it('refuses the code for another amount or payee', async () => {
      await bank.confirmPin(demo, DEMO_PIN, big);
      const code = lastCode(bank, 'demo@bank.test');
      expect((await refused(() => bank.confirmTransferCode(demo, code, transfer(1001)))).message).toMatch(
        /different amount or payee/u,
      );
      await bank.confirmPin(demo, DEMO_PIN, big);
      const second = lastCode(bank, 'demo@bank.test');
      const other = transfer(1000, { accountNumber: '111' });
      expect((await refused(() => bank.confirmTransferCode(demo, second, other))).message).toMatch(
        /different amount or payee/u,
      );
    });

    it('refuses the code a second time', async () => {
      await bank.confirmPin(demo, DEMO_PIN, big);
      const code = lastCode(bank, 'demo@bank.test');
      await bank.confirmTransferCode(demo, code, big);
      expect((await refused(() => bank.confirmTransferCode(demo, code, big))).message).toMatch(
        /No authorization code is waiting/u,
      );
    });

    it('refuses the code after 10 minutes', async () => {
      await bank.confirmPin(demo, DEMO_PIN, big);
      advance(10 * MINUTE + 1);
      const error = await refused(() => bank.confirmTransferCode(demo, lastCode(bank, 'demo@bank.test'), big));
      expect(error.message).toMatch(/expired/u);
      expect(error.status).toBe(410);
    });

    it('locks after 5 wrong codes, even for the right one, for 15 minutes', async () => {
      await bank.confirmPin(demo, DEMO_PIN, big);
      const code = lastCode(bank, 'demo@bank.test');
      const wrong = code === '0000' ? '1111' : '0000';
      for (let i = 1; i <= 4; i++)
        expect((await refused(() => bank.confirmTransferCode(demo, wrong, big))).message).toBe(
          `Incorrect authorization code. ${5 - i} attempt${5 - i === 1 ? '' : 's'} left.`,
        );
      const lock = await refused(() => bank.confirmTransferCode(demo, wrong, big));
      expect(lock.status).toBe(423);
      expect(lock.message).toBe('Too many wrong authorization code attempts. Try again in 15 minutes.');
      expect((await refused(() => bank.confirmTransferCode(demo, code, big))).status).toBe(423);
      advance(15 * MINUTE);
      await bank.confirmPin(demo, DEMO_PIN, big);
      await bank.confirmTransferCode(demo, lastCode(bank, 'demo@bank.test'), big);
    });

    it('can also be asked for a new payee only, by configuration', async () => {
      const strict = await seedBank({
        config: { hashCost: TEST_HASH_COST, stepUp: { amountAtLeast: null, newPayee: true } },
      });
      const user = strict.findByEmail('demo@bank.test')!;
      expect((await strict.confirmPin(user, DEMO_PIN, transfer(5))).stepUp).toBe(true);
      await strict.confirmTransferCode(user, strict.outboxFor(user.email)[0]?.code ?? '', transfer(5));
      strict.submitTransfer(user, transfer(5));
      expect((await strict.confirmPin(user, DEMO_PIN, transfer(5))).stepUp).toBe(false);
    });
  });
});

describe('a transfer whose fee is not less than its amount', () => {
  it.each([
    [50, 0.01, 'The service charge of $0.01 would take the whole $0.01. Please send a larger amount.'],
    [60, 0.01, 'The service charge of $0.01 would take the whole $0.01. Please send a larger amount.'],
    [100, 250, 'Transfers cannot be made at the moment: the service charge would take the whole amount.'],
  ])(
    'at %s percent, a transfer of %s is refused at every step before anything is written',
    async (percent, amount, message) => {
      const { bank, demo } = await seededTestBank({ serviceChargePercent: percent });
      const before = bank.digest();
      const balance = bank.balanceCents(demo.id);
      for (const step of [
        () => bank.confirmPin(demo, DEMO_PIN, transfer(amount)),
        () => bank.confirmTransferCode(demo, '0000', transfer(amount)),
        () => bank.submitTransfer(demo, transfer(amount)),
      ]) {
        const refusal = await refused(step);
        expect(refusal.status).toBe(400);
        expect(refusal.message).toBe(message);
      }
      expect(bank.digest()).toBe(before);
      expect(bank.balanceCents(demo.id)).toBe(balance);
      expect(bank.outboxFor(demo.email)).toHaveLength(0);
      expect(demo.attempts.pin.failures).toBe(0);
    },
  );

  it('is refused at submit even with a confirmation on record, which stays unused', async () => {
    const { bank, demo } = await seededTestBank({ serviceChargePercent: 50 });
    demo.authorization = {
      amountCents: 1,
      payeeKey: 'first example bank|fexbus33|026009593|000999888777',
      expiresAt: bank.now() + MINUTE,
    };
    const before = bank.digest();
    expect((await refused(() => bank.submitTransfer(demo, transfer(0.01)))).status).toBe(400);
    expect(bank.digest()).toBe(before);
    expect(demo.authorization).toBeDefined();
  });

  it('at 50%, the smallest amount whose fee is less goes through: fee and the rest, both held', async () => {
    const { bank, demo } = await seededTestBank({ serviceChargePercent: 50 });
    await bank.confirmPin(demo, DEMO_PIN, transfer(0.02));
    const { request } = bank.submitTransfer(demo, transfer(0.02));
    const held = bank.entries(demo.id).filter((e) => e.requestId === request.id);
    expect(held.map((e) => [e.name, e.amountCents, e.status])).toEqual([
      ['Transfer to Jane Doe', 1, 'in_progress'],
      ['Service charge', 1, 'in_progress'],
    ]);
  });

  it('at 0%, there is no service charge line', async () => {
    const { bank, demo } = await seededTestBank({ serviceChargePercent: 0 });
    await bank.confirmPin(demo, DEMO_PIN, transfer(0.01));
    const { request } = bank.submitTransfer(demo, transfer(0.01));
    expect(
      bank
        .entries(demo.id)
        .filter((e) => e.requestId === request.id)
        .map((e) => e.name),
    ).toEqual(['Transfer to Jane Doe']);
  });
});

describe('a transfer and the bank clock moved forward, then back', () => {
  const big = transfer(1000);

  it('an authorization code sent while the clock was ahead has expired once it goes back', async () => {
    bank.clock.advance(60);
    await bank.confirmPin(demo, DEMO_PIN, big);
    const code = lastCode(bank, 'demo@bank.test');
    bank.clock.reset();
    const error = await refused(() => bank.confirmTransferCode(demo, code, big));
    expect(error.status).toBe(410);
    expect(error.message).toBe('This authorization code has expired. Start the transfer again.');
    expect((await refused(() => bank.submitTransfer(demo, big))).message).toBe(
      'Confirm this transfer with your PIN first',
    );
  });

  it('a confirmation made while the clock was ahead is no longer good once it goes back', async () => {
    bank.clock.advance(60 * 24);
    await bank.confirmPin(demo, DEMO_PIN, transfer(100));
    bank.clock.reset();
    const before = bank.digest();
    expect((await refused(() => bank.submitTransfer(demo, transfer(100)))).message).toBe(
      'Confirm this transfer with your PIN first',
    );
    expect(bank.digest()).toBe(before);
  });

  it('a code sent before the clock moved forward keeps its own 10 minutes, both ways', async () => {
    await bank.confirmPin(demo, DEMO_PIN, big);
    const code = lastCode(bank, 'demo@bank.test');
    bank.clock.advance(9);
    bank.clock.reset();
    await bank.confirmTransferCode(demo, code, big);
    bank.submitTransfer(demo, big);
  });

  it('wrong codes lock for 15 minutes at most, however the clock moved', async () => {
    bank.clock.advance(60 * 24 * 365);
    await bank.confirmPin(demo, DEMO_PIN, big);
    const code = lastCode(bank, 'demo@bank.test');
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) await refused(() => bank.confirmTransferCode(demo, wrong, big));
    expect((await refused(() => bank.confirmTransferCode(demo, wrong, big))).status).toBe(423);
    bank.clock.reset();
    expect((await refused(() => bank.confirmTransferCode(demo, code, big))).message).toBe(
      'Too many wrong authorization code attempts. Try again in 15 minutes.',
    );
    advance(15 * MINUTE);
    await bank.confirmPin(demo, DEMO_PIN, big);
    // The outbox lists by bank time: the code sent while the clock was ahead still comes first.
    const fresh = bank.outboxFor('demo@bank.test').find((message) => message.createdAt === bank.now());
    await bank.confirmTransferCode(demo, fresh?.code ?? '', big);
  });
});
