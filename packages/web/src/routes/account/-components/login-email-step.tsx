import type { OperationReply, Operations } from '@ebank/contract';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { CheckboxField, EmailField } from '@/components/ui/form-fields';
import { mutationOptionsFor } from '@/api/auth';
import { emailStepResolver } from './login-schemas';
import { useHydrated } from './use-hydrated';
import { textLinkClass } from '@/components/ui/text-link';
import { cn } from '@/lib/cn';

export type LookupReply = OperationReply<Operations['lookupUser']>;

export interface LoginIdentity {
  readonly email: string;
  readonly remember: boolean;
  readonly role: LookupReply['role'];
  readonly user: LookupReply['user'];
}

/** Login step 1: who is signing in. The bank answers with the role, the picture and the full name. */
export function LoginEmailStep({
  initial,
  onFound,
}: {
  initial: { email: string; remember: boolean };
  onFound: (identity: LoginIdentity) => void;
}) {
  const form = useForm({ resolver: emailStepResolver, defaultValues: initial });
  // The prerendered page (decision 0019) takes no input before the client has it: nothing typed is lost and
  // no form is sent by the browser itself. Then the e-mail field takes the focus.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) form.setFocus('email');
  }, [hydrated, form]);
  const lookup = useMutation({
    ...mutationOptionsFor('lookupUser'),
    meta: { errorMessage: 'Invalid Credentials', flow: 'login' },
  });

  const submit = useFormSubmit(form, async ({ email, remember }) => {
    const reply = await lookup.mutateAsync({ email });
    onFound({ email, remember, role: reply.role, user: reply.user });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit.onSubmit}>
        <fieldset disabled={!hydrated} className="grid gap-5">
          <EmailField control={form.control} name="email" autoComplete="username" />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CheckboxField control={form.control} name="remember" label="Remember me" />
            <Link to="/account/forgot" className={cn(textLinkClass, 'rounded-sm text-sm')}>
              Forgot Passcode?
            </Link>
          </div>
          <Button type="submit" size="lg" pending={submit.pending}>
            Next
          </Button>
        </fieldset>
      </form>
    </Form>
  );
}
