import { createFileRoute, Link } from '@tanstack/react-router';
import LogOut from 'lucide-react/icons/log-out';
import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { session } from '@/session/session';
import { AccountCard } from './-components/account-card';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/account/')({
  head: titled('Welcome'),
  component: LandingPage,
});

/** The flag changes by logout and sign-in only, which both navigate: nothing to listen to on this page. */
const noChanges = () => () => undefined;
/** The build's prerender of this page is a first visit's: nobody logged out (decision 0019). */
const notLoggedOut = () => false;

function LandingPage() {
  // Set by logout, which then navigates here; kept until the next sign-in. Read from the browser's storage,
  // so a prerendered landing page (which cannot know it) shows the notice just after the browser takes it over.
  const loggedOut = useSyncExternalStore(noChanges, session.isLoggedOut, notLoggedOut);
  return (
    <div className="grid gap-4">
      {loggedOut && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-success/30 bg-success-soft px-4 py-3 text-sm font-medium"
        >
          <LogOut className="size-4 text-success" aria-hidden="true" />
          Logged out !
        </p>
      )}
      <AccountCard
        title={
          <>
            Welcome to the Best <span className="whitespace-nowrap">E-banking</span> System
          </>
        }
        description="Open an account in minutes, then send, receive and save from one secure place."
      >
        <div className="grid gap-3">
          <Button asChild size="lg">
            <Link to="/account/signup">Let&apos;s Get Started</Link>
          </Button>
          <Button asChild variant="outline" size="lg">
            <Link to="/account/login">Sign in</Link>
          </Button>
        </div>
      </AccountCard>
    </div>
  );
}
