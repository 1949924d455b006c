import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { DisabledReason, useDisabledReason } from '@/components/ui/disabled-reason';
import { institutionQuery, serviceChargeQuery } from '@/api/queries';
import { accountCurrency, formatAmount } from '@/lib/format';
import { CONFIRM_TOAST_MS } from '@/lib/timings';
import { PageHeader } from '../-components/page';
import { DEFAULT_SERVICE_CHARGE_PERCENT, transferCharges, transferDraft } from './-components/transfer';
import { TRANSFER_FIELDS, TRANSFER_LABELS } from './-components/transfer-form';
import { TransferSteps } from './-components/transfer-steps';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/send/confirm')({
  head: titled('Review the transfer', 'Bank Transfer'),
  // The kept transfer, checked; and the balance, which decides whether the transfer may go on: always
  // read it afresh. The router drops the result once the screen is left, so every visit checks and reads
  // anew before the page shows.
  loader: async ({ preload, context: { queryClient } }) => {
    const stored = transferDraft.transferOrBack(preload, CONFIRM_TOAST_MS);
    await Promise.all([
      // Not the cached reply: the balance in it decides whether the transfer may go on.
      queryClient.query({ ...serviceChargeQuery, staleTime: 0 }),
      queryClient.query({ ...institutionQuery, staleTime: 'static' }),
    ]);
    return stored;
  },
  gcTime: 0,
  preloadGcTime: 0,
  component: ConfirmPage,
});

/** Why 'Confirmed' is disabled (it is enabled only below the balance). */
const BELOW_BALANCE = 'The amount must be below your available balance.';

function ConfirmPage() {
  const navigate = useNavigate();
  const { transfer } = Route.useLoaderData();
  const { data: charge } = useSuspenseQuery(serviceChargeQuery);
  const { data: institution } = useSuspenseQuery(institutionQuery);
  const currency = institution.currency;
  const percent = charge.percent?.percent ?? DEFAULT_SERVICE_CHARGE_PERCENT;
  const balance = charge.tb.current_balance;
  const { fee, received } = transferCharges(transfer.amount, percent);
  // 'Insufficient balance' above the balance; Confirmed only below it.
  const insufficient = transfer.amount > balance;
  const allowed = transfer.amount < balance;
  const why = useDisabledReason(allowed ? undefined : BELOW_BALANCE);

  return (
    <div className="grid gap-6">
      <PageHeader title="Bank Transfer" description="Check the transfer before you authorise it." />
      <TransferSteps current={1} />
      <Card className="max-w-3xl">
        <CardHeader>
          <h2 className="text-lg font-semibold tracking-tight">Review your transfer</h2>
          <CardDescription>
            Available balance:{' '}
            <strong className="font-semibold text-foreground tabular-nums">{formatAmount(balance, currency)}</strong>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {TRANSFER_FIELDS.map((name) => (
              <div key={name} className={name === 'note' ? 'sm:col-span-2' : undefined}>
                <dt className="text-sm text-muted-foreground">{TRANSFER_LABELS[name]}</dt>
                <dd className="font-medium whitespace-pre-line wrap-anywhere">
                  {name === 'amount' ? formatAmount(transfer.amount, currency) : transfer[name]}
                </dd>
              </div>
            ))}
          </dl>
          <dl className="grid gap-2 rounded-lg bg-muted p-4 text-sm" aria-label="Charges">
            <div className="flex justify-between gap-4">
              <dt>Amount</dt>
              <dd className="font-medium tabular-nums">{formatAmount(transfer.amount, currency)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>Service charge ({percent}%)</dt>
              <dd className="font-medium tabular-nums">{formatAmount(fee, currency)}</dd>
            </div>
            <div className="flex justify-between gap-4 border-t pt-2 text-base">
              <dt className="font-semibold">Amount received</dt>
              <dd className="font-semibold tabular-nums">{formatAmount(received, currency)}</dd>
            </div>
          </dl>
          <p className="-mt-4 text-sm text-muted-foreground">
            Amounts are in your account&apos;s currency ({accountCurrency(currency)}).
          </p>
          {insufficient && (
            <p
              role="alert"
              className="flex items-center gap-2 rounded-lg border border-destructive/30 bg-destructive-soft px-4 py-3 text-sm font-medium text-destructive"
            >
              <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
              Insufficient balance
            </p>
          )}
        </CardContent>
        {/* Confirmed comes first to the keyboard too, as on a phone's screen; Edit is drawn to its left. */}
        <CardFooter className="flex-col gap-3 sm:flex-row-reverse sm:justify-between">
          <div className="grid w-full gap-2 sm:w-auto sm:justify-items-end">
            <Button
              size="lg"
              className="w-full sm:w-auto"
              disabled={!allowed}
              onClick={() => {
                // Confirmed anew: the PIN is asked again, and a code it sends replaces one sent before.
                transferDraft.forgetCodeSent();
                void navigate({ to: '/dashboard/send/pin' });
              }}
              {...why.buttonProps}
            >
              Confirmed
            </Button>
            <DisabledReason className="sm:text-right" {...why.reasonProps} />
          </div>
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <Link to="/dashboard/send">
              <ArrowLeft aria-hidden="true" />
              Edit
            </Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
