import type { OperationReply, Operations } from '@ebank/contract';
import ArrowDownLeft from 'lucide-react/icons/arrow-down-left';
import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import { formatAmount, formatDate, statusLabel } from '@/lib/format';
import { cn } from '@/lib/cn';

export type Transaction = OperationReply<Operations['getStatement']>['transactions'][number];

const statusStyles: Record<Transaction['status'], string> = {
  successful: 'bg-success-soft text-success',
  in_progress: 'bg-warning-soft text-warning',
  failed: 'bg-destructive-soft text-destructive',
};

function StatusBadge({ status }: { status: Transaction['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap capitalize',
        statusStyles[status],
      )}
    >
      {statusLabel(status)}
    </span>
  );
}

/** A signed amount: credits with a plus, debits with a minus. */
export function signedAmount({ amount, transaction_type }: Transaction, currency: string) {
  return transaction_type === 'credit' ? `+${formatAmount(amount, currency)}` : formatAmount(-amount, currency);
}

/** The amount of the most recent debit; 0 when there is none. */
export function lastDebit(transactions: readonly Transaction[]) {
  let latest: Transaction | undefined;
  for (const transaction of transactions) {
    if (transaction.transaction_type !== 'debit') continue;
    if (latest === undefined || Date.parse(transaction.date) > Date.parse(latest.date)) latest = transaction;
  }
  return latest?.amount ?? 0;
}

/**
 * Transactions as a table: name, date, credit or debit, status and amount. On a phone the date and the
 * status move under the name and the type under the amount, so two columns fit 320 px.
 */
export function TransactionsTable({
  transactions,
  currency,
  caption,
}: {
  transactions: readonly Transaction[];
  currency: string;
  caption: string;
}) {
  return (
    // Its width comes from the card, never from the table (inline-size containment): a table wider than
    // the card scrolls inside it instead of widening the page.
    <div className="-mx-5 overflow-x-auto [contain:inline-size] sm:mx-0">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <tr className="border-b">
            <th scope="col" className="py-2 pr-2 pl-5 font-medium sm:px-3">
              Transaction
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Date
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Type
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Status
            </th>
            <th scope="col" className="py-2 pr-5 pl-2 text-right font-medium sm:px-3">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((transaction, index) => {
            const credit = transaction.transaction_type === 'credit';
            // A failed one moved no money: its amount is struck through, in neither colour of money that moved.
            const failed = transaction.status === 'failed';
            const date = formatDate(transaction.date);
            return (
              <tr key={`${transaction.date}-${String(index)}`} className="border-b last:border-b-0">
                {/* On a phone the two cells keep their outer padding, and less between them: 320 px holds both. */}
                <td className="py-3 pr-2 pl-5 align-top sm:px-3 sm:align-middle">
                  <div className="flex items-start gap-3 sm:items-center">
                    <span
                      aria-hidden="true"
                      className={cn(
                        'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full sm:mt-0',
                        failed
                          ? 'bg-muted text-muted-foreground'
                          : credit
                            ? 'bg-success-soft text-success'
                            : 'bg-destructive-soft text-destructive',
                      )}
                    >
                      {credit ? <ArrowDownLeft className="size-4" /> : <ArrowUpRight className="size-4" />}
                    </span>
                    <div className="grid min-w-0 gap-1">
                      <span className="font-medium wrap-anywhere">{transaction.name}</span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground sm:hidden">
                        {date}
                        <StatusBadge status={transaction.status} />
                      </span>
                    </div>
                  </div>
                </td>
                <td className="hidden px-3 py-3 whitespace-nowrap text-muted-foreground tabular-nums sm:table-cell">
                  {date}
                </td>
                <td className="hidden px-3 py-3 capitalize md:table-cell">{transaction.transaction_type}</td>
                <td className="hidden px-3 py-3 sm:table-cell">
                  <StatusBadge status={transaction.status} />
                </td>
                <td className="py-3 pr-5 pl-2 text-right align-top whitespace-nowrap sm:px-3 sm:align-middle">
                  <span
                    className={cn(
                      'font-semibold tabular-nums',
                      failed ? 'text-muted-foreground line-through' : credit ? 'text-success' : 'text-foreground',
                    )}
                  >
                    {signedAmount(transaction, currency)}
                  </span>
                  <span className="block text-xs text-muted-foreground capitalize md:hidden">
                    {transaction.transaction_type}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
