import { dashboardOperations, fieldMeta } from '@ebank/contract';
import { isApiError } from '@ebank/contract/errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useMemo, useState, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { clearEntry, Form, useFormSubmit } from '@/components/ui/form';
import { RedirectNotice, TO_DASHBOARD, useDelayedRedirect } from '@/components/redirect-notice';
import { OtpField } from '@/components/ui/otp-field';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/dashboard';
import { institutionQuery } from '@/api/queries';
import { formatAmount } from '@/lib/format';
import { exactDigits } from '@/forms/form-rules';
import type { CallMeta } from '@/api/query-client';
import { bankKeys } from '@/api/client';
import { PIN_CONFIRMATION_TOAST_MS, TRANSFER_REDIRECT_MS } from '@/lib/timings';
import { PageHeader } from '../-components/page';
import { transferDraft, type CodeStep } from './-components/transfer';
import { TransferSteps } from './-components/transfer-steps';
import { textLinkClass } from '@/components/ui/text-link';
import { cn } from '@/lib/cn';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/send/pin')({
  head: titled('Authorise the transfer', 'Bank Transfer'),
  // The kept transfer, checked before the page shows. The router drops the result once the screen is
  // left (no cached match to show while a check runs), so every visit checks anew.
  loader: ({ preload }) => transferDraft.transferOrBack(preload, PIN_CONFIRMATION_TOAST_MS),
  gcTime: 0,
  preloadGcTime: 0,
  component: PinPage,
});

/** What the PIN step says for each of its failures. */
const PIN_MESSAGES = {
  invalidPin: 'Invalid Pin',
  failed: 'An error has Occured.',
  codeRequired: 'Transfer Authorization Code is required',
  success: 'Successful! Await Confirmation',
} as const;

/** What a screen's balance, statements, transfer list and notifications read: all change with a transfer. */
const CHANGED_BY_TRANSFER = [
  'getInstitution',
  'getServiceCharge',
  'getHomeStatement',
  'getStatement',
  'getTransferList',
  'getNotifications',
] as const;

type Step = { readonly kind: 'pin' } | ({ readonly kind: 'code' } & CodeStep);

/**
 * The bank's refusals of a code that no entry can mend: none waiting any more (spent, expired or replaced:
 * 410) or one issued for another transfer (403). The PIN is asked again, which sends a new code.
 */
const CODE_GONE_STATUSES: ReadonlySet<number | undefined> = new Set([403, 410]);

/**
 * A failed call on this screen shows the bank's message, or 'An error has Occured.' when it brings none
 * (a network or other failure), for 15 s; the toast comes from the central handler.
 */
const PIN_CALL_META = {
  errorMessage: PIN_MESSAGES.failed,
  toastMs: PIN_CONFIRMATION_TOAST_MS,
  flow: 'transfer',
} satisfies CallMeta;

function PinPage() {
  const { transfer, display, codeSent } = Route.useLoaderData();
  const queryClient = useQueryClient();
  const { redirectAfterDelay, waiting, notice } = useDelayedRedirect();
  const institution = useQuery(institutionQuery);
  // A reload of the code step stays on it: the code already e-mailed still works.
  const [step, setStep] = useState<Step>(() =>
    codeSent === undefined ? { kind: 'pin' } : { kind: 'code', ...codeSent },
  );
  const askPin = () => {
    transferDraft.forgetCodeSent();
    setStep({ kind: 'pin' });
  };
  const confirmPin = useMutation({ ...mutationOptionsFor('confirmPin'), meta: PIN_CALL_META });
  const confirmCode = useMutation({ ...mutationOptionsFor('confirmTransferCode'), meta: PIN_CALL_META });
  const createTransfer = useMutation({ ...mutationOptionsFor('createTransfer'), meta: PIN_CALL_META });

  const amount = display ?? formatAmount(transfer.amount, institution.data?.currency);

  // A failed call has had its toast from the central handler (`PIN_CALL_META`): the steps below only
  // decide what to ask for next. `false` clears the entry for another try.

  /** The transfer itself, once the PIN (and the code, when asked) are confirmed. True when it went through. */
  const submitTransfer = async (): Promise<boolean> => {
    const reply = await createTransfer.mutateAsync({ ...transfer, extra: transfer }).catch(() => undefined);
    if (reply?.icon !== 'success') {
      // A reply without the success icon is no failed call, so the screen says so itself, for 15 s too.
      if (reply !== undefined)
        toast.error(reply.message ?? PIN_MESSAGES.failed, { duration: PIN_CONFIRMATION_TOAST_MS, flow: 'transfer' });
      // The confirmation is spent or stale: the PIN is asked again.
      askPin();
      return false;
    }
    transferDraft.sent();
    // The success takes the wrong PIN's and code's error toasts away.
    toast.success(PIN_MESSAGES.success, { duration: PIN_CONFIRMATION_TOAST_MS, flow: 'transfer' });
    for (const operation of CHANGED_BY_TRANSFER)
      void queryClient.invalidateQueries({ queryKey: bankKeys.operation(operation) });
    redirectAfterDelay(TO_DASHBOARD, TRANSFER_REDIRECT_MS);
    return true;
  };

  const onPin = async (pin: string): Promise<boolean> => {
    const reply = await confirmPin.mutateAsync({ pin, extra: transfer }).catch(() => undefined);
    if (reply === undefined) return false;
    if (reply.requiresanother !== undefined) {
      // The PIN is right: its earlier refusals no longer apply.
      toast.dismissErrors('transfer');
      const head = reply.requiresanother.head.trim();
      const codeStep = { head: head === '' ? PIN_MESSAGES.codeRequired : head, body: reply.requiresanother.body };
      // Kept with the transfer (the code itself never is), so a reload stays on the code step.
      transferDraft.saveCodeSent(codeStep);
      setStep({ kind: 'code', ...codeStep });
      return true;
    }
    return submitTransfer();
  };

  const onCode = async (code: string): Promise<boolean> => {
    try {
      await confirmCode.mutateAsync({ code, extra: transfer });
    } catch (error) {
      // The bank's message has had its toast; a code it no longer takes cannot be mended by typing.
      if (isApiError(error) && CODE_GONE_STATUSES.has(error.status)) askPin();
      return false;
    }
    return submitTransfer();
  };

  return (
    <div className="grid gap-6">
      <PageHeader title="Bank Transfer" description="Authorise the transfer." />
      <TransferSteps current={2} />
      <Card className="max-w-xl">
        {step.kind === 'pin' ? (
          <SecretStep
            key="pin"
            title="Enter your transaction PIN"
            description={
              <>
                Authorise <strong className="font-semibold text-foreground">{amount}</strong> to{' '}
                <strong className="font-semibold wrap-anywhere text-foreground">{transfer.act_hold_name}</strong>.
              </>
            }
            label="Transaction PIN"
            field={dashboardOperations.confirmPin.request.shape.pin}
            invalid={PIN_MESSAGES.invalidPin}
            masked
            submitLabel="Confirm"
            done={waiting}
            onSubmit={onPin}
            after={<RedirectNotice notice={notice} />}
          />
        ) : (
          <SecretStep
            key="code"
            title={step.head}
            description={step.body}
            label="Authorization code"
            field={dashboardOperations.confirmTransferCode.request.shape.code}
            invalid="Enter the 4-digit code"
            masked={false}
            submitLabel="Confirm Code"
            done={waiting}
            onSubmit={onCode}
            after={
              <>
                <RedirectNotice notice={notice} />
                {/* The PIN again sends a new code, in place of the one that did not come or has expired. */}
                {!waiting && (
                  <p className="text-center text-sm text-muted-foreground">
                    Didn&apos;t get the code?{' '}
                    <Button
                      variant="link"
                      className="font-medium"
                      disabled={confirmCode.isPending || createTransfer.isPending}
                      onClick={askPin}
                    >
                      Enter your PIN again for a new one
                    </Button>
                  </p>
                )}
              </>
            }
          />
        )}
      </Card>
      {!waiting && (
        <Link
          to="/dashboard/send/confirm"
          className={cn(textLinkClass, 'inline-flex w-fit items-center gap-1.5 rounded-sm text-sm')}
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to the review
        </Link>
      )}
    </div>
  );
}

/** How many digits a contract digits field takes. */
function digitsLength(field: z.ZodMiniString<string>): number {
  const meta = fieldMeta.get(field);
  if (meta?.kind !== 'digits') throw new Error('Not a digits field');
  return meta.length;
}

/**
 * One secret to enter (the PIN, or the authorization code): one box per digit and a button. The entry
 * is sent once, however often it is confirmed while its calls run (the PIN check, then the transfer);
 * when `onSubmit` says it was not accepted, the entry is cleared for another try.
 */
function SecretStep({
  title,
  description,
  label,
  field,
  invalid,
  masked,
  submitLabel,
  done,
  onSubmit,
  after,
}: {
  title: string;
  description: ReactNode;
  label: string;
  /** The contract's field: how many digits, and what the bank takes. */
  field: z.ZodMiniString<string>;
  /** The message for an entry that is empty or short. */
  invalid: string;
  masked: boolean;
  submitLabel: string;
  /** The transfer went through: nothing more to confirm. */
  done: boolean;
  onSubmit: (secret: string) => Promise<boolean>;
  /** What follows the button: where a success leads (until then it takes no room). */
  after: ReactNode;
}) {
  const length = digitsLength(field);
  const schema = useMemo(
    () =>
      z.object({
        secret: z.pipe(exactDigits(length, invalid), field),
      }),
    [length, invalid, field],
  );
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { secret: '' } });
  const submit = useFormSubmit(form, async ({ secret }) => {
    // A refused entry: empty boxes, focused again.
    if (!(await onSubmit(secret))) clearEntry(form, 'secret');
  });

  return (
    <>
      <CardHeader>
        <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-accent text-primary">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </div>
        <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
            <OtpField control={form.control} name="secret" label={label} length={length} masked={masked} autoFocus />
            <Button type="submit" size="lg" pending={submit.pending} disabled={done}>
              {submitLabel}
            </Button>
            {after}
          </form>
        </Form>
      </CardContent>
    </>
  );
}
