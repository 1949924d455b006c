import { describe, expect, it } from 'vitest';
import { historyEntries } from './seed-history';
import { seededTestBank } from './test-bank';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const DAY = 86_400_000;

describe('the long history of history@bank.test', () => {
  it('is about two years of monthly activity, some 300 entries, the same at every seed', () => {
    const entries = historyEntries(NOW);
    expect(entries.length).toBeGreaterThanOrEqual(280);
    expect(entries.length).toBeLessThanOrEqual(320);
    expect(historyEntries(NOW)).toEqual(entries);
    const oldest = entries[0]?.createdAt ?? NOW;
    expect((NOW - oldest) / DAY).toBeGreaterThan(700);
    expect(entries.every((entry) => entry.createdAt <= NOW && Number.isSafeInteger(entry.amountCents))).toBe(true);
    // Oldest first.
    expect(entries.map((entry) => entry.createdAt)).toEqual(
      entries.map((entry) => entry.createdAt).toSorted((a, b) => a - b),
    );
  });

  it('has salaries, rent, card payments, transfers, fees, and a few pending and declined entries', () => {
    const entries = historyEntries(NOW);
    const named = (prefix: string) => entries.filter((entry) => entry.name.startsWith(prefix));
    expect(named('Salary: ').length).toBeGreaterThanOrEqual(23);
    expect(named('Rent: ').length).toBeGreaterThanOrEqual(23);
    expect(named('Card payment: ').length).toBeGreaterThan(150);
    expect(named('Transfer to ').length).toBe(named('Service charge').length);
    expect(named('Account maintenance fee').length).toBeGreaterThanOrEqual(23);
    expect(entries.some((entry) => entry.name.includes('"') && entry.name.includes(','))).toBe(true);
    const pending = entries.filter((entry) => entry.status === 'in_progress');
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((entry) => NOW - entry.createdAt < 7 * DAY)).toBe(true);
    expect(entries.filter((entry) => entry.status === 'failed').length).toBeGreaterThanOrEqual(4);
  });

  it('never takes the balance below zero', () => {
    let balance = 0;
    for (const entry of historyEntries(NOW)) {
      if (entry.direction === 'credit' && entry.status === 'successful') balance += entry.amountCents;
      if (entry.direction === 'debit' && entry.status !== 'failed') balance -= entry.amountCents;
      expect(balance).toBeGreaterThanOrEqual(0);
    }
  });

  it('is seeded for history@bank.test, a verified persona with a PIN', async () => {
    const { bank } = await seededTestBank();
    const user = bank.findByEmail('history@bank.test');
    expect(user).toBeDefined();
    if (!user) return;
    expect(user.emailVerified).toBe(true);
    expect(user.pinHash).toBeDefined();
    expect(bank.entries(user.id)).toHaveLength(historyEntries(NOW).length);
    expect(bank.balanceCents(user.id)).toBeGreaterThan(0);
  });
});
