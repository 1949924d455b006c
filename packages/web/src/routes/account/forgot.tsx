import { useMutation } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import * as z from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { EmailField } from '@/components/ui/form-fields';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/auth';
import { AccountCard } from './-components/account-card';
import { emailField } from './-components/email-field';
import { useResendCode } from './-components/use-resend-code';
import { ResendLink } from './-components/resend-link';
import { textLinkClass } from '@/components/ui/text-link';
import { EmailAddress } from '@/components/email-address';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/account/forgot')({
  head: titled('Forgot your passcode'),
  component: ForgotPage,
});

const forgotSchema = z.object({ email: emailField() });

function ForgotPage() {
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);
  const form = useForm({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });
  const request = useMutation({
    ...mutationOptionsFor('forgotPasscode'),
    meta: { errorMessage: 'An unexpected error occured', flow: 'reset' },
  });
  const resend = useResendCode('resendForgotCode', 'reset');

  const submit = useFormSubmit(form, async ({ email }) => {
    await request.mutateAsync({ action: 'code', email });
    setSentTo(email);
    resend.sent();
    toast.success('Check your Email for further instructions.', { flow: 'reset' });
  });

  const onResend = async () => {
    if (await form.trigger('email')) resend.send(form.getValues('email'));
  };

  return (
    <AccountCard
      title="Forgot your passcode?"
      description="Enter the e-mail address of your account and we will send you a link to set a new passcode."
      footer={
        <>
          Remembered it?
          <Link to="/account/login" className={textLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
          <EmailField control={form.control} name="email" autoFocus />
          <Button type="submit" size="lg" pending={submit.pending}>
            Send reset link
          </Button>
          {sentTo !== undefined && (
            <p className="rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground" role="status">
              We sent a link and a reset code to{' '}
              <EmailAddress address={sentTo} className="font-semibold text-foreground wrap-anywhere" />. Follow the
              link, or{' '}
              <Link to="/account/reset" search={{ email: sentTo }} className={textLinkClass}>
                enter the code here
              </Link>
              .
            </p>
          )}
          <ResendLink
            question="Didn't get the e-mail?"
            label="Resend link"
            resend={resend}
            disabled={submit.pending}
            onResend={onResend}
          />
        </form>
      </Form>
    </AccountCard>
  );
}
