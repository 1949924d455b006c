import type { OperationReply, Operations } from '@ebank/contract';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { CheckboxField, TextField } from '@/components/ui/form-fields';
import { mutationOptionsFor } from '@/lib/api';
import { lazyResolver } from '@/components/ui/lazy-resolver';
import type { EmailStepOutput, EmailStepValues } from './login-schemas';
import { textLinkClass } from '@/components/ui/text-link';
import { useForm } from '@/lib/form-state';
import { cn } from '@/lib/utils';

export type LookupReply = OperationReply<Operations['lookupUser']>;

export interface LoginIdentity {
  readonly email: string;
  readonly remember: boolean;
  readonly role: LookupReply['role'];
  readonly user: LookupReply['user'];
}

const emailStepResolver = lazyResolver<EmailStepValues, EmailStepOutput>(
  async () => (await import('./login-schemas')).emailStepResolver,
);

/** Login step 1: who is signing in. The bank answers with the role, the picture and the full name. */
export function LoginEmailStep({
  initial,
  onFound,
}: {
  initial: { email: string; remember: boolean };
  onFound: (identity: LoginIdentity) => void;
}) {
  const form = useForm({ resolver: emailStepResolver, defaultValues: initial });
  const lookup = useMutation({ ...mutationOptionsFor('lookupUser'), meta: { errorMessage: 'Invalid Credentials' } });

  const onSubmit = form.handleSubmit(({ email, remember }) => {
    lookup.mutate(
      { email },
      {
        onSuccess: (reply) => {
          onFound({ email, remember, role: reply.role, user: reply.user });
        },
      },
    );
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={(event) => void onSubmit(event)}>
        <TextField
          control={form.control}
          name="email"
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoFocus
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField control={form.control} name="remember" label="Remember me" />
          <Link to="/account/forgot" className={cn(textLinkClass, 'rounded-sm text-sm')}>
            Forgot Passcode?
          </Link>
        </div>
        <Button type="submit" size="lg" pending={lookup.isPending}>
          Next
        </Button>
      </form>
    </Form>
  );
}
