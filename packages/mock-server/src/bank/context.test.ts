import { formatMoney } from '@ebank/contract';
import { describe, expect, it } from 'vitest';
import { Bank } from './bank';
import { toCents } from './context';
import { CATALOGUE, DEMO_PIN } from './seed';
import { seededTestBank, transfer } from './test-bank';

describe("the bank's amounts", () => {
  it.each([
    [1200, '$1,200.00'],
    [0.5, '$0.50'],
    [1234567.891, '$1,234,567.89'],
  ])('%d is written %s, as the portal writes it (the contract formatter)', (amount, text) => {
    const bank = new Bank({ catalogue: CATALOGUE });
    expect(bank.formatAmount(toCents(amount))).toBe(text);
    expect(formatMoney(amount, bank.catalogue.currency)).toBe(text);
  });

  it("are written with the bank's currency", () => {
    expect(new Bank({ catalogue: { ...CATALOGUE, currency: '€' } }).formatAmount(123_456)).toBe('€1,234.56');
  });

  it('the step-up code and its message write the amount as the portal does', async () => {
    const { bank, demo } = await seededTestBank();
    const outcome = await bank.confirmPin(demo, DEMO_PIN, transfer(1200));
    expect(outcome).toMatchObject({
      stepUp: true,
      body: expect.stringContaining('authorise $1,200.00 to Jane Doe') as string,
    });
    expect(bank.outboxFor(demo.email)[0]?.text).toContain('the transfer of $1,200.00 to Jane Doe');
  });
});
