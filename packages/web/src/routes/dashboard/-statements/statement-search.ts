/**
 * The statement's filters and page as its address holds them
 * (`/dashboard/statements?type=&status=&from=&to=&q=&page=`), so a reload or a shared link shows the same
 * rows. A value the page cannot use (an unknown type, a date that is no day, a page of `0`) is dropped on its
 * own, never an error page.
 *
 * Route options load with the app's first chunk, so the schema is written with zod's small build
 * (`zod/mini`, a Standard Schema the router reads as it is): the first paint of every page does not wait for
 * the full validation library.
 */
import * as z from 'zod/mini';
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

/** A value that is kept when it is valid, and dropped (left out) when it is not. */
const droppedWhenInvalid = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

/**
 * Search words. The router reads `?q=2024` as the number 2024 (it parses values as JSON), so numbers and
 * flags are read back as the words they were; blank words are no search.
 */
const searchWords = z.pipe(
  z.union([z.string(), z.number(), z.boolean()]),
  z.transform((value) => String(value).trim() || undefined),
);

export const statementSearchSchema = z.object({
  type: droppedWhenInvalid(z.enum(TRANSACTION_TYPES)),
  status: droppedWhenInvalid(z.enum(TRANSACTION_STATUSES)),
  /** A calendar day, `YYYY-MM-DD`, in the customer's own time zone. */
  from: droppedWhenInvalid(z.iso.date()),
  to: droppedWhenInvalid(z.iso.date()),
  q: droppedWhenInvalid(searchWords),
  /** 1-based; the first page is the address without it. */
  page: droppedWhenInvalid(z.int().check(z.positive())),
});

export type StatementSearch = z.output<typeof statementSearchSchema>;
/** The search without its page: what chooses the rows. */
export type StatementFilters = Omit<StatementSearch, 'page'>;
