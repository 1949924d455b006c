/**
 * A statement as a CSV file a spreadsheet or a bookkeeping tool opens.
 *
 * Columns: Date and Status as the statement on screen shows them (the same helpers: `formatDate`, the
 * customer's own day as day/month/year, `25/11/2026`; `statusLabel`, `in progress`), Name, Type (`credit` or
 * `debit`) and Amount, a plain signed number with two decimals (`-1200.50`: debits negative, credits positive;
 * no currency symbol, no grouping, so a spreadsheet reads it as a number).
 */
import Papa from 'papaparse';
import { calendarDay, formatDate, statusLabel } from '@/lib/format';
import type { Transaction } from '../-components/transactions-table';

/** A text cell, or an amount (a number, written with two decimals). */
export type CsvCell = string | number;

/**
 * Papa Parse writes the CSV (RFC 4180: quoting, doubled quotes, CRLF between lines). Its formula guard puts a
 * `'` before a text cell that a spreadsheet would run as a formula (OWASP's list: `= + - @`, tab, CR), so
 * `=HYPERLINK(...)` stays text; a plain number such as an amount (`-1200.50`) is no formula and is left as it is.
 */
const UNPARSE = {
  newline: '\r\n',
  escapeFormulae: /^(?!-?\d+(?:\.\d+)?$)[=+\-@\t\r]/u,
} as const;

const cellText = (cell: CsvCell) => (typeof cell === 'number' ? cell.toFixed(2) : cell);

/** Rows as CSV text, lines separated by CRLF. */
export const toCsv = (rows: readonly (readonly CsvCell[])[]) =>
  Papa.unparse(
    rows.map((row) => row.map(cellText)),
    UNPARSE,
  );

/** One cell as it stands in a line. */
export const csvCell = (cell: CsvCell) => toCsv([[cell]]);

export const STATEMENT_CSV_HEADER = ['Date', 'Name', 'Type', 'Status', 'Amount'] as const;

/** The signed amount: debits negative. Whole cents, so `1200.5` is `-1200.50` and never `-1200.4999`. */
export const signedAmountValue = ({ amount, transaction_type }: Transaction) =>
  (transaction_type === 'debit' ? -Math.round(amount * 100) : Math.round(amount * 100)) / 100;

/** The transactions as a CSV statement, with its header row. */
export const statementCsv = (transactions: readonly Transaction[]) =>
  toCsv([
    STATEMENT_CSV_HEADER,
    ...transactions.map((transaction) => [
      formatDate(transaction.date),
      transaction.name,
      transaction.transaction_type,
      statusLabel(transaction.status),
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
