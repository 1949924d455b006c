import { operations } from '@ebank/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AtSign, KeyRound, LockKeyhole } from 'lucide-react';
import type { ReactNode, SyntheticEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-fields';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/lib/api';
import { PageHeader } from './-components/page';
import { ignore, invalidate, profileQuery } from './-components/queries';

export const Route = createFileRoute('/dashboard/settings')({
  // Only for showing the current e-mail address; the forms do not wait for it.
  loader: ({ context: { queryClient } }) => {
    void queryClient.query(profileQuery).catch(ignore);
  },
  component: SettingsPage,
});

/** Spec section 8: a passcode and its confirmation that differ. */
const PASSWORD_MISMATCH = 'Password Mismatch';
const PIN_MISMATCH = 'PIN Mismatch';
const DONE = 'Action Successful';
const PASSCODE_LENGTH = 6;
const PIN_LENGTH = 4;

const emailRule = operations.changeEmail.request.shape.email;
const passcodeShape = operations.changePasscode.request.shape;
const pinShape = operations.changePin.request.shape;

const digitsField = (length: number, message: string, wire: z.ZodType<string, string>) =>
  z
    .string()
    .regex(new RegExp(`^\\d{${String(length)}}$`, 'u'), message)
    .pipe(wire);

const emailSchema = z.object({ email: z.string().trim().pipe(emailRule) });
const passcodeSchema = z.object({
  c_pwd: digitsField(PASSCODE_LENGTH, 'Your passcode has 6 digits', passcodeShape.c_pwd),
  n_pwd: digitsField(PASSCODE_LENGTH, 'The new passcode must be 6 digits', passcodeShape.n_pwd),
  con_pwd: digitsField(PASSCODE_LENGTH, 'The new passcode must be 6 digits', passcodeShape.con_pwd),
});
const pinSchema = z.object({
  c_pwd: digitsField(PIN_LENGTH, 'Your PIN has 4 digits', pinShape.c_pwd),
  n_pwd: digitsField(PIN_LENGTH, 'The new PIN must be 4 digits', pinShape.n_pwd),
  con_pwd: digitsField(PIN_LENGTH, 'The new PIN must be 4 digits', pinShape.con_pwd),
});

type SecretValues = z.input<typeof passcodeSchema>;
const emptySecrets: SecretValues = { c_pwd: '', n_pwd: '', con_pwd: '' };

/** Keeps only digits, at most `length`. */
const digitsOnly = (length: number) => (value: string) => value.replace(/\D/gu, '').slice(0, length);

const secretInput = (length: number) =>
  ({
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'off',
    maxLength: length,
    transform: digitsOnly(length),
    revealable: true,
  }) as const;

function SettingsPage() {
  return (
    <div>
      <PageHeader title="Settings" description="Your e-mail address, passcode and transaction PIN." />
      <div className="grid max-w-3xl gap-6">
        <EmailForm />
        <PasscodeForm />
        <PinForm />
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

function EmailForm() {
  const queryClient = useQueryClient();
  const { data: profile } = useQuery({ ...profileQuery, retryOnMount: false });
  const form = useForm({ resolver: zodResolver(emailSchema), defaultValues: { email: '' } });
  const email = useWatch({ control: form.control, name: 'email' });
  // Spec section 5: Save only for an address of the standard form.
  const canSave = emailRule.safeParse(email.trim()).success;
  const change = useMutation(mutationOptionsFor('changeEmail'));

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: (reply) => {
        toast.success(reply.message ?? DONE);
        form.reset();
        void invalidate(queryClient, 'getProfile');
      },
    });
  });

  const current = profile?.data.email;
  return (
    <SettingsCard
      icon={<AtSign />}
      title="E-mail address"
      description={
        current === undefined ? (
          'The address we write to and you sign in with.'
        ) : (
          <>
            Currently <span className="font-medium break-all text-foreground">{current}</span>
          </>
        )
      }
    >
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={(event) => void onSubmit(event)}>
          <TextField
            control={form.control}
            name="email"
            label="New e-mail address"
            type="email"
            inputMode="email"
            autoComplete="email"
          />
          <Button type="submit" className="sm:justify-self-start" disabled={!canSave} pending={change.isPending}>
            Save
          </Button>
        </form>
      </Form>
    </SettingsCard>
  );
}

/** The three fields of a passcode or PIN change, and what its Save button allows. */
function useSecretForm(schema: typeof passcodeSchema | typeof pinSchema) {
  const form = useForm<SecretValues, unknown, SecretValues>({
    resolver: zodResolver(schema),
    defaultValues: emptySecrets,
  });
  const [current, next, confirm] = useWatch({ control: form.control, name: ['c_pwd', 'n_pwd', 'con_pwd'] });
  const filled = current !== '' && next !== '' && confirm !== '';
  return { form, filled, next, confirm };
}

/**
 * Submits only when the new value and its confirmation agree: otherwise `mismatch` is shown and nothing
 * is sent (spec section 5), whatever the Save button allowed.
 */
function submitUnlessMismatch(
  form: ReturnType<typeof useSecretForm>['form'],
  mismatch: string,
  send: (values: SecretValues) => void,
) {
  return (event: SyntheticEvent<HTMLFormElement>) => {
    const { n_pwd, con_pwd } = form.getValues();
    if (n_pwd !== con_pwd) {
      event.preventDefault();
      toast.error(mismatch);
      return;
    }
    void form.handleSubmit(send)(event);
  };
}

function PasscodeForm() {
  const { form, filled, next, confirm } = useSecretForm(passcodeSchema);
  // Spec section 5: all filled, new equals confirm, confirm longer than 4.
  const canSave = filled && next === confirm && confirm.length > 4;
  const change = useMutation(mutationOptionsFor('changePasscode'));
  const onSubmit = submitUnlessMismatch(form, PASSWORD_MISMATCH, (values) => {
    change.mutate(values, {
      onSuccess: (reply) => {
        toast.success(reply.message ?? DONE);
        form.reset();
      },
    });
  });
  return (
    <SettingsCard icon={<LockKeyhole />} title="Passcode" description="The 6 digits you sign in with.">
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={onSubmit}>
          <TextField
            control={form.control}
            name="c_pwd"
            label="Current passcode"
            {...secretInput(PASSCODE_LENGTH)}
            autoComplete="current-password"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              control={form.control}
              name="n_pwd"
              label="New passcode"
              {...secretInput(PASSCODE_LENGTH)}
              autoComplete="new-password"
            />
            <TextField
              control={form.control}
              name="con_pwd"
              label="Confirm new passcode"
              {...secretInput(PASSCODE_LENGTH)}
              autoComplete="new-password"
            />
          </div>
          <Button type="submit" className="sm:justify-self-start" disabled={!canSave} pending={change.isPending}>
            Save
          </Button>
        </form>
      </Form>
    </SettingsCard>
  );
}

function PinForm() {
  const { form, filled, next, confirm } = useSecretForm(pinSchema);
  // Spec section 5: all filled, new equals confirm, confirm exactly 4.
  const canSave = filled && next === confirm && confirm.length === PIN_LENGTH;
  const change = useMutation(mutationOptionsFor('changePin'));
  const onSubmit = submitUnlessMismatch(form, PIN_MISMATCH, (values) => {
    change.mutate(values, {
      onSuccess: (reply) => {
        toast.success(reply.message ?? DONE);
        form.reset();
      },
    });
  });
  return (
    <SettingsCard icon={<KeyRound />} title="Transaction PIN" description="The 4 digits that confirm your transfers.">
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={onSubmit}>
          <TextField control={form.control} name="c_pwd" label="Current PIN" {...secretInput(PIN_LENGTH)} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField control={form.control} name="n_pwd" label="New PIN" {...secretInput(PIN_LENGTH)} />
            <TextField control={form.control} name="con_pwd" label="Confirm new PIN" {...secretInput(PIN_LENGTH)} />
          </div>
          <Button type="submit" className="sm:justify-self-start" disabled={!canSave} pending={change.isPending}>
            Save
          </Button>
        </form>
      </Form>
    </SettingsCard>
  );
}
