/**
 * A statement as a CSV file a spreadsheet or a bookkeeping tool opens.
 *
 * The writer is our own, small and tested (statement-csv.test.ts): the portal has no CSV library among its
 * dependencies, and a statement needs only the writing half of RFC 4180 (quoting, CRLF line ends) plus the
 * guard against spreadsheet formulas, a few lines that do not justify a new dependency.
 *
 * Columns: Date (ISO 8601, as the bank recorded it), Name, Type (`credit` or `debit`), Status (as the bank
 * reports it: `successful`, `in_progress`, `failed`) and Amount, a plain signed number with two decimals
 * (`-1200.50`: debits negative, credits positive; no currency symbol, no grouping).
 */
import type { Transaction } from '../-components/transactions-table';
import { calendarDay } from './statement-filter';

/** A text cell, or an amount (a number, written with two decimals). */
export type CsvCell = string | number;

/** Characters that make a spreadsheet read a cell as a formula (OWASP's list: `= + - @`, tab and CR). */
const FORMULA_START = /^[=+\-@\t\r]/u;
/** Characters that need the cell quoted (RFC 4180, section 2). */
const NEEDS_QUOTES = /[",\r\n]/u;

/**
 * One cell, ready for a line: a text that a spreadsheet would run as a formula gets a leading `'` (so
 * `=HYPERLINK(...)` stays text), and a text with a quote, comma or line break is quoted with its quotes
 * doubled. Amounts are numbers and are never prefixed.
 */
export function csvCell(cell: CsvCell): string {
  if (typeof cell === 'number') return cell.toFixed(2);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text: cells joined with commas, every line (the last too) ended with CRLF. */
export const toCsv = (rows: readonly (readonly CsvCell[])[]) =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');

export const STATEMENT_CSV_HEADER = ['Date', 'Name', 'Type', 'Status', 'Amount'] as const;

/** A moment as ISO 8601 in UTC (`2026-11-01T09:30:00.000Z`); a date the browser cannot read stays as it came. */
export function isoDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** The signed amount: debits negative. Whole cents, so `1200.5` is `-1200.50` and never `-1200.4999`. */
export const signedAmountValue = ({ amount, transaction_type }: Transaction) =>
  (transaction_type === 'debit' ? -Math.round(amount * 100) : Math.round(amount * 100)) / 100;

/** The transactions as a CSV statement, with its header row. */
export const statementCsv = (transactions: readonly Transaction[]) =>
  toCsv([
    STATEMENT_CSV_HEADER,
    ...transactions.map((transaction) => [
      isoDate(transaction.date),
      transaction.name,
      transaction.transaction_type,
      transaction.status,
      signedAmountValue(transaction),
    ]),
  ]);

/** `statement-2026-11-30.csv`, with the customer's own date. */
export const statementFileName = (now = new Date()) => `statement-${calendarDay(now)}.csv`;

/** Hands the text to the browser as a file download (a Blob behind a link with `download`). */
export function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a moment later.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}
