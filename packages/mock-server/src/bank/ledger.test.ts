import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_HASH_COST } from '../testing/harness';
import { Bank } from './bank';
import { CATALOGUE } from './seed';
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

  it('keeps each customer to their own entries, totals and unread count, after posting and after a restore', () => {
    const other = bank.allEntries().find((e) => e.userId !== demo.id)?.userId;
    expect(other).toBeDefined();
    const before = bank.balanceCents(demo.id);
    bank.postLedgerEntry({ userId: demo.id, name: 'x', direction: 'credit', amountCents: 100, status: 'successful' });
    expect(bank.balanceCents(demo.id)).toBe(before + 100);
    expect(bank.entries(demo.id).every((e) => e.userId === demo.id)).toBe(true);
    expect(bank.balanceCents(demo.id)).toBe(ledgerBalance(demo.id));
    if (other !== undefined) expect(bank.balanceCents(other)).toBe(ledgerBalance(other));
    const unread = bank.notificationsOf(demo.id).filter((n) => !n.read).length;
    expect(bank.unreadCount(demo.id)).toBe(unread);
    expect(bank.unreadCount('nobody')).toBe(0);
    const [first] = bank.notificationsOf(demo.id).filter((n) => !n.read);
    if (first) bank.markRead(demo, first.id);
    expect(bank.unreadCount(demo.id)).toBe(unread - (first ? 1 : 0));

    const restored = Bank.restore(bank.snapshot(), { catalogue: CATALOGUE, config: { hashCost: TEST_HASH_COST } });
    expect(restored.balanceCents(demo.id)).toBe(bank.balanceCents(demo.id));
    expect(restored.totals(demo.id)).toEqual(bank.totals(demo.id));
    expect(restored.entries(demo.id)).toEqual(bank.entries(demo.id));
    expect(restored.unreadCount(demo.id)).toBe(bank.unreadCount(demo.id));
  });
});
