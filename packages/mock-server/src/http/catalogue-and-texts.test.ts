/**
 * What a customer reads that the bank writes or publishes: the verification deposit address, the
 * upgrade plans with their prices and what they give, amounts in the bank's texts written as the portal
 * writes them, one notification title per kind of decision, and an outdated reset link told apart.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney, type WireEncoding } from '@ebank/contract';
import { pngBlob, SAMPLE_PAYEE } from '@ebank/contract/testing';
import { failure, startBank, type Harness } from '../testing/harness';

let bank: Harness;
beforeAll(async () => {
  bank = await startBank();
});
afterAll(() => bank.close());
beforeEach(() => bank.reset());

describe.each<WireEncoding>(['urlencoded', 'multipart'])('published by the bank, %s', (encoding) => {
  const as = async (email: string) => bank.client({ user: await bank.login(email) }, encoding);

  it("getinstituition names the verification deposit's coin and address, from the bank's catalogue", async () => {
    const reply = await (await as('demo@bank.test')).call('getInstitution');
    expect(reply.verification_deposit).toEqual({
      type: 'BTC',
      address: bank.app.bank().catalogue.verificationDeposit.address,
    });
    expect(reply.verification_deposit?.address).toMatch(/^bc1q[a-z0-9]{30,}$/u);
    expect(JSON.stringify(reply)).not.toContain('placeholder');
  });

  it('getupgradeform lists each plan with its price and what it gives; fixed deposits name no price', async () => {
    const api = await as('demo@bank.test');
    const { plans } = await api.call('getUpgradeForm');
    expect(plans.map((p) => p.plan_name)).toEqual(['Tier 2', 'Tier 3', 'Premium']);
    for (const plan of plans) {
      expect(plan.price).toBeGreaterThan(0);
      expect(plan.features?.length).toBeGreaterThanOrEqual(2);
    }
    expect(plans[0]).toEqual({
      plan_name: 'Tier 2',
      price: 49,
      features: ['A higher daily transfer limit', 'Support by e-mail within one business day'],
    });
    const fixed = await api.call('getFixedDepositForm');
    expect(fixed.plans.every((p) => p.price === undefined && p.features === undefined)).toBe(true);
  });
});

describe('texts of the bank', () => {
  it("a confirmed deposit's notification has the deposit's title and the amount as the portal writes it", async () => {
    const api = bank.client({ user: await bank.login('demo@bank.test') });
    await api.call('createCryptoDeposit', { type: 'BTC', amount: 1234.5, depositPic: pngBlob() });
    const mock = bank.app.bank();
    const [request] = mock.requestsOf(mock.findByEmail('demo@bank.test')?.id ?? '', 'crypto-deposit');
    expect(request).toMatchObject({ amountCents: 123_450, status: 'pending' });
    mock.decideRequest(request?.id ?? '', true);
    expect((await api.call('getNotifications')).notifications[0]).toMatchObject({
      title: 'Deposit confirmed',
      body: `Your crypto deposit of ${formatMoney(1234.5)} was confirmed.`,
    });
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });

  it('the step-up code is asked for with the amount written as the portal writes it', async () => {
    const api = bank.client({ user: await bank.login('demo@bank.test') });
    const transfer = { ...SAMPLE_PAYEE, amount: 1200 };
    const reply = await api.call('confirmPin', { pin: '1234', extra: transfer });
    expect(reply.requiresanother?.body).toContain('$1,200.00');
    const [message] = await bank.outbox('demo@bank.test');
    expect(message?.text).toContain('$1,200.00');
  });
});

describe('a reset link replaced by a newer one', () => {
  it('is refused as out of date (410), costs no attempt, and the newest link still works', async () => {
    const api = bank.client();
    const email = 'demo@bank.test';
    const linkToken = async () => (await bank.outbox(email))[0]?.link?.split('/').at(-1) ?? '';
    await api.call('forgotPasscode', { action: 'code', email });
    const older = await linkToken();
    await api.call('forgotPasscode', { action: 'code', email });
    const newest = await linkToken();
    const reset = (token: string) =>
      api.call('forgotPasscode', { action: 'reset', email, reset_code: token, new_password: '246810' });
    for (let i = 0; i < 6; i += 1)
      expect(await failure(reset(older))).toMatchObject({
        status: 410,
        message: 'This reset link is out of date: use the newest link we sent you.',
      });
    await expect(reset(newest)).resolves.toMatchObject({ status: 'success' });
    await expect(bank.login(email, '246810')).resolves.toBeTruthy();
  });
});
