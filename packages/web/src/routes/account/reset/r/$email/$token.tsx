import { createFileRoute } from '@tanstack/react-router';
import { ResetPasscodeForm } from '../../../-components/reset-passcode-form';
import { titled } from '@/lib/page-title';

/** The link in the reset e-mail: the address and the reset code ride in the path. */
export const Route = createFileRoute('/account/reset/r/$email/$token')({
  head: titled('Create a new passcode'),
  component: ResetFromLinkPage,
});

function ResetFromLinkPage() {
  const { email, token } = Route.useParams();
  return <ResetPasscodeForm email={email} token={token} />;
}
