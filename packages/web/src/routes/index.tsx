import { createFileRoute, redirect } from '@tanstack/react-router';
import { session } from '@/session/session';

/** `/wp-user/`: the dashboard tree with a stored token, the account tree without one. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: session.isSignedIn() ? '/dashboard' : '/account', replace: true });
  },
});
