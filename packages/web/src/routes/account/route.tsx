import { createFileRoute, Link, Outlet, redirect } from '@tanstack/react-router';
import Clock from 'lucide-react/icons/clock';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Smartphone from 'lucide-react/icons/smartphone';
import { Brand } from '@/components/brand';
import { session } from '@/session/session';

/** The account tree: signing up and in, verification, KYC, notices. Signed-in users belong on the dashboard. */
export const Route = createFileRoute('/account')({
  beforeLoad: () => {
    if (session.isSignedIn()) throw redirect({ to: '/dashboard', replace: true });
  },
  component: AccountLayout,
});

const promises = [
  { icon: ShieldCheck, text: 'Protected by passcode, PIN and identity checks' },
  { icon: Smartphone, text: 'Your accounts on your phone or your computer' },
  { icon: Clock, text: 'Transfers and deposits around the clock' },
];

function AccountLayout() {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden bg-brand text-brand-foreground lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:justify-between lg:p-12">
        <div
          className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-brand-accent/15 blur-3xl"
          aria-hidden="true"
        />
        <Link to="/account" className="relative w-fit rounded-md">
          <Brand inverted />
        </Link>
        <div className="relative max-w-md">
          <p className="text-3xl leading-tight font-semibold tracking-tight">Banking that keeps up with you.</p>
          <ul className="mt-8 grid gap-4 text-brand-foreground/85">
            {promises.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3">
                <Icon className="size-5 shrink-0 text-brand-accent" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-brand-foreground/60">© {new Date().getFullYear()} E-Banking</p>
      </aside>
      <div className="flex min-h-dvh flex-col">
        <header className="flex h-16 items-center border-b bg-card px-4 sm:px-6 lg:hidden">
          <Link to="/account" className="rounded-md">
            <Brand />
          </Link>
        </header>
        <main
          id="main"
          className="flex flex-1 items-start justify-center px-4 py-8 sm:px-6 sm:py-12 lg:items-center lg:px-12"
        >
          {/* `min-w-0`: the column never grows past the screen for what is inside it (a long e-mail address). */}
          <div className="w-full max-w-md min-w-0">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
