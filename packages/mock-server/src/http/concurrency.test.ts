/**
 * Many requests at once on one account, over HTTP, as the portal sends them: transfers (PIN, then the
 * transfer), add-funds crypto deposits, and staff decisions through the developer endpoints. The
 * balance never goes below zero, it is always the sum of the ledger, holds are settled or released, and
 * the bank accepts exactly the transfers the balance allows.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@ebank/contract';
import { pngBlob, SAMPLE_PAYEE } from '@ebank/contract/testing';
import { DEMO_PIN } from '../bank/seed';
import { startBank, type Harness } from '../testing/harness';

let bank: Harness;
beforeAll(async () => {
  // The PIN alone authorises a transfer here: no e-mailed code to fetch for each of hundreds of transfers.
  bank = await startBank({
    now: () => Date.UTC(2030, 0, 15, 9),
    bank: { stepUp: { amountAtLeast: null, newPayee: false } },
  });
});
afterAll(() => bank.close());
beforeEach(() => bank.reset());

const EMAIL = 'nopin@bank.test';
const OPENING = 250;
const AMOUNT = 25;
const DEPOSIT = 25;
const cents = (n: number) => Math.round(n * 100);

const payee = {
  ...SAMPLE_PAYEE,
  amount: AMOUNT,
};

type Client = ReturnType<Harness['client']>;
type Outcome = 'accepted' | 'insufficient' | 'taken';

/**
 * One transfer as the portal sends it: the PIN with the transfer, then the transfer. A customer has one
 * confirmed transfer waiting at a time, so a concurrent flow of the same customer may take it first
 * (403 'Confirm this transfer with your PIN first'): the flow ends there ('taken'), or, with `retry`,
 * confirms again as the portal lets the customer do. It ends accepted, refused for lack of money, or
 * taken; anything else fails the test.
 */
async function transferFlow(api: Client, retry = false): Promise<Outcome> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    try {
      await api.call('confirmPin', { pin: DEMO_PIN, extra: payee });
      await api.call('createTransfer', { ...payee, extra: payee });
      return 'accepted';
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 409 && error.message === 'Insufficient balance') return 'insufficient';
      if (error.status === 403 && error.message === 'Confirm this transfer with your PIN first') {
        if (retry) continue;
        return 'taken';
      }
      throw error;
    }
  }
  throw new Error('a transfer flow never ended');
}

const deposit = (api: Client) =>
  api.call('createCryptoDeposit', { type: 'BTC', amount: DEPOSIT, depositPic: pngBlob() });

interface StaffState {
  requests: { id: string; kind: string; email: string | null; amount: number }[];
  customers: { email: string; balance: number }[];
}
const staffState = async () => (await (await bank.send(`/__mock/staff/state`)).json()) as StaffState;
const pending = async (kind: string) =>
  (await staffState()).requests.filter((r) => r.kind === kind && r.email === EMAIL).map((r) => r.id);
const decide = async (id: string, decision: 'confirm' | 'decline') => {
  const res = await bank.post(`__mock/staff/requests/${id}/${decision}`);
  return res.status;
};

/** What the customer sees, checked against the ledger and against what the test has counted. */
async function checkBooks(api: Client, expected: { balance: number; transfers: number }) {
  const home = await api.call('getInstitution');
  const { transactions, balance } = await api.call('getStatement');
  const staffBalance = (await staffState()).customers.find((c) => c.email === EMAIL)?.balance;
  const ledger = transactions.reduce((sum, t) => {
    if (t.status === 'failed') return sum;
    if (t.transaction_type === 'credit') return t.status === 'successful' ? sum + cents(t.amount) : sum;
    return sum - cents(t.amount);
  }, 0);
  expect(home.tb.current_balance).toBeGreaterThanOrEqual(0);
  expect(cents(home.tb.current_balance)).toBe(ledger);
  expect(balance).toBe(home.tb.current_balance);
  expect(staffBalance).toBe(home.tb.current_balance);
  expect(cents(home.tb.current_balance)).toBe(cents(expected.balance));
  // Each accepted transfer is one request and two debits (the fee and what the payee receives).
  expect((await api.call('getTransferList')).transactions).toHaveLength(expected.transfers);
  expect(transactions.filter((t) => t.name === 'Transfer to Jane Doe')).toHaveLength(expected.transfers);
  expect(transactions.filter((t) => t.name === 'Service charge')).toHaveLength(expected.transfers);
  return transactions;
}

const count = (outcomes: readonly unknown[], what: Outcome) => outcomes.filter((o) => o === what).length;

describe('one account, many requests at once', () => {
  it(
    '200 transfers and deposits at once, then staff decisions amid more transfers: never below zero, books always balance',
    { timeout: 120_000 },
    async () => {
      const api = bank.client({ user: await bank.login(EMAIL) });
      await api.call('createPin', { pin: DEMO_PIN });
      await checkBooks(api, { balance: OPENING, transfers: 0 });

      // Batch 1: 140 transfers and 60 deposits at once. Deposits are pending: only the opening balance can be
      // spent. Every transfer insists until it is accepted or refused for lack of money.
      const batch1 = await Promise.all([
        ...Array.from({ length: 140 }, () => transferFlow(api, true)),
        ...Array.from({ length: 60 }, () => deposit(api).then(() => 'deposit' as const)),
      ]);
      let accepted = count(batch1, 'accepted');
      expect(accepted).toBe(OPENING / AMOUNT);
      expect(count(batch1, 'insufficient')).toBe(140 - accepted);
      expect(batch1.filter((o) => o === 'deposit')).toHaveLength(60);
      await checkBooks(api, { balance: 0, transfers: accepted });

      // Batch 2: staff confirm the 60 deposits (each twice: the second is refused) while 80 transfers run.
      const deposits = await pending('crypto-deposit');
      expect(deposits).toHaveLength(60);
      const batch2 = await Promise.all([
        ...deposits.flatMap((id) => [decide(id, 'confirm'), decide(id, 'confirm')]),
        ...Array.from({ length: 80 }, () => transferFlow(api)),
      ]);
      const statuses = batch2.filter((o): o is number => typeof o === 'number');
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
      expect(statuses.filter((s) => s === 409)).toHaveLength(60);
      const accepted2 = count(batch2, 'accepted');
      // Transfers that ran before a deposit was confirmed may have found no money; none found money that was not there.
      expect(accepted2).toBeLessThanOrEqual((60 * DEPOSIT) / AMOUNT);
      expect(accepted2 + count(batch2, 'insufficient') + count(batch2, 'taken')).toBe(80);
      accepted += accepted2;
      let funds = OPENING + 60 * DEPOSIT;
      await checkBooks(api, { balance: funds - accepted * AMOUNT, transfers: accepted });

      // Batch 3: staff decline ten transfers (their holds are released) and confirm the rest, while 40 more transfers run.
      const transfers = await pending('transfer');
      expect(transfers).toHaveLength(accepted);
      const declined = transfers.slice(0, 10);
      const batch3 = await Promise.all([
        ...transfers.map((id) => decide(id, declined.includes(id) ? 'decline' : 'confirm')),
        ...Array.from({ length: 40 }, () => transferFlow(api)),
      ]);
      expect(batch3.filter((o) => typeof o === 'number').every((s) => s === 200)).toBe(true);
      funds += declined.length * AMOUNT;
      accepted += count(batch3, 'accepted');
      await checkBooks(api, { balance: funds - accepted * AMOUNT, transfers: accepted });

      // Then one at a time until the bank says there is no more money: every cent was spendable, and no more.
      let last: Outcome = 'accepted';
      while (last === 'accepted') {
        last = await transferFlow(api);
        if (last === 'accepted') accepted += 1;
      }
      expect(last).toBe('insufficient');
      expect(accepted * AMOUNT).toBe(funds);
      const transactions = await checkBooks(api, { balance: 0, transfers: accepted });

      // Every hold is settled or released once staff have decided: nothing is left in progress.
      const open = await pending('transfer');
      const release = open.slice(0, 3);
      await Promise.all(open.map((id) => decide(id, release.includes(id) ? 'decline' : 'confirm')));
      const settled = await checkBooks(api, { balance: release.length * AMOUNT, transfers: accepted });
      expect(settled.filter((t) => t.status === 'in_progress')).toEqual([]);
      expect(settled.filter((t) => t.status === 'failed')).toHaveLength(2 * (declined.length + release.length));
      expect(transactions.length).toBe(settled.length);
    },
  );

  it('one PIN confirmation authorises one transfer, even when it is sent 50 times at once', async () => {
    const api = bank.client({ user: await bank.login(EMAIL) });
    await api.call('createPin', { pin: DEMO_PIN });
    await api.call('confirmPin', { pin: DEMO_PIN, extra: payee });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => api.call('createTransfer', { ...payee, extra: payee })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ status: 403, message: 'Confirm this transfer with your PIN first' });
    await checkBooks(api, { balance: OPENING - AMOUNT, transfers: 1 });
  });

  it('a staff decision is taken once, even when confirm and decline arrive together', async () => {
    const api = bank.client({ user: await bank.login(EMAIL) });
    await api.call('createPin', { pin: DEMO_PIN });
    expect(await transferFlow(api)).toBe('accepted');
    const [id] = await pending('transfer');
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => decide(id ?? '', i % 2 ? 'confirm' : 'decline')),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const declined = statuses.indexOf(200) % 2 === 0;
    const transactions = await checkBooks(api, { balance: declined ? OPENING : OPENING - AMOUNT, transfers: 1 });
    expect(transactions.filter((t) => t.status === 'in_progress')).toEqual([]);
  });
});

describe('sign-ups at once', () => {
  const form = (i: number, over: { email?: string; username?: string }) => ({
    first_name: 'Sam',
    last_name: `Same${i}`,
    username: over.username ?? `sam${i}`,
    email: over.email ?? `sam${i}@example.test`,
    password: '123456',
    confirm: '123456',
    fullname: `Sam Same${i}`,
  });

  it.each([
    [
      'the same e-mail address',
      (i: number) => form(i, { email: 'same@example.test' }),
      'An account with this e-mail address already exists',
    ],
    ['the same username', (i: number) => form(i, { username: 'same.name' }), 'This username is taken'],
  ])('20 sign-ups with %s: exactly one account is made', async (_, input, message) => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => bank.client().call('signup', input(i))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409, message });
    const customers = (await staffState()).customers.filter(
      (c) => c.email === 'same@example.test' || /^sam\d+@example\.test$/u.test(c.email),
    );
    expect(customers).toHaveLength(1);
  });
});
