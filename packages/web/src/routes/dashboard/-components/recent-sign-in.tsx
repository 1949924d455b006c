import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { authOperations } from '@ebank/contract';
import { isApiError } from '@ebank/contract/errors';
import { Button } from '@/components/ui/button';
import { clearEntry, Form, useFormSubmit } from '@/components/ui/form';
import { SecretDigitsField } from '@/components/ui/form-fields';
import { mutationOptionsFor } from '@/api/auth';
import { exactDigits } from '@/forms/form-rules';
import { errorMessage } from '@/api/error-message';
import { session } from '@/session/session';
import { useLogout } from '@/session/use-logout';
import { loginOutcome } from '../../account/-components/login-outcome';
import { PASSCODE_LENGTH } from '../../account/-components/passcode';

/** The passcode, as the settings' other forms ask for the current one. */
const passcodeSchema = z.object({
  password: z.pipe(
    exactDigits(PASSCODE_LENGTH, 'Your passcode has 6 digits'),
    authOperations.login.request.shape.password,
  ),
});

/**
 * A change the bank makes only for a recent sign-in (the e-mail address, decision 0048), refused for an
 * older one: the bank's sentence, and the passcode, which signs the customer in again here, through the
 * login's own call, without leaving the page or what they typed. Then `onSignedIn` sends the change again.
 * A sign-in that would lead anywhere but the dashboard (a notice on the account, a KYC step) is the login
 * page's to show: the customer is signed out and taken there. The new session is not a 'Remember me' one: it
 * lasts as a plain sign-in does.
 */
export function RecentSignIn({
  message,
  email,
  onSignedIn,
}: {
  /** Why the bank refused: its own sentence. */
  readonly message: string;
  /** The address the customer is signed in with (the profile's); unknown until it has loaded. */
  readonly email: string | undefined;
  readonly onSignedIn: () => Promise<void>;
}) {
  const form = useForm({ resolver: zodResolver(passcodeSchema), defaultValues: { password: '' } });
  // Its refusals ('Incorrect passcode. 4 attempts left.') are said here, beside the field, not toasted.
  const login = useMutation({ ...mutationOptionsFor('login'), meta: { inline: true } });
  const signOutToLogin = useLogout('/account/login');

  const submit = useFormSubmit(form, async ({ password }) => {
    if (email === undefined) return;
    const reply = await login.mutateAsync({ email, password, remeber: false }).catch((error: unknown) => {
      // A passcode that got an answer is cleared for the next try; one that got none stays, to be sent again.
      if (isApiError(error) && !error.isEmptyResult) clearEntry(form, 'password');
      throw error;
    });
    const outcome = loginOutcome(reply, email);
    if (outcome.kind !== 'signed-in') {
      signOutToLogin();
      return;
    }
    session.signIn(outcome.token);
    await onSignedIn();
  });

  const failure = login.error === null ? undefined : errorMessage(login.error, 'Invalid Credentials');
  return (
    <div
      role="alert"
      className="grid gap-4 rounded-lg border border-warning/40 bg-warning-soft px-4 py-3 text-sm font-medium"
    >
      <p>{message}</p>
      {email === undefined ? (
        <Button type="button" variant="outline" className="sm:justify-self-start" onClick={signOutToLogin}>
          Sign in again
        </Button>
      ) : (
        <Form {...form}>
          <form noValidate className="grid gap-3" onSubmit={submit.onSubmit}>
            <SecretDigitsField
              control={form.control}
              name="password"
              label="Passcode"
              description="Sign in again here: your new address is saved as soon as the passcode is right."
              length={PASSCODE_LENGTH}
              autoComplete="current-password"
            />
            {failure === undefined ? null : <p className="text-destructive">{failure}</p>}
            <Button type="submit" variant="outline" className="sm:justify-self-start" pending={submit.pending}>
              Sign in and save
            </Button>
          </form>
        </Form>
      )}
    </div>
  );
}
