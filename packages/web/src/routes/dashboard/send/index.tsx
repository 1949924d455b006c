import { noop, useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import ArrowRight from 'lucide-react/icons/arrow-right';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form, useFormSubmit } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-fields';
import { institutionQuery, pinQuery, serviceChargeQuery, transferListQuery } from '@/api/queries';
import { formatAmount, inAccountCurrency } from '@/lib/format';
import { PageHeader } from '../-components/page';
import { RequestList } from '../-money/request-list';
import { DEFAULT_SERVICE_CHARGE_PERCENT, transferCharges, transferDraft } from './-components/transfer';
import {
  emptyTransferForm,
  TRANSFER_LABELS,
  transferFormSchema,
  type Transfer,
  type TransferFormInput,
} from './-components/transfer-form';
import { TransferSteps } from './-components/transfer-steps';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/send/')({
  head: titled('Bank Transfer'),
  // Without a transaction PIN, create one first. The router drops the result once the
  // screen is left, so every visit asks before the page shows (the answer itself is cached by the query).
  loader: async ({ context: { queryClient } }) => {
    const { haspin } = await queryClient.query(pinQuery);
    if (!haspin) throw redirect({ to: '/dashboard/pincreation', replace: true });
    // The past transfers, the service charge (the review's own read) and the balance, which the dashboard
    // asks for, are courtesies: the form does not wait for them.
    void queryClient.query(transferListQuery).catch(noop);
    void queryClient.query(serviceChargeQuery).catch(noop);
  },
  gcTime: 0,
  preloadGcTime: 0,
  component: SendPage,
});

/** A label with the required mark (the mark is not part of the field's name). */
function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children}
      <span className="text-destructive" aria-hidden="true">
        *
      </span>
    </>
  );
}

/**
 * The service charge as the amount is typed: the bank's percent of it and what the payee receives, worked
 * out as the review and the bank do (`transferCharges`). Says nothing until the bank's percent is in.
 */
function useChargesNote(control: Control<TransferFormInput, unknown, Transfer>, currency: string | undefined) {
  const { data } = useQuery(serviceChargeQuery);
  const typed = useWatch({ control, name: 'amount' });
  if (data === undefined) return undefined;
  const percent = data.percent?.percent ?? DEFAULT_SERVICE_CHARGE_PERCENT;
  const amount = transferFormSchema.shape.amount.safeParse(typed);
  if (!amount.success) return `A ${percent}% service charge is taken from the amount.`;
  const { fee, received } = transferCharges(amount.data, percent);
  return `Service charge (${percent}%): ${formatAmount(fee, currency)}. Amount received: ${formatAmount(received, currency)}.`;
}

function SendPage() {
  const navigate = useNavigate();
  const institution = useQuery(institutionQuery);
  const transfers = useQuery(transferListQuery);
  const currency = institution.data?.currency;
  const [kept] = useState(() => transferDraft.form());
  const form = useForm({ resolver: zodResolver(transferFormSchema), defaultValues: kept });
  const chargesNote = useChargesNote(form.control, currency);

  // Everything typed is kept for this browser tab, so a reload loses nothing.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          transferDraft.saveForm({ ...emptyTransferForm, ...values });
        },
      }),
    [form],
  );

  const submit = useFormSubmit(form, async (transfer) => {
    transferDraft.saveReviewed(form.getValues(), formatAmount(transfer.amount, currency));
    await navigate({ to: '/dashboard/send/confirm' });
  });

  const startOver = () => {
    form.reset(emptyTransferForm);
    transferDraft.clear();
  };

  const field = (
    name: Exclude<keyof typeof TRANSFER_LABELS, 'amount' | 'note'>,
    extra: { placeholder?: string; description?: string } = {},
  ) => (
    <TextField
      control={form.control}
      name={name}
      label={<RequiredLabel>{TRANSFER_LABELS[name]}</RequiredLabel>}
      required
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Bank Transfer"
        description="Send money to an account at another bank."
        back={{ to: '/dashboard', label: 'Dashboard' }}
      />
      <TransferSteps current={0} />
      <Card className="max-w-3xl">
        <CardHeader>
          <h2 className="text-lg font-semibold tracking-tight">Transfer details</h2>
          <CardDescription>
            {institution.data === undefined ? (
              'Fields marked * are required.'
            ) : (
              <>
                Available balance:{' '}
                <strong className="font-semibold text-foreground tabular-nums">
                  {formatAmount(institution.data.tb.current_balance, currency)}
                </strong>
                . Fields marked * are required.
              </>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form {...form}>
            <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
              <div className="grid gap-5 sm:grid-cols-2">
                {field('bank')}
                {field('swift', { placeholder: 'e.g. FEXBUS33' })}
                {field('currency', { placeholder: 'e.g. USD', description: "The payee's account currency" })}
                {field('routing')}
                {field('country')}
                {field('act_no')}
                {field('act_hold_name')}
                <TextField
                  control={form.control}
                  name="amount"
                  label={<RequiredLabel>{TRANSFER_LABELS.amount}</RequiredLabel>}
                  required
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  placeholder="0.00"
                  description={
                    <>
                      {inAccountCurrency(currency)}.{' '}
                      {chargesNote === undefined ? null : <span aria-live="polite">{chargesNote}</span>}
                    </>
                  }
                />
              </div>
              <TextField
                control={form.control}
                name="note"
                label={<RequiredLabel>{TRANSFER_LABELS.note}</RequiredLabel>}
                placeholder="What is this transfer for?"
                multiline
              />
              {/* Continue comes first to the keyboard too: Tab from the note reaches it, not Start over. */}
              <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-between">
                <Button type="submit" size="lg" pending={submit.pending}>
                  Continue
                  <ArrowRight aria-hidden="true" />
                </Button>
                <Button variant="ghost" onClick={startOver}>
                  <RotateCcw aria-hidden="true" />
                  Start over
                </Button>
              </div>
            </form>
          </Form>
        </CardContent>
      </Card>
      <RequestList title="Your Transfers" rows={transfers.data?.transactions ?? []} currency={currency} />
    </div>
  );
}
