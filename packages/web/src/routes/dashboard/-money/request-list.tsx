import type { OperationReply, Operations } from '@ebank/contract';
import { useId } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatAmount, formatDate } from '@/lib/format';
import { StatusBadge } from './status-badge';

/**
 * A request row as the loaders answer it; a fixed deposit's or an upgrade's may name its plan (`plan`, a
 * reply extension the real host does not send: docs/decisions/0041).
 */
export type RequestRow = OperationReply<Operations['getCryptoDepositForm']>['transactions'][number] & {
  readonly plan?: string | undefined;
};

/**
 * Past deposits, payments, fixed deposits, upgrades or transfers: type, amount, date and a status badge.
 * A row that names its plan leads with the plan, and says which coin paid for it. Nothing at all when
 * there are none.
 */
export function RequestList({
  title,
  rows,
  currency,
}: {
  title: string;
  rows: readonly RequestRow[];
  currency: string | undefined;
}) {
  const headingId = useId();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <Card className="gap-4 sm:py-6">
        <CardHeader>
          <h2 id={headingId} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
        </CardHeader>
        <CardContent>
          <ul className="divide-y" aria-label={title}>
            {rows.map((row, index) => (
              <li key={`${row.created_at}-${index}`} className="flex items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">{row.plan ?? row.type}</p>
                  <p className="text-sm text-muted-foreground">
                    {row.plan === undefined
                      ? formatDate(row.created_at)
                      : `Paid in ${row.type} · ${formatDate(row.created_at)}`}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
                  <span className="font-semibold tabular-nums">{formatAmount(row.amount, currency)}</span>
                  <StatusBadge status={row.status} />
                </div>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </section>
  );
}
