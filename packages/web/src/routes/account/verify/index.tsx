import { createFileRoute } from '@tanstack/react-router';
import { optionalStrings } from '../-components/search-params';
import { session } from '@/session/session';
import { VerifyEmailForm } from '../-components/verify-email-form';
import { titled } from '@/lib/page-title';

/** `verify?email=...`, or plain `verify` with the e-mail the session remembers. */
export const Route = createFileRoute('/account/verify/')({
  head: titled('Verify your e-mail'),
  validateSearch: optionalStrings('email'),
  component: VerifyPage,
});

function VerifyPage() {
  const { email } = Route.useSearch();
  return <VerifyEmailForm email={email ?? session.email()} />;
}
