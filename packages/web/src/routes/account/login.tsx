import { createFileRoute, Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AccountCard } from './-components/account-card';
import { LoginEmailStep, type LoginIdentity } from './-components/login-email-step';
import { LoginPasscodeStep } from './-components/login-passcode-step';
import { SessionEndNotice } from './-components/session-end-notice';
import { textLinkClass } from '@/components/ui/text-link';
import { validateSessionEndSearch } from '@/session/session-end-reason';
import { titled } from '@/lib/page-title';

declare module '@tanstack/react-router' {
  interface HistoryState {
    /**
     * The login's passcode step: an entry of its own on the login's address, so that Back returns to the
     * e-mail step. Who is signing in is never in the entry, only in the page's memory.
     */
    loginStep?: 'passcode';
  }
}

export const Route = createFileRoute('/account/login')({
  head: titled('Sign in'),
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
  const router = useRouter();
  const navigate = useNavigate({ from: Route.fullPath });
  // The entry this screen shows (the resolved one): while the next page loads after a sign-in, the address is
  // already that page's, and the card must stay on the passcode step, not fall back to the e-mail step.
  const onPasscodeEntry = useRouterState({
    select: (state) => (state.resolvedLocation ?? state.location).state.loginStep === 'passcode',
  });
  // Who the bank found: the page's memory holds the name and the picture, neither the address nor the history
  // entry does. A reload, or the portal's next visitor going Back after a logout, finds the e-mail step.
  const [found, setFound] = useState<LoginIdentity | undefined>(undefined);
  const [entered, setEntered] = useState({ email: '', remember: false });
  // Back (the browser's, or the step's own link) forgets who was found, and so does Forward: the passcode step
  // shows again only after a new look-up, never for an address since changed.
  useEffect(
    () =>
      router.history.subscribe(({ action }) => {
        if (action.type !== 'PUSH' && action.type !== 'REPLACE') setFound(undefined);
      }),
    [router.history],
  );
  const identity = onPasscodeEntry ? found : undefined;

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
          onFound={(lookedUp) => {
            setEntered({ email: lookedUp.email, remember: lookedUp.remember });
            setFound(lookedUp);
            // On the passcode step's entry already (after a reload, or Forward), the step fills it again.
            if (!onPasscodeEntry) {
              void navigate({ to: '.', search: true, state: { loginStep: 'passcode' }, resetScroll: false });
            }
          }}
        />
      ) : (
        <LoginPasscodeStep
          identity={identity}
          onBack={() => {
            router.history.back();
          }}
        />
      )}
    </AccountCard>
  );
}
