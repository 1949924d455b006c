import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailForm } from '../-components/verify-email-form';

export const Route = createFileRoute('/account/verify/$email')({
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { email } = Route.useParams();
  return <VerifyEmailForm email={email} />;
}
