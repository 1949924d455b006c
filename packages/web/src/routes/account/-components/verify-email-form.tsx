import { authOperations } from '@ebank/contract';
import { useMutation } from '@tanstack/react-query';
import { Link, linkOptions } from '@tanstack/react-router';
import MailCheck from 'lucide-react/icons/mail-check';
import * as z from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { EmailField } from '@/components/ui/form-fields';
import { OtpField } from '@/components/ui/otp-field';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/auth';
import { exactDigits } from '@/forms/form-rules';
import { session } from '@/session/session';
import { RedirectNotice, useDelayedRedirect } from '@/components/redirect-notice';
import { AccountCard } from './account-card';
import { emailField } from './email-field';
import { useResendCode } from './use-resend-code';
import { ResendLink } from './resend-link';
import { textLinkClass } from '@/components/ui/text-link';
import { EmailAddress } from '@/components/email-address';

const CODE_LENGTH = 6;

const verifySchema = z.object({
  email: emailField(),
  ver_code: z.pipe(
    exactDigits(CODE_LENGTH, 'Enter the 6-digit code from the e-mail'),
    authOperations.verifyEmail.request.shape.ver_code,
  ),
});

/**
 * E-mail verification: the 6-digit code the bank sent. For a customer not KYC-approved yet, its reply
 * carries the temporary token that opens the KYC submission. An approved customer (confirming an address
 * changed in settings) gets no token and signs in with the passcode next. `email` comes from the path,
 * the query or the session; without one the user types it.
 */
export function VerifyEmailForm({ email: given }: { email: string | undefined }) {
  // An address that could not be an e-mail (a mistyped link) is shown for correction instead.
  const known = given !== undefined && verifySchema.shape.email.safeParse(given).success ? given : undefined;
  const { redirectAfterDelay, waiting, notice } = useDelayedRedirect();
  const form = useForm({
    resolver: zodResolver(verifySchema),
    defaultValues: { email: given ?? '', ver_code: '' },
  });
  const verify = useMutation({
    ...mutationOptionsFor('verifyEmail'),
    meta: { errorMessage: 'That code is not valid. Check the e-mail or ask for a new code.', flow: 'verify-email' },
  });
  const resend = useResendCode('resendConfirmCode', 'verify-email');

  const submit = useFormSubmit(form, async ({ email, ver_code }) => {
    const reply = await verify.mutateAsync({ email, ver_code, action: 'code' });
    // The code alone never leaves a session behind: an approved customer signs in with the passcode.
    if (reply.verification_status === 'Verified') session.clearTempToken();
    else if (reply.jwt !== undefined) session.setTempToken(reply.jwt);
    session.setNotVerified(false);
    session.setEmail(email);
    toast.success(reply.message ?? 'E-mail verified', { flow: 'verify-email' });
    redirectAfterDelay(
      reply.verification_status === 'Pending Verification'
        ? { message: 'Taking you to your review status…', to: linkOptions({ to: '/account/kyc/under-review' }) }
        : reply.verification_status === 'Verified'
          ? { message: 'Taking you to sign in…', to: linkOptions({ to: '/account/login' }) }
          : { message: 'Taking you to identity verification…', to: linkOptions({ to: '/account/kyc/form' }) },
    );
  });

  const onResend = async () => {
    if (await form.trigger('email')) resend.send(form.getValues('email'));
  };

  const busy = submit.pending || waiting;
  return (
    <AccountCard
      title="Verify your e-mail"
      description={
        known === undefined ? (
          'Enter your e-mail address and the 6-digit code we sent to it.'
        ) : (
          <>
            We sent a 6-digit code to{' '}
            <EmailAddress address={known} className="font-semibold text-foreground wrap-anywhere" />. Enter it below.
          </>
        )
      }
      footer={
        <>
          Wrong address?{' '}
          <Link to="/account/login" className={textLinkClass}>
            Sign in with another one
          </Link>{' '}
          or{' '}
          <Link to="/account/signup" className={textLinkClass}>
            sign up again
          </Link>
        </>
      }
    >
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
          {known === undefined ? (
            <EmailField control={form.control} name="email" />
          ) : (
            <input type="hidden" {...form.register('email')} />
          )}
          <OtpField
            control={form.control}
            name="ver_code"
            label="Verification code"
            length={CODE_LENGTH}
            autoFocus={known !== undefined}
            disabled={waiting}
          />
          <Button type="submit" size="lg" pending={submit.pending} disabled={waiting}>
            <MailCheck aria-hidden="true" />
            Confirm Code
          </Button>
          <RedirectNotice notice={notice} />
          <ResendLink
            question="Didn't get the code?"
            label="Resend code"
            resend={resend}
            disabled={busy}
            onResend={onResend}
          />
        </form>
      </Form>
    </AccountCard>
  );
}
