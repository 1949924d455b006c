import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import Hourglass from 'lucide-react/icons/hourglass';
import { Button } from '@/components/ui/button';
import { session } from '@/session/session';
import { AccountCard } from '../-components/account-card';
import { titled } from '@/lib/page-title';

/**
 * The under-review notice. Its first visit sets the close flag; the next one closes it to the landing
 * page (and clears the flag). Preloading (hovering a link) is no visit.
 */
export const Route = createFileRoute('/account/kyc/under-review')({
  head: titled('Verification under review'),
  beforeLoad: ({ preload }) => {
    if (preload) return;
    if (session.isClosed()) {
      session.setClosed(false);
      throw redirect({ to: '/account', replace: true });
    }
    session.setClosed(true);
  },
  component: UnderReviewPage,
});

function UnderReviewPage() {
  return (
    <AccountCard
      title="Your verification is under review"
      description="Thank you. We have your details and documents and are checking them now."
    >
      <div className="flex items-start gap-4 rounded-lg bg-muted p-4 text-sm">
        <Hourglass className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p>
          This usually takes up to two working days. We will e-mail you as soon as your account is ready; then sign in
          to start banking.
        </p>
      </div>
      <Button asChild variant="outline" size="lg" className="mt-6 w-full">
        <Link to="/account">Close</Link>
      </Button>
    </AccountCard>
  );
}
