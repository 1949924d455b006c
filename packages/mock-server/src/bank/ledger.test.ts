import { beforeEach, describe, expect, it } from 'vitest';
import type { Bank } from './bank';
import type { User } from './model';
import { seededTestBank } from './test-bank';

let bank: Bank;
let demo: User;

beforeEach(async () => {
  ({ bank, demo } = await seededTestBank());
});

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

describe('the ledger', () => {
  it('derives the seeded balance from entries of every status', () => {
    expect(bank.balanceCents(demo.id)).toBe(512_000);
    expect(ledgerBalance(demo.id)).toBe(512_000);
    const statuses = new Set(bank.entries(demo.id).map((e) => e.status));
    expect(statuses).toEqual(new Set(['successful', 'in_progress', 'failed']));
  });

  it('refuses an entry that is not a positive whole number of cents', () => {
    expect(() =>
      bank.postLedgerEntry({ userId: demo.id, name: 'x', direction: 'credit', amountCents: 0.5, status: 'successful' }),
    ).toThrow();
  });
});
