/**
 * The statement's filters and page as its address holds them
 * (`/dashboard/statements?type=&status=&from=&to=&q=&page=`), so a reload or a shared link shows the same
 * rows. A value the page cannot use (an unknown type, a date that is no day, a page of `0`) is dropped on its
 * own, never an error page.
 *
 * Route options load with the app's first chunk, so this is a plain function like the other search-param
 * validators (`routes/account/-components/search-params.ts`): no page waits for a validation library before
 * its first paint (decision 0025).
 */
import type { Transaction } from '../-components/transactions-table';

export type TransactionType = Transaction['transaction_type'];
export type TransactionStatus = Transaction['status'];

/** The types and statuses the bank reports (the contract's; its test checks that the lists agree). */
export const TRANSACTION_TYPES = ['credit', 'debit'] as const satisfies readonly TransactionType[];
export const TRANSACTION_STATUSES = [
  'successful',
  'in_progress',
  'failed',
] as const satisfies readonly TransactionStatus[];

export interface StatementSearch {
  readonly type?: TransactionType | undefined;
  readonly status?: TransactionStatus | undefined;
  /** A calendar day, `YYYY-MM-DD`, in the customer's own time zone. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly q?: string | undefined;
  /** 1-based; the first page is the address without it. */
  readonly page?: number | undefined;
}
/** The search without its page: what chooses the rows. */
export type StatementFilters = Omit<StatementSearch, 'page'>;

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((known) => known === value);

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** `YYYY-MM-DD` when it names a real day (not `2025-02-30`), else undefined. */
function calendarDay(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const parts = CALENDAR_DAY.exec(value);
  if (parts === null) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? value
    : undefined;
}

/**
 * Search words. The router reads `?q=2024` as the number 2024 (it parses values as JSON), so numbers and
 * flags are read back as the words they were; blank words are no search.
 */
function searchWords(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  return String(value).trim() || undefined;
}

const pageNumber = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

/**
 * The route's `validateSearch`: keeps each valid value and sets each one it cannot use to undefined (the
 * router passes through the address's values a validator does not name, so a dropped one is named too).
 */
export function validateStatementSearch(search: Record<string, unknown>): StatementSearch {
  return {
    type: oneOf(TRANSACTION_TYPES, search.type),
    status: oneOf(TRANSACTION_STATUSES, search.status),
    from: calendarDay(search.from),
    to: calendarDay(search.to),
    q: searchWords(search.q),
    page: pageNumber(search.page),
  };
}
