import { isApiError, type ApiError } from '@ebank/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { linkOptions, useNavigate } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { clearEntry, Form, useFormSubmit } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-fields';
import { OtpField } from '@/components/ui/otp-field';
import { toast } from '@/components/ui/toast';
import { UserAvatar } from '@/components/user-avatar';
import { EmailAddress } from '@/components/email-address';
import { RedirectNotice, TO_DASHBOARD, useDelayedRedirect } from '@/components/redirect-notice';
import { mutationOptionsFor } from '@/api/auth';
import { session } from '@/session/session';
import { passcodeResolver, passwordResolver } from './login-schemas';
import { PASSCODE_LENGTH } from './passcode';
import type { LoginIdentity } from './login-email-step';
import { loginOutcome, type LoginReply } from './login-outcome';

/**
 * Whether the bank answered and turned the passcode down (a wrong one, a locked account), rather than giving
 * no usable answer.
 */
const refused = (error: ApiError) =>
  error.kind === 'host' || (error.kind === 'http' && error.status !== undefined && error.status < 500);

/** Login step 2: the passcode (or an admin's password), then wherever the bank's reply sends the user. */
export function LoginPasscodeStep({ identity, onBack }: { identity: LoginIdentity; onBack: () => void }) {
  const navigate = useNavigate();
  const { redirectAfterDelay, waiting, notice } = useDelayedRedirect();
  const isAdmin = identity.role === 'admin';
  const form = useForm({
    resolver: isAdmin ? passwordResolver : passcodeResolver,
    defaultValues: { password: '' },
  });
  const login = useMutation({
    ...mutationOptionsFor('login'),
    meta: { errorMessage: 'Invalid Credentials', flow: 'login' },
  });
  // A passcode the bank turned down is cleared, and its boxes (or field) take the focus for the next try, as
  // the transfer's PIN does. One that got no answer stays, to be sent again as it is.
  const tryAgain = () => clearEntry(form, 'password');

  const follow = (reply: LoginReply) => {
    const outcome = loginOutcome(reply, identity.email);
    // A customer who got in, to any step, is the one person of this browser now: a staff sign-in ends.
    if (outcome.kind !== 'admin' && outcome.kind !== 'failed') session.forgetAdmin();
    // A passcode that got in settles the earlier tries' errors, whichever step it leads to (KYC, verify and the
    // notice toast nothing of their own).
    if (outcome.kind !== 'failed') toast.dismissErrors('login');
    switch (outcome.kind) {
      case 'admin':
        if (outcome.token !== undefined) session.signInAsAdmin(outcome.token);
        toast.success(outcome.message, { flow: 'login' });
        redirectAfterDelay({ message: 'Taking you to the admin area…', to: linkOptions({ to: '/admin' }) });
        return;
      case 'notice':
        void navigate({ to: '/account/info/notice', state: { notice: { head: outcome.head, body: outcome.body } } });
        return;
      case 'verify-email':
        session.setNotVerified(true);
        session.setEmail(outcome.email);
        void navigate({ to: '/account/verify/$email', params: { email: outcome.email } });
        return;
      case 'kyc-form':
        if (outcome.token !== undefined) session.setTempToken(outcome.token);
        session.setAccountVerification(outcome.status);
        session.setEmail(outcome.email);
        void navigate({ to: '/account/kyc/form' });
        return;
      case 'kyc-review':
        session.setAccountVerification('Pending Verification');
        session.setEmail(outcome.email);
        // Arriving from a login is a first visit of the notice.
        session.setClosed(false);
        void navigate({ to: '/account/kyc/under-review' });
        return;
      case 'signed-in':
        session.signIn(outcome.token);
        toast.success(outcome.message, { flow: 'login' });
        redirectAfterDelay(TO_DASHBOARD);
        return;
      case 'failed':
        toast.error(outcome.message, { flow: 'login' });
        tryAgain();
        return;
    }
  };

  const submit = useFormSubmit(form, async ({ password: secret }) => {
    const reply = await login
      .mutateAsync({ email: identity.email, password: secret, remeber: identity.remember })
      .catch((error: unknown) => {
        if (isApiError(error) && refused(error)) tryAgain();
        throw error;
      });
    follow(reply);
  });

  return (
    <div className="grid gap-6">
      {/* A long name or address wraps (the address after its '@' or a dot first) rather than widening the card past
          the screen. On a phone the address takes the box's whole width, under the picture and the name. */}
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 rounded-lg bg-muted p-4 sm:gap-y-0">
        <UserAvatar name={identity.user.fullname} picture={identity.user.picture} className="sm:row-span-2" />
        <p className="font-semibold wrap-anywhere sm:self-end">{identity.user.fullname}</p>
        <p className="col-span-2 text-sm text-muted-foreground sm:col-span-1 sm:self-start">
          <EmailAddress address={identity.email} className="wrap-anywhere" />
        </p>
      </div>
      <Form {...form}>
        <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
          {isAdmin ? (
            <TextField
              control={form.control}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              autoFocus
              revealable
            />
          ) : (
            <OtpField
              control={form.control}
              name="password"
              label="Passcode"
              description="Enter your 6-digit passcode."
              length={PASSCODE_LENGTH}
              masked
              autoFocus
              autoComplete="current-password"
              disabled={waiting}
            />
          )}
          <Button type="submit" size="lg" pending={submit.pending} disabled={waiting}>
            Sign in
          </Button>
        </form>
      </Form>
      <RedirectNotice notice={notice} />
      <Button variant="ghost" className="justify-self-start" onClick={onBack} disabled={submit.pending || waiting}>
        <ArrowLeft aria-hidden="true" />
        Not you? Use another e-mail
      </Button>
    </div>
  );
}
