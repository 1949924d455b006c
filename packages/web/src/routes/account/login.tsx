import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { AccountCard } from './-components/account-card';
import { LoginEmailStep, type LoginIdentity } from './-components/login-email-step';
import { LoginPasscodeStep } from './-components/login-passcode-step';
import { SessionEndNotice } from './-components/session-end-notice';
import { textLinkClass } from '@/components/ui/text-link';
import { validateSessionEndSearch } from '@/session/session-end-reason';

export const Route = createFileRoute('/account/login')({
  // `?ended=idle|expired`: the dashboard's session ended on its own (idle-session-guard).
  validateSearch: validateSessionEndSearch,
  component: LoginPage,
});

function LoginPage() {
  const { ended } = Route.useSearch();
  return (
    <div className="grid gap-4">
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
      // Staff do not sign up here: their password step offers no new account.
      footer={
        identity?.role === 'admin' ? undefined : (
          <>
            New here?
            <Link to="/account/signup" className={textLinkClass}>
              Create an account
            </Link>
          </>
        )
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
        <LoginPasscodeStep
          identity={identity}
          onBack={() => {
            setIdentity(undefined);
          }}
        />
      )}
    </AccountCard>
  );
}
