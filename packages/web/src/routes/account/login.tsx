import { createFileRoute, Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { AccountCard } from './-components/account-card';
import { LoginEmailStep, type LoginIdentity } from './-components/login-email-step';
import { SessionEndNotice } from './-components/session-end-notice';
import { textLinkClass } from '@/components/ui/text-link';
import { validateSessionEndSearch } from '@/lib/session-end-reason';

export const Route = createFileRoute('/account/login')({
  // `?ended=idle|expired`: the dashboard's session ended on its own (idle-session-guard).
  validateSearch: validateSessionEndSearch,
  component: LoginPage,
});

/**
 * The passcode step loads apart from the page: the page paints with the e-mail step alone, and the second
 * step's code is fetched at the first key or click on the page.
 */
const passcodeStep = () => import('./-components/login-passcode-step');
const LoginPasscodeStep = lazy(async () => ({ default: (await passcodeStep()).LoginPasscodeStep }));
const preloadPasscodeStep = () => {
  void passcodeStep();
};

function LoginPage() {
  const { ended } = Route.useSearch();
  return (
    // The user's first key or click on the page (typing the e-mail, or pressing Next after an autofill)
    // starts it, in parallel with the e-mail lookup at the latest.
    <div className="grid gap-4" onKeyDownCapture={preloadPasscodeStep} onPointerDownCapture={preloadPasscodeStep}>
      <SessionEndNotice reason={ended} />
      <LoginCard />
    </div>
  );
}

function LoginCard() {
  const [identity, setIdentity] = useState<LoginIdentity | undefined>(undefined);
  const [entered, setEntered] = useState({ email: '', remember: false });

  return (
    <AccountCard
      title={identity === undefined ? 'Sign in' : 'Welcome back'}
      description={
        identity === undefined
          ? 'Enter the e-mail address of your account.'
          : identity.role === 'admin'
            ? 'Enter your staff password to continue.'
            : 'Enter your passcode to continue.'
      }
      footer={
        <>
          New here?
          <Link to="/account/signup" className={textLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      {identity === undefined ? (
        <LoginEmailStep
          initial={entered}
          onFound={(found) => {
            setEntered({ email: found.email, remember: found.remember });
            setIdentity(found);
          }}
        />
      ) : (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted-foreground">
              Loading…
            </p>
          }
        >
          <LoginPasscodeStep
            identity={identity}
            onBack={() => {
              setIdentity(undefined);
            }}
          />
        </Suspense>
      )}
    </AccountCard>
  );
}
