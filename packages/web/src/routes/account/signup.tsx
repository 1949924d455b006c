import { isApiError } from '@ebank/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link, linkOptions } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { CheckboxField, SecretDigitsField, TextField, EmailField } from '@/components/ui/form-fields';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/auth';
import { session } from '@/session/session';
import { RedirectNotice, useDelayedRedirect } from '@/components/redirect-notice';
import { AccountCard } from './-components/account-card';
import { PASSCODE_LENGTH } from './-components/form-schemas';
import { textLinkClass } from '@/components/ui/text-link';
import { TermsLabel } from './-components/terms-label';
import { emptyForm, signupFormSchema } from './-components/signup-form';
import { titled } from '@/lib/page-title';

/** A sign-up that got no answer at all: the network, not the details, failed. */
const NO_REPLY_MESSAGE = 'We could not reach the bank. Check your connection and try again.';

export const Route = createFileRoute('/account/signup')({
  head: titled('Create your account'),
  component: SignupPage,
});

function SignupPage() {
  const { redirectAfterDelay, waiting, notice } = useDelayedRedirect();
  const form = useForm({ resolver: zodResolver(signupFormSchema), defaultValues: emptyForm });
  const signup = useMutation({
    ...mutationOptionsFor('signup'),
    // The spec's message is for a reply without one; a sign-up that got no reply says so instead.
    meta: { errorMessage: 'Password should be at least 8 characters', quietWithoutReply: true, flow: 'signup' },
    onError: (error) => {
      if (isApiError(error) && error.isEmptyResult) toast.error(NO_REPLY_MESSAGE, { flow: 'signup' });
    },
  });

  const submit = useFormSubmit(form, async ({ first_name, last_name, username, email: entered, password, confirm }) => {
    const reply = await signup.mutateAsync({
      first_name,
      last_name,
      username,
      email: entered,
      password,
      confirm,
      fullname: `${first_name} ${last_name}`,
    });
    const email = reply.email ?? entered;
    session.setEmail(email);
    session.setNotVerified(true);
    toast.success('Signup successful', { flow: 'signup' });
    redirectAfterDelay({
      message: 'Taking you to verify your e-mail address…',
      to: linkOptions({ to: '/account/verify/$email', params: { email } }),
    });
  });

  return (
    <AccountCard
      title="Create your account"
      description="It takes two minutes. You will confirm your e-mail address next."
      footer={
        <>
          Already have an account?
          <Link to="/account/login" className={textLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField control={form.control} name="first_name" label="First name" autoComplete="given-name" />
            <TextField control={form.control} name="last_name" label="Last name" autoComplete="family-name" />
          </div>
          <TextField control={form.control} name="username" label="Username" autoComplete="username" />
          <EmailField control={form.control} name="email" />
          <SecretDigitsField
            control={form.control}
            name="password"
            label="Passcode"
            description="6 digits. You will use it to sign in."
            length={PASSCODE_LENGTH}
            autoComplete="new-password"
          />
          <SecretDigitsField
            control={form.control}
            name="confirm"
            label="Confirm passcode"
            length={PASSCODE_LENGTH}
            autoComplete="new-password"
          />
          <CheckboxField control={form.control} name="terms" label={<TermsLabel />} />
          <Button type="submit" size="lg" pending={submit.pending} disabled={waiting}>
            Create account
          </Button>
          <RedirectNotice notice={notice} />
        </form>
      </Form>
    </AccountCard>
  );
}
