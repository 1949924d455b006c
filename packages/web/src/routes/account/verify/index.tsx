import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { session } from '@/lib/session';
import { VerifyEmailForm } from '../-components/verify-email-form';

/** `verify?email=...`, or plain `verify` with the e-mail the session remembers. */
export const Route = createFileRoute('/account/verify/')({
  validateSearch: z.object({ email: z.string().optional().catch(undefined) }),
  component: VerifyPage,
});

function VerifyPage() {
  const { email } = Route.useSearch();
  return <VerifyEmailForm email={email ?? session.email()} />;
}
