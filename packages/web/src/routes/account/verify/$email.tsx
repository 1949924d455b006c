import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailForm } from '../-components/verify-email-form';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/account/verify/$email')({
  head: titled('Verify your e-mail'),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { email } = Route.useParams();
  return <VerifyEmailForm email={email} />;
}
