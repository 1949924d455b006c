import { asksToSignInAgain, dashboardOperations } from '@ebank/contract';
import { noop, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import AtSign from 'lucide-react/icons/at-sign';
import KeyRound from 'lucide-react/icons/key-round';
import LockKeyhole from 'lucide-react/icons/lock-keyhole';
import type { ReactNode, SubmitEvent } from 'react';
import * as z from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { DisabledReason, useDisabledReason } from '@/components/ui/disabled-reason';
import { Form, useFormSubmit } from '@/components/ui/form';
import { EmailField, SecretDigitsField } from '@/components/ui/form-fields';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/dashboard';
import { profileQuery } from '@/api/queries';
import { exactDigits } from '@/forms/form-rules';
import { PageHeader } from './-components/page';
import { RecentSignIn } from './-components/recent-sign-in';
import { PASSCODE_LENGTH } from '../account/-components/passcode';
import { invalidate } from './-components/cache-updates';
import { EmailAddress } from '@/components/email-address';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/settings')({
  head: titled('Settings'),
  // Only for showing the current e-mail address; the forms do not wait for it.
  loader: ({ context: { queryClient } }) => {
    void queryClient.query(profileQuery).catch(noop);
  },
  component: SettingsPage,
});

/** The spec's title of every change's success toast; its description says what changed. */
const DONE = 'Action Successful';
/** The e-mail change's toasts: its success takes its earlier error toasts away. */
const EMAIL_FLOW = { flow: 'change-email' } as const;

const emailRule = dashboardOperations.changeEmail.request.shape.email;
/** Said when the new address and its confirmation differ: a mistyped address would lock the customer out. */
const EMAIL_MISMATCH = 'The two addresses differ';
/** Said when the new address is the one the account has: there is nothing to change, and no code to send. */
const EMAIL_UNCHANGED = 'This is already your e-mail address';
/** The same address, whatever the letter case (the bank keeps addresses in lower case). */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const emailSchema = z
  .object({ email: z.pipe(z.string().check(z.trim()), emailRule), confirm: z.string() })
  .check(z.refine(({ email, confirm }) => sameAddress(email, confirm), { path: ['confirm'], message: EMAIL_MISMATCH }));

/** The three fields of a passcode or PIN change: current, new and its confirmation, each `length` digits. */
function secretChangeSchema(
  operation: 'changePasscode' | 'changePin',
  length: number,
  messages: { current: string; next: string },
) {
  const wire = dashboardOperations[operation].request.shape;
  return z.object({
    c_pwd: z.pipe(exactDigits(length, messages.current), wire.c_pwd),
    n_pwd: z.pipe(exactDigits(length, messages.next), wire.n_pwd),
    con_pwd: z.pipe(exactDigits(length, messages.next), wire.con_pwd),
  });
}

type SecretValues = z.input<ReturnType<typeof secretChangeSchema>>;
const emptySecrets: SecretValues = { c_pwd: '', n_pwd: '', con_pwd: '' };

/** What tells the passcode change and the PIN change apart: their rules and their messages. */
interface SecretChange {
  readonly operation: 'changePasscode' | 'changePin';
  readonly length: number;
  readonly schema: ReturnType<typeof secretChangeSchema>;
  /** Save is on when all three are filled, the new value equals its confirmation and this holds for it. */
  readonly confirmLongEnough: (confirm: string) => boolean;
  /** Shown on a submit whose new value and confirmation differ; nothing is sent. */
  readonly mismatch: string;
  /** Its toasts' flow: a success takes the form's earlier errors away. */
  readonly flow: 'change-passcode' | 'change-pin';
  /** What the success toast says happened. */
  readonly done: string;
  readonly icon: ReactNode;
  readonly title: string;
  readonly description: string;
  readonly labels: Readonly<Record<keyof SecretValues, string>>;
  /** What the browser may offer for the current and the new value. */
  readonly autoComplete: { readonly current: string; readonly next: string };
}

const PIN_LENGTH = 4;

const PASSCODE_CHANGE: SecretChange = {
  operation: 'changePasscode',
  length: PASSCODE_LENGTH,
  schema: secretChangeSchema('changePasscode', PASSCODE_LENGTH, {
    current: 'Your passcode has 6 digits',
    next: 'The new passcode must be 6 digits',
  }),
  // The PIN's confirmation: longer than 4.
  confirmLongEnough: (confirm) => confirm.length > 4,
  mismatch: 'Password Mismatch',
  flow: 'change-passcode',
  done: 'Passcode changed',
  icon: <LockKeyhole />,
  title: 'Passcode',
  description: 'The 6 digits you sign in with.',
  labels: { c_pwd: 'Current passcode', n_pwd: 'New passcode', con_pwd: 'Confirm new passcode' },
  autoComplete: { current: 'current-password', next: 'new-password' },
};

const PIN_CHANGE: SecretChange = {
  operation: 'changePin',
  length: PIN_LENGTH,
  schema: secretChangeSchema('changePin', PIN_LENGTH, {
    current: 'Your PIN has 4 digits',
    next: 'The new PIN must be 4 digits',
  }),
  // The PIN's confirmation: exactly 4.
  confirmLongEnough: (confirm) => confirm.length === PIN_LENGTH,
  // The spec names no message for the PIN; this one follows the passcode's.
  mismatch: 'PIN Mismatch',
  flow: 'change-pin',
  done: 'PIN changed',
  icon: <KeyRound />,
  title: 'Transaction PIN',
  description: 'The 4 digits that confirm your transfers.',
  labels: { c_pwd: 'Current PIN', n_pwd: 'New PIN', con_pwd: 'Confirm new PIN' },
  autoComplete: { current: 'off', next: 'off' },
};

function SettingsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Settings" description="Your e-mail address, passcode and transaction PIN." />
      <div className="grid max-w-3xl gap-6">
        <EmailForm />
        <SecretChangeForm change={PASSCODE_CHANGE} />
        <SecretChangeForm change={PIN_CHANGE} />
      </div>
    </div>
  );
}

function SettingsCard({
  icon,
  title,
  description,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="grid-cols-[auto_1fr] items-start gap-x-4">
        <span
          aria-hidden="true"
          className="row-span-2 flex size-10 items-center justify-center rounded-full bg-secondary text-primary [&_svg]:size-5"
        >
          {icon}
        </span>
        <h2 className="text-lg font-semibold">{title}</h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** A card's Save: off until its form allows it, the reason it is off said under the fields and as its description. */
function SaveButton({
  enabled,
  pending,
  why,
}: {
  enabled: boolean;
  pending: boolean;
  why: ReturnType<typeof useDisabledReason>;
}) {
  return (
    <>
      <DisabledReason className="-mt-2" {...why.reasonProps} />
      <Button
        type="submit"
        className="sm:justify-self-start"
        disabled={!enabled}
        pending={pending}
        {...why.buttonProps}
      >
        Save
      </Button>
    </>
  );
}

function EmailForm() {
  const queryClient = useQueryClient();
  const { data: profile } = useQuery({ ...profileQuery, retryOnMount: false });
  const form = useForm({ resolver: zodResolver(emailSchema), defaultValues: { email: '', confirm: '' } });
  const [email, confirm] = useWatch({ control: form.control, name: ['email', 'confirm'] });
  const current = profile?.data.email;
  // Save only for an address of the standard form, typed the same twice, other than the account's.
  const matches = sameAddress(email, confirm);
  const checked = emailRule.safeParse(email.trim());
  const wellFormed = checked.success;
  const unchanged = current !== undefined && sameAddress(email, current);
  const canSave = wellFormed && matches && !unchanged;
  // Said as soon as the confirmation is as long as the address, so a disabled Save never goes unexplained:
  // the same address, two that differ, or one the bank would not take (the contract's own words).
  const typedBoth = email.trim() !== '' && confirm.trim().length >= email.trim().length;
  const why = useDisabledReason(
    wellFormed && unchanged
      ? EMAIL_UNCHANGED
      : !typedBoth
        ? undefined
        : !matches
          ? EMAIL_MISMATCH
          : checked.error?.issues[0]?.message,
  );
  const change = useMutation({
    ...mutationOptionsFor('changeEmail'),
    // A refusal that a fresh sign-in lifts is said in the card, beside the way to sign in; others toast.
    meta: { ...EMAIL_FLOW, inline: asksToSignInAgain },
  });
  const refusal = asksToSignInAgain(change.error) ? change.error.message : undefined;

  const save = async ({ email: address }: z.output<typeof emailSchema>) => {
    const reply = await change.mutateAsync({ email: address });
    // Its success takes the form's earlier error toasts away, and its field errors (the reset). The bank
    // asks for the new address's code at the next sign-in: said now, while the customer can still read it.
    toast.success(reply.message ?? DONE, {
      description: 'E-mail address changed. At your next sign-in, confirm it with the code we sent to it.',
      ...EMAIL_FLOW,
    });
    form.reset();
    void invalidate(queryClient, 'getProfile');
  };
  const submit = useFormSubmit(form, save);

  return (
    <SettingsCard
      icon={<AtSign />}
      title="E-mail address"
      description={
        current === undefined ? (
          'The address we write to and you sign in with.'
        ) : (
          <>
            Currently <EmailAddress address={current} className="font-medium text-foreground" />
          </>
        )
      }
    >
      <div className="grid gap-5">
        <Form {...form}>
          <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
            <EmailField control={form.control} name="email" label="New e-mail address" />
            <EmailField control={form.control} name="confirm" label="Confirm new e-mail address" />
            <SaveButton enabled={canSave} pending={submit.pending} why={why} />
          </form>
        </Form>
        {refusal === undefined ? null : (
          // After the form, not in it: it holds a form of its own. The address sent is the one in the field then.
          <RecentSignIn message={refusal} email={current} onSignedIn={form.handleSubmit(save)} />
        )}
      </div>
    </SettingsCard>
  );
}

/**
 * A passcode or PIN change. Save is on from the start; a submit whose new value and
 * confirmation differ shows the mismatch message and sends nothing, whatever the Save button allowed.
 */
function SecretChangeForm({ change: spec }: { change: SecretChange }) {
  const form = useForm({ resolver: zodResolver(spec.schema), defaultValues: emptySecrets });
  const [current, next, confirm] = useWatch({ control: form.control, name: ['c_pwd', 'n_pwd', 'con_pwd'] });
  const canSave =
    current !== '' && next !== '' && confirm !== '' && next === confirm && spec.confirmLongEnough(confirm);
  // Said as soon as the confirmation can no longer become the new value (not while it is still being typed),
  // so a disabled Save never goes unexplained.
  const stillTyping = next.startsWith(confirm) && confirm.length < next.length;
  const mismatched = next !== '' && confirm !== '' && next !== confirm && !stillTyping;
  const why = useDisabledReason(mismatched ? spec.mismatch : undefined);
  const change = useMutation({ ...mutationOptionsFor(spec.operation), meta: { flow: spec.flow } });

  const submit = useFormSubmit(form, async (values) => {
    const reply = await change.mutateAsync(values);
    // Its success takes the form's earlier error toasts away ('Incorrect current passcode. 4 attempts
    // left.', the mismatch), and its field errors (the reset).
    toast.success(reply.message ?? DONE, { description: spec.done, flow: spec.flow });
    form.reset();
  });
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    const values = form.getValues();
    if (values.n_pwd !== values.con_pwd) {
      event.preventDefault();
      toast.error(spec.mismatch, { flow: spec.flow });
      return;
    }
    submit.onSubmit(event);
  };

  const field = (name: keyof SecretValues) => (
    <SecretDigitsField
      control={form.control}
      name={name}
      label={spec.labels[name]}
      length={spec.length}
      autoComplete={name === 'c_pwd' ? spec.autoComplete.current : spec.autoComplete.next}
    />
  );
  return (
    <SettingsCard icon={spec.icon} title={spec.title} description={spec.description}>
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={onSubmit}>
          {field('c_pwd')}
          <div className="grid gap-5 sm:grid-cols-2">
            {field('n_pwd')}
            {field('con_pwd')}
          </div>
          <SaveButton enabled={canSave} pending={submit.pending} why={why} />
        </form>
      </Form>
    </SettingsCard>
  );
}
