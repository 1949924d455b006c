import { authOperations } from '@ebank/contract';
import { useMutation } from '@tanstack/react-query';
import { Link, linkOptions } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useFormState } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { CheckboxField, SecretDigitsField, TextField, EmailField } from '@/components/ui/form-fields';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/auth';
import { required } from '@/forms/form-rules';
import { RedirectNotice, useDelayedRedirect } from '@/components/redirect-notice';
import { AccountCard } from './account-card';
import { emailField } from './email-field';
import { confirmMatches, confirmPasscodeField, newPasscodeField, PASSCODE_LENGTH } from './form-schemas';
import { textLinkClass } from '@/components/ui/text-link';
import { TermsLabel } from './terms-label';

const resetShape = authOperations.forgotPasscode.request.def.options[1].shape;

const resetSchema = z
  .object({
    email: emailField(),
    reset_code: z.pipe(required('Reset code is required'), resetShape.reset_code),
    new_password: z.pipe(newPasscodeField(), resetShape.new_password),
    confirm: confirmPasscodeField(),
    // Shown, as the spec has it, but not required.
    terms: z.boolean(),
  })
  .check(z.refine((values) => values.confirm === values.new_password, confirmMatches('new_password')));

/**
 * Setting a new passcode with the reset code. From the e-mailed link (`reset/r/{email}/{token}`) the
 * e-mail and the code travel as hidden fields; on plain `reset` the user types them.
 */
export function ResetPasscodeForm({ email, token }: { email?: string | undefined; token?: string | undefined }) {
  const { redirectAfterDelay, waiting, notice } = useDelayedRedirect();
  const fromLink = email !== undefined && token !== undefined;
  const form = useForm({
    resolver: zodResolver(resetSchema),
    defaultValues: { email: email ?? '', reset_code: token ?? '', new_password: '', confirm: '', terms: false },
  });
  const { errors } = useFormState({ control: form.control });
  const reset = useMutation({
    ...mutationOptionsFor('forgotPasscode'),
    meta: { errorMessage: 'An unexpected error occured', flow: 'reset' },
  });

  const submit = useFormSubmit(form, async (values) => {
    const reply = await reset.mutateAsync({
      action: 'reset',
      email: values.email,
      reset_code: values.reset_code,
      new_password: values.new_password,
    });
    toast.success(reply.message ?? 'Action Successful', { flow: 'reset' });
    redirectAfterDelay({ message: 'Taking you to sign in…', to: linkOptions({ to: '/account/login' }) });
  });

  const badLink = fromLink && (errors.email !== undefined || errors.reset_code !== undefined);
  return (
    <AccountCard
      title="Create a new passcode"
      description="Choose a new 6-digit passcode for signing in."
      footer={
        <>
          Need a new link?
          <Link to="/account/forgot" className={textLinkClass}>
            Request one
          </Link>
        </>
      }
    >
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
          {fromLink ? (
            <>
              <input type="hidden" {...form.register('email')} />
              <input type="hidden" {...form.register('reset_code')} />
              {badLink && (
                <p
                  role="alert"
                  className="rounded-lg bg-destructive-soft px-4 py-3 text-sm font-medium text-destructive"
                >
                  This reset link is not valid. Please request a new one.
                </p>
              )}
            </>
          ) : (
            <>
              <EmailField control={form.control} name="email" />
              <TextField
                control={form.control}
                name="reset_code"
                label="Reset code"
                description="The code in the e-mail we sent you."
                autoComplete="one-time-code"
              />
            </>
          )}
          <SecretDigitsField
            control={form.control}
            name="new_password"
            label="New passcode"
            description="6 digits."
            length={PASSCODE_LENGTH}
            autoComplete="new-password"
          />
          <SecretDigitsField
            control={form.control}
            name="confirm"
            label="Confirm new passcode"
            length={PASSCODE_LENGTH}
            autoComplete="new-password"
          />
          <CheckboxField control={form.control} name="terms" label={<TermsLabel />} />
          <Button type="submit" size="lg" pending={submit.pending} disabled={waiting}>
            Reset passcode
          </Button>
          <RedirectNotice notice={notice} />
        </form>
      </Form>
    </AccountCard>
  );
}
