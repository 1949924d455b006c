/**
 * A transfer whose service charge is not less than its amount, over HTTP, with the service charges the
 * configuration accepts at their high end (MOCK_SERVICE_CHARGE_PERCENT 50 and 100): the server starts,
 * and such a transfer is refused with a 400 JSON error before anything is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_PAYEE } from '@ebank/contract/testing';
import { DEMO_PIN } from '../bank/seed';
import { failure, startBank, type Harness } from '../testing/harness';

const transfer = (amount: number) => ({ ...SAMPLE_PAYEE, amount });

describe.each([
  [50, 0.01, 'The service charge of $0.01 would take the whole $0.01. Please send a larger amount.'],
  [100, 100, 'Transfers cannot be made at the moment: the service charge would take the whole amount.'],
])('with a service charge of %s percent', (percent, amount, message) => {
  let bank: Harness;
  beforeAll(async () => {
    bank = await startBank({ bank: { serviceChargePercent: percent } });
  });
  afterAll(() => bank.close());

  it(`refuses a transfer of ${amount} at the PIN and at submit, writing nothing`, async () => {
    const api = bank.client({ user: await bank.login('demo@bank.test') });
    expect((await api.call('getServiceCharge')).percent?.percent).toBe(percent);
    const before = bank.app.bank().digest();
    const balance = (await api.call('getInstitution')).tb.current_balance;
    const transfers = (await api.call('getTransferList')).transactions;
    const statement = (await api.call('getStatement')).transactions;

    for (const call of [
      () => api.call('confirmPin', { pin: DEMO_PIN, extra: transfer(amount) }),
      () => api.call('createTransfer', { ...transfer(amount), extra: transfer(amount) }),
    ])
      expect(await failure(call())).toMatchObject({ kind: 'http', status: 400, message });

    expect(bank.app.bank().digest()).toBe(before);
    expect((await api.call('getInstitution')).tb.current_balance).toBe(balance);
    expect((await api.call('getTransferList')).transactions).toEqual(transfers);
    expect((await api.call('getStatement')).transactions).toEqual(statement);
    expect(await bank.outbox('demo@bank.test')).toEqual([]);
  });
});
