/**
 * Which transactions a statement shows, and which of them on one page. The bank answers with the whole
 * history in one reply (`getStatement` has no filter of its own), so the rows are chosen here, in the order
 * the bank gave them (newest first).
 */
import { calendarDay, formatDate, statusLabel } from '@/lib/format';
import type { Transaction } from '../-components/transactions-table';
import type { StatementFilters } from './statement-search';

export const PAGE_SIZE = 25;

/** The calendar day of a moment as the table shows it; none for a date the browser cannot read. */
export function localDay(value: string): string | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : calendarDay(date);
}

/** Whether any filter is set. */
export const hasFilters = ({ type, status, from, to, q }: StatementFilters) =>
  [type, status, from, to, q].some((value) => value !== undefined);

/**
 * The transactions that match every filter set: the type, the status, a day from `from` to `to` (both
 * included) and a name that contains `q` (any case).
 */
export function filterTransactions(
  transactions: readonly Transaction[],
  { type, status, from, to, q }: StatementFilters,
): Transaction[] {
  const words = q?.toLocaleLowerCase();
  return transactions.filter((transaction) => {
    if (type !== undefined && transaction.transaction_type !== type) return false;
    if (status !== undefined && transaction.status !== status) return false;
    if (from !== undefined || to !== undefined) {
      const day = localDay(transaction.date);
      if (day === undefined) return false;
      if (from !== undefined && day < from) return false;
      if (to !== undefined && day > to) return false;
    }
    return words === undefined || transaction.name.toLocaleLowerCase().includes(words);
  });
}

export interface Page<T> {
  readonly rows: T[];
  /** The page shown, 1-based: the one asked for, or the last one when it asked for more pages than there are. */
  readonly page: number;
  readonly pageCount: number;
  /** The 1-based positions of the first and last rows shown (0 and 0 when there are none). */
  readonly first: number;
  readonly last: number;
  readonly total: number;
}

/** One page of rows; a page past the end shows the last one. */
export function pageOf<T>(rows: readonly T[], page = 1, size = PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const shown = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const start = (shown - 1) * size;
  const pageRows = rows.slice(start, start + size);
  return {
    rows: pageRows,
    page: shown,
    pageCount,
    first: pageRows.length === 0 ? 0 : start + 1,
    last: start + pageRows.length,
    total: rows.length,
  };
}

/** 'Showing 26–50 of 298'. */
export const showingText = ({ first, last, total }: Page<unknown>) =>
  total === 0 ? 'Showing 0 of 0' : `Showing ${String(first)}–${String(last)} of ${String(total)}`;

/** The filters in words, for the printed statement: 'Debits · Failed · From 1/1/2026 · Name contains "rent"'. */
export function describeFilters({ type, status, from, to, q }: StatementFilters): string {
  const parts: string[] = [];
  if (type !== undefined) parts.push(type === 'credit' ? 'Credits' : 'Debits');
  if (status !== undefined) {
    const label = statusLabel(status);
    parts.push(label.charAt(0).toUpperCase() + label.slice(1));
  }
  if (from !== undefined) parts.push(`From ${formatDate(from)}`);
  if (to !== undefined) parts.push(`To ${formatDate(to)}`);
  if (q !== undefined) parts.push(`Name contains "${q}"`);
  return parts.length === 0 ? 'All transactions' : parts.join(' · ');
}
