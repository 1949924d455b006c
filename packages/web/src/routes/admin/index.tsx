import { createFileRoute, redirect } from '@tanstack/react-router';

/** The admin area opens on its first section, the identity checks awaiting review. */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/kyc', replace: true });
  },
});
