import { createFileRoute } from '@tanstack/react-router';
import { optionalStrings } from '../-components/search-params';
import { ResetPasscodeForm } from '../-components/reset-passcode-form';
import { titled } from '@/lib/page-title';

/** `reset` (optionally `?email=`): the user types the e-mail and the reset code. */
export const Route = createFileRoute('/account/reset/')({
  head: titled('Create a new passcode'),
  validateSearch: optionalStrings('email'),
  component: ResetPage,
});

function ResetPage() {
  const { email } = Route.useSearch();
  return <ResetPasscodeForm key={email} email={email} />;
}
