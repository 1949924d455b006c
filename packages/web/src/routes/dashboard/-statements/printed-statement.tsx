/**
 * The statement on paper (or 'Save as PDF'): the account holder and number, the filters in words, and every
 * matching row (not only the page on screen) in one column. It is shown only in print (`print:block`); the
 * screen's controls are hidden there (styles.css and `print:hidden`).
 */
import { formatDate, statusLabel } from '@/lib/format';
import { signedAmount, type Transaction } from '../-components/transactions-table';

export function PrintedStatement({
  transactions,
  currency,
  filters,
  holder,
  accountNumber,
  printedOn,
}: {
  transactions: readonly Transaction[];
  currency: string;
  /** The filters in words ('All transactions' when none is set). */
  filters: string;
  holder: string | undefined;
  accountNumber: string | undefined;
  printedOn: Date;
}) {
  return (
    <section aria-label="Printed statement" data-slot="printed-statement" className="hidden text-sm print:block">
      <dl className="mb-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">Account holder</dt>
        <dd>{holder ?? '—'}</dd>
        <dt className="font-medium">Account number</dt>
        <dd className="tabular-nums">{accountNumber ?? '—'}</dd>
        <dt className="font-medium">Filters</dt>
        <dd>{filters}</dd>
        <dt className="font-medium">Transactions</dt>
        <dd className="tabular-nums">{transactions.length}</dd>
        <dt className="font-medium">Printed on</dt>
        <dd className="tabular-nums">{formatDate(printedOn.toISOString())}</dd>
      </dl>
      <table className="w-full border-collapse">
        <caption className="sr-only">Statement</caption>
        <thead>
          <tr className="border-b text-left">
            {['Date', 'Transaction', 'Type', 'Status'].map((column) => (
              <th key={column} scope="col" className="py-1 pr-3 font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="py-1 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction, index) => (
            <tr key={`${transaction.date}-${String(index)}`} className="break-inside-avoid border-b">
              <td className="py-1 pr-3 whitespace-nowrap tabular-nums">{formatDate(transaction.date)}</td>
              <td className="py-1 pr-3 wrap-anywhere">{transaction.name}</td>
              <td className="py-1 pr-3 capitalize">{transaction.transaction_type}</td>
              <td className="py-1 pr-3 capitalize">{statusLabel(transaction.status)}</td>
              <td className="py-1 text-right whitespace-nowrap tabular-nums">{signedAmount(transaction, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
