import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pngBlob } from '@ebank/contract/testing';
import { startBank, type Harness } from '../testing/harness';
import { decisionTitle, type Bank } from './bank';
import type { RequestKind, User } from './model';
import { lastCode, refused, seededTestBank, transfer } from './test-bank';
import { DEMO_PIN } from './seed';

let bank: Bank;
let demo: User;

beforeEach(async () => {
  ({ bank, demo } = await seededTestBank());
});

const proof = 'proof-upload';

/** Opens a pending request of each kind the customer can make, for `amount`. */
async function open(kind: RequestKind, amount: number) {
  switch (kind) {
    case 'crypto-deposit':
    case 'payment':
      return bank.submitDeposit(demo, kind, {
        type: 'BTC',
        amount,
        proof,
        ...(kind === 'payment' ? { purpose: 'Account top-up' } : {}),
      });
    case 'fixed-deposit':
      return bank.submitPlanRequest(demo, kind, { plan: '6 months at 5.25%', type: 'BTC', amount, proof });
    case 'upgrade':
      return bank.submitPlanRequest(demo, kind, { plan: 'Premium', type: 'BTC', amount, proof });
    case 'transfer':
      if ((await bank.confirmPin(demo, DEMO_PIN, transfer(amount))).stepUp)
        await bank.confirmTransferCode(demo, lastCode(bank, demo.email), transfer(amount));
      return bank.submitTransfer(demo, transfer(amount)).request;
  }
}

describe("staff's decision on a request", () => {
  it.each<[RequestKind, string, string, string]>([
    ['crypto-deposit', 'Deposit confirmed', 'Deposit declined', 'Your crypto deposit of $1,200.00 was'],
    ['payment', 'Payment confirmed', 'Payment declined', 'Your payment of $1,200.00 was'],
    [
      'fixed-deposit',
      'Fixed deposit confirmed',
      'Fixed deposit declined',
      'Your fixed deposit (6 months at 5.25%) of $1,200.00 was',
    ],
    ['upgrade', 'Upgrade confirmed', 'Upgrade declined', 'Your upgrade to Premium was'],
    ['transfer', 'Transfer confirmed', 'Transfer declined', 'Your transfer of $1,200.00 to Jane Doe was'],
  ])('of a %s has one title per outcome, and money written as the portal writes it', async (kind, yes, no, body) => {
    bank.decideRequest((await open(kind, 1200)).id, true);
    expect(bank.notificationsOf(demo.id)[0]).toMatchObject({ title: yes, body: `${body} confirmed.` });
    if (kind === 'upgrade') demo.plan = 'Tier 1';
    bank.decideRequest((await open(kind, 1200)).id, false);
    expect(bank.notificationsOf(demo.id)[0]).toMatchObject({ title: no, body: `${body} declined.` });
    expect(decisionTitle(kind, true)).toBe(yes);
    expect(decisionTitle(kind, false)).toBe(no);
  });

  it("uses the seeded history's wording for a confirmed crypto deposit", () => {
    const seeded = bank.notificationsOf(demo.id).find((n) => n.body.startsWith('Your crypto deposit'));
    expect(seeded).toMatchObject({
      title: decisionTitle('crypto-deposit', true),
      body: 'Your crypto deposit of $1,200.00 was confirmed.',
    });
  });
});

describe('plan requests', () => {
  it('take only the plans the catalogue offers', async () => {
    expect(
      (await refused(() => bank.submitPlanRequest(demo, 'upgrade', { plan: 'Gold', type: 'BTC', amount: 1, proof })))
        .message,
    ).toBe("plan: 'Gold' is not one of the plans offered");
    expect(
      (
        await refused(() =>
          bank.submitPlanRequest(demo, 'fixed-deposit', { plan: 'Premium', type: 'BTC', amount: 1, proof }),
        )
      ).message,
    ).toBe("plan: 'Premium' is not one of the plans offered");
  });

  it('the upgrade plans each have a price and what they give; fixed deposits have no set price', () => {
    for (const plan of bank.catalogue.upgradePlans) {
      expect(plan.priceCents).toBeGreaterThan(0);
      expect(plan.features?.length).toBeGreaterThanOrEqual(2);
      expect(plan.features?.length).toBeLessThanOrEqual(3);
    }
    expect(bank.catalogue.upgradePlans.map((p) => p.name)).toEqual(['Tier 2', 'Tier 3', 'Premium']);
    expect(bank.catalogue.fixedDepositPlans.every((p) => p.priceCents === undefined)).toBe(true);
  });

  it('an upgrade may be paid with another amount than the price', async () => {
    const request = await open('upgrade', 10);
    expect(request.amountCents).toBe(1000);
  });
});

describe('the statement entry of a crypto deposit or payment', () => {
  it('names the coin once, as the bank lists it, with its network in brackets only once', () => {
    const deposit = bank.submitDeposit(demo, 'crypto-deposit', { type: 'USDT (TRC20)', amount: 75, proof });
    const payment = bank.submitDeposit(demo, 'payment', {
      type: 'USDT (TRC20)',
      amount: 20,
      proof,
      purpose: 'Loan repayment',
    });
    const nameOf = (id: string) => bank.entries(demo.id).find((entry) => entry.requestId === id)?.name;
    expect(nameOf(deposit.id)).toBe('Crypto deposit in USDT (TRC20)');
    expect(nameOf(payment.id)).toBe('Payment: Loan repayment in USDT (TRC20)');
  });

  it('reads the same in the seeded history', () => {
    const names = bank.entries(demo.id).map((entry) => entry.name);
    expect(names.filter((name) => name.startsWith('Crypto deposit')).length).toBeGreaterThan(0);
    for (const name of names) {
      expect(name).not.toMatch(/\(.*\(/u);
      if (name.startsWith('Crypto deposit')) expect(name).toMatch(/^Crypto deposit in \S/u);
    }
  });
});

describe('over HTTP: the request lists of upgrades and fixed deposits name their plan', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startBank();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  it('getupgradeform and getfdcform give each row its plan; other lists give none', async () => {
    const api = server.client({ user: await server.login('demo@bank.test') });
    await api.call('createUpgrade', { plan: 'Premium', type: 'USDT (TRC20)', amount: 499, depositPic: pngBlob() });
    await api.call('createFixedDeposit', {
      plan: '3 months at 4.50%',
      type: 'BTC',
      amount: 800,
      fixedDepositPic: pngBlob(),
    });
    expect((await api.call('getUpgradeForm')).transactions[0]).toMatchObject({
      type: 'USDT (TRC20)',
      amount: 499,
      status: 'pending',
      plan: 'Premium',
    });
    const fixedDeposits = (await api.call('getFixedDepositForm')).transactions;
    expect(fixedDeposits[0]).toMatchObject({ type: 'BTC', amount: 800, plan: '3 months at 4.50%' });
    expect(fixedDeposits.every((row) => row.plan !== undefined)).toBe(true);
    for (const row of (await api.call('getCryptoDepositForm')).transactions) expect(row).not.toHaveProperty('plan');
  });
});
