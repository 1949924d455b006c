import { beforeEach, describe, expect, it } from 'vitest';
import type { Bank, TransferInput } from './bank';
import { BankError } from './errors';
import { DEMO_PIN, seedBank } from './seed';
import { TEST_HASH_COST } from '../testing/harness';
import type { User } from './model';

let clock = Date.parse('2026-11-21T10:00:00Z');
const MINUTE = 60_000;
let bank: Bank;
let demo: User;

const transfer = (amount: number, overrides: Partial<TransferInput> = {}): TransferInput => ({
  bank: 'First Example Bank',
  swift: 'FEXBUS33',
  currency: 'USD',
  routing: '026009593',
  country: 'United States',
  accountNumber: '000999888777',
  accountHolder: 'Jane Doe',
  amount,
  note: 'rent',
  ...overrides,
});

const lastCode = (email: string) => bank.outboxFor(email)[0]?.code ?? '';

async function refused(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof BankError) return error;
    throw error;
  }
  throw new Error('expected the bank to refuse');
}

/** Sum of settled credits minus settled and held debits, computed independently of the bank. */
function ledgerBalance(userId: string) {
  return bank
    .allEntries()
    .filter((e) => e.userId === userId && e.status !== 'failed')
    .reduce(
      (sum, e) => sum + (e.direction === 'credit' ? (e.status === 'successful' ? e.amountCents : 0) : -e.amountCents),
      0,
    );
}

beforeEach(async () => {
  clock = Date.parse('2026-11-21T10:00:00Z');
  bank = await seedBank({ now: () => clock, config: { hashCost: TEST_HASH_COST } });
  demo = bank.findByEmail('demo@bank.test')!;
});

describe('the ledger', () => {
  it('derives the seeded balance from entries of every status', () => {
    expect(bank.balanceCents(demo.id)).toBe(512_000);
    expect(ledgerBalance(demo.id)).toBe(512_000);
    const statuses = new Set(bank.entries(demo.id).map((e) => e.status));
    expect(statuses).toEqual(new Set(['successful', 'in_progress', 'failed']));
  });

  it('refuses an entry that is not a positive whole number of cents', () => {
    expect(() =>
      bank.post({ userId: demo.id, name: 'x', direction: 'credit', amountCents: 0.5, status: 'successful' }),
    ).toThrow();
  });
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
    expect(bank.notificationsOf(demo.id)[0]?.title).toBe('Request declined');
  });

  describe('at or above the step-up amount', () => {
    const big = transfer(1000);

    it('sends a 4-digit code to the outbox and needs it before submit', async () => {
      const result = await bank.confirmPin(demo, DEMO_PIN, big);
      expect(result).toMatchObject({ stepUp: true, head: 'Transfer Authorization Code is required' });
      const message = bank.outboxFor('demo@bank.test')[0];
      expect(message).toMatchObject({ kind: 'transfer-code', to: 'demo@bank.test' });
      expect(message?.code).toMatch(/^\d{4}$/u);
      expect(message?.text).toContain('$1000.00 to Jane Doe');
      expect((await refused(() => bank.submitTransfer(demo, big))).message).toBe(
        'Confirm this transfer with your PIN first',
      );
      bank.confirmTransferCode(demo, lastCode('demo@bank.test'), big);
      bank.submitTransfer(demo, big);
    });

    it('refuses the code for another amount or payee', async () => {
      await bank.confirmPin(demo, DEMO_PIN, big);
      const code = lastCode('demo@bank.test');
      expect((await refused(() => bank.confirmTransferCode(demo, code, transfer(1001)))).message).toMatch(
        /different amount or payee/u,
      );
      await bank.confirmPin(demo, DEMO_PIN, big);
      const second = lastCode('demo@bank.test');
      const other = transfer(1000, { accountNumber: '111' });
      expect((await refused(() => bank.confirmTransferCode(demo, second, other))).message).toMatch(
        /different amount or payee/u,
      );
    });

    it('refuses the code a second time', async () => {
      await bank.confirmPin(demo, DEMO_PIN, big);
      const code = lastCode('demo@bank.test');
      bank.confirmTransferCode(demo, code, big);
      expect((await refused(() => bank.confirmTransferCode(demo, code, big))).message).toMatch(
        /No authorization code is waiting/u,
      );
    });

    it('refuses the code after 10 minutes', async () => {
      await bank.confirmPin(demo, DEMO_PIN, big);
      clock += 10 * MINUTE + 1;
      const error = await refused(() => bank.confirmTransferCode(demo, lastCode('demo@bank.test'), big));
      expect(error.message).toMatch(/expired/u);
      expect(error.status).toBe(410);
    });

    it('locks after 5 wrong codes, even for the right one, for 15 minutes', async () => {
      await bank.confirmPin(demo, DEMO_PIN, big);
      const code = lastCode('demo@bank.test');
      const wrong = code === '0000' ? '1111' : '0000';
      for (let i = 1; i <= 4; i++)
        expect((await refused(() => bank.confirmTransferCode(demo, wrong, big))).message).toBe(
          `Incorrect authorization code. ${5 - i} attempt${5 - i === 1 ? '' : 's'} left.`,
        );
      const lock = await refused(() => bank.confirmTransferCode(demo, wrong, big));
      expect(lock.status).toBe(423);
      expect(lock.message).toBe('Too many wrong authorization code attempts. Try again in 15 minutes.');
      expect((await refused(() => bank.confirmTransferCode(demo, code, big))).status).toBe(423);
      clock += 15 * MINUTE;
      await bank.confirmPin(demo, DEMO_PIN, big);
      bank.confirmTransferCode(demo, lastCode('demo@bank.test'), big);
    });

    it('can also be asked for a new payee only, by configuration', async () => {
      const strict = await seedBank({
        config: { hashCost: TEST_HASH_COST, stepUp: { amountAtLeast: null, newPayee: true } },
      });
      const user = strict.findByEmail('demo@bank.test')!;
      expect((await strict.confirmPin(user, DEMO_PIN, transfer(5))).stepUp).toBe(true);
      strict.confirmTransferCode(user, strict.outboxFor(user.email)[0]?.code ?? '', transfer(5));
      strict.submitTransfer(user, transfer(5));
      expect((await strict.confirmPin(user, DEMO_PIN, transfer(5))).stepUp).toBe(false);
    });
  });
});

describe('wrong answers', () => {
  it('lock the PIN after 5 in a row, with a clear message, and a success resets the count', async () => {
    for (let i = 0; i < 4; i++) await refused(bank.confirmPin(demo, '0000', transfer(10)));
    await bank.confirmPin(demo, DEMO_PIN, transfer(10));
    for (let i = 0; i < 4; i++) await refused(bank.confirmPin(demo, '0000', transfer(10)));
    const lock = await refused(bank.confirmPin(demo, '0000', transfer(10)));
    expect(lock.message).toBe('Too many wrong PIN attempts. Try again in 15 minutes.');
    expect((await refused(bank.confirmPin(demo, DEMO_PIN, transfer(10)))).message).toMatch(/Try again in 15 minutes/u);
    clock += 14 * MINUTE;
    expect((await refused(bank.confirmPin(demo, DEMO_PIN, transfer(10)))).message).toMatch(/Try again in 1 minute\./u);
  });

  it('lock the passcode after 5, counted on the user (a new token does not reset it)', async () => {
    for (let i = 0; i < 5; i++) await refused(bank.login('demo@bank.test', '000000', false));
    expect((await refused(bank.login('demo@bank.test', '123456', false))).status).toBe(423);
  });

  it('lock e-mail and reset codes after 5', async () => {
    const uma = 'unverified@bank.test';
    for (let i = 0; i < 5; i++) await refused(() => bank.verifyEmail(uma, '000000'));
    expect((await refused(() => bank.verifyEmail(uma, lastCode(uma)))).status).toBe(423);

    bank.requestReset('demo@bank.test');
    for (let i = 0; i < 5; i++) await refused(bank.resetPasscode('demo@bank.test', 'nope', '654321'));
    expect((await refused(bank.resetPasscode('demo@bank.test', lastCode('demo@bank.test'), '654321'))).status).toBe(
      423,
    );
  });
});

describe('credentials', () => {
  it('are stored only as salted scrypt hashes', () => {
    for (const user of bank.allUsers()) {
      expect(user.passcodeHash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]{22}\$[\w-]{43}$/u);
      expect(user.passcodeHash).not.toContain('123456');
    }
    const hashes = bank.allUsers().map((u) => u.passcodeHash);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('a passcode reset retires every token issued before it', async () => {
    const token = bank.issueToken(demo, 'user');
    expect(bank.authenticate(token, 'user')).toBe(demo);
    bank.requestReset('demo@bank.test');
    const link = bank.outboxFor('demo@bank.test')[0]?.link ?? '';
    expect(link).toMatch(/wp-user\/account\/reset\/r\/demo%40bank\.test\/[\w-]+$/u);
    await bank.resetPasscode('demo@bank.test', link.split('/').at(-1) ?? '', '654321');
    expect((await refused(() => bank.authenticate(token, 'user'))).status).toBe(401);
    expect((await bank.login('demo@bank.test', '654321', false)).kind).toBe('ok');
    expect((await refused(bank.resetPasscode('demo@bank.test', link.split('/').at(-1) ?? '', '111111'))).status).toBe(
      410,
    );
  });

  it('a passcode change retires the other tokens, keeps the changing one, and a later reset retires it too', async () => {
    const mine = bank.issueToken(demo, 'user');
    const other = bank.issueToken(demo, 'user');
    await bank.changePasscode(demo, mine, '123456', '654321', '654321');
    expect(bank.authenticate(mine, 'user')).toBe(demo);
    expect((await refused(() => bank.authenticate(other, 'user'))).status).toBe(401);
    bank.requestReset('demo@bank.test');
    const link = bank.outboxFor('demo@bank.test')[0]?.link ?? '';
    await bank.resetPasscode('demo@bank.test', link.split('/').at(-1) ?? '', '111111');
    expect((await refused(() => bank.authenticate(mine, 'user'))).status).toBe(401);
  });

  it('tokens expire', () => {
    const token = bank.issueToken(demo, 'user');
    clock += 30 * MINUTE;
    expect(() => bank.authenticate(token, 'user')).toThrow('Your session has ended. Please log in again.');
  });
});
