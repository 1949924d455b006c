import { describe, expect, it } from 'vitest';
import { TransactionSchema } from '@ebank/contract';
import { transaction as wireTransaction } from '@/test/bank-data';
import {
  describeFilters,
  filterTransactions,
  hasFilters,
  localDay,
  pageOf,
  PAGE_SIZE,
  showingText,
} from './statement-filter';

/** A transaction as the app reads it from the bank's reply. */
const transaction = (overrides: Parameters<typeof wireTransaction>[0] = {}) =>
  TransactionSchema.parse(wireTransaction(overrides));

// Noon UTC: the same calendar day in every time zone the tests run in (UTC-11 to UTC+11).
const at = (day: string) => `${day}T12:00:00.000Z`;
const history = [
  transaction({ name: 'Salary: Contoso Ltd', date: at('2026-03-25') }),
  transaction({ name: 'Rent: Riverside Lettings', date: at('2026-03-01'), amount: 1200.5, transaction_type: 'debit' }),
  transaction({
    name: 'Card payment: Café "Le Coin", Paris',
    date: at('2026-02-14'),
    amount: 42,
    transaction_type: 'debit',
    status: 'failed',
  }),
  transaction({
    name: 'Card payment: Metro Transit',
    date: at('2026-02-01'),
    amount: 3.5,
    transaction_type: 'debit',
    status: 'in_progress',
  }),
  transaction({ name: 'Refund: Metro transit', date: at('2026-01-31'), amount: 3.5 }),
];
const names = (rows: readonly { name: string }[]) => rows.map((row) => row.name);

describe('filterTransactions', () => {
  it('keeps every transaction, in the order given, without filters', () => {
    expect(filterTransactions(history, {})).toEqual(history);
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ q: 'x' })).toBe(true);
  });

  it('filters by type and by status as the bank reports them', () => {
    expect(names(filterTransactions(history, { type: 'credit' }))).toEqual([
      'Salary: Contoso Ltd',
      'Refund: Metro transit',
    ]);
    expect(names(filterTransactions(history, { type: 'debit', status: 'successful' }))).toEqual([
      'Rent: Riverside Lettings',
    ]);
    expect(names(filterTransactions(history, { status: 'in_progress' }))).toEqual(['Card payment: Metro Transit']);
  });

  it('searches names for a part of them, in any case', () => {
    expect(names(filterTransactions(history, { q: 'METRO' }))).toEqual([
      'Card payment: Metro Transit',
      'Refund: Metro transit',
    ]);
    expect(names(filterTransactions(history, { q: 'café "le' }))).toEqual(['Card payment: Café "Le Coin", Paris']);
    expect(filterTransactions(history, { q: 'nothing like it' })).toEqual([]);
  });

  it('keeps the days from `from` to `to`, both included, in the local calendar', () => {
    expect(names(filterTransactions(history, { from: '2026-02-01', to: '2026-03-01' }))).toEqual([
      'Rent: Riverside Lettings',
      'Card payment: Café "Le Coin", Paris',
      'Card payment: Metro Transit',
    ]);
    expect(names(filterTransactions(history, { from: '2026-03-02' }))).toEqual(['Salary: Contoso Ltd']);
    expect(names(filterTransactions(history, { to: '2026-01-31' }))).toEqual(['Refund: Metro transit']);
    expect(filterTransactions(history, { from: '2026-04-01', to: '2026-03-01' })).toEqual([]);
    expect(localDay(at('2026-02-14'))).toBe('2026-02-14');
    expect(localDay('not a date')).toBeUndefined();
    expect(filterTransactions([transaction({ date: 'soon' })], { from: '2026-01-01' })).toEqual([]);
  });

  it('combines every filter', () => {
    expect(
      names(filterTransactions(history, { type: 'debit', status: 'failed', from: '2026-02-01', q: 'paris' })),
    ).toEqual(['Card payment: Café "Le Coin", Paris']);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 298 }, (_, index) => index + 1);

  it('gives 25 rows a page and says which', () => {
    expect(PAGE_SIZE).toBe(25);
    const second = pageOf(rows, 2);
    expect(second.rows).toEqual(rows.slice(25, 50));
    expect(second).toMatchObject({ page: 2, pageCount: 12, first: 26, last: 50, total: 298 });
    expect(showingText(second)).toBe('Showing 26–50 of 298');
    expect(showingText(pageOf(rows, 12))).toBe('Showing 276–298 of 298');
    expect(pageOf(rows).page).toBe(1);
  });

  it('shows the last page for a page past the end, and one empty page for no rows', () => {
    expect(pageOf(rows, 99)).toMatchObject({ page: 12, first: 276, last: 298 });
    expect(pageOf([], 3)).toMatchObject({ rows: [], page: 1, pageCount: 1, first: 0, last: 0, total: 0 });
    expect(showingText(pageOf([]))).toBe('Showing 0 of 0');
  });
});

describe('describeFilters', () => {
  it('says the filters in words for the printed statement', () => {
    expect(describeFilters({})).toBe('All transactions');
    expect(
      describeFilters({ type: 'debit', status: 'in_progress', from: '2026-01-05', to: '2026-02-28', q: 'rent' }),
    ).toBe('Debits · In progress · From 5/1/2026 · To 28/2/2026 · Name contains "rent"');
  });
});
