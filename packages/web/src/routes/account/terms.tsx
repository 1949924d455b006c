import { createFileRoute, Link } from '@tanstack/react-router';
import { textLinkClass } from '@/components/ui/text-link';
import { AccountCard } from './-components/account-card';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/account/terms')({
  head: titled('Terms and conditions'),
  component: TermsPage,
});

/** The terms a customer accepts on sign-up (and on a passcode reset), in a few plain sections. */
const sections = [
  {
    heading: 'Who may open an account',
    body: 'You must be at least 18 years old and open the account in your own name. We verify your identity (KYC) before you can use the dashboard.',
  },
  {
    heading: 'Keeping your account safe',
    body: 'Your 6-digit passcode and 4-digit transaction PIN are yours alone: never share them, and never tell anyone a code we e-mail you. After several wrong attempts we lock the account for a while to protect it.',
  },
  {
    heading: 'Transfers and fees',
    body: 'Every transfer needs your transaction PIN. We show the service charge and the amount received before you confirm; the amount is held at once and a transfer never overdraws your balance.',
  },
  {
    heading: 'Deposits, fixed deposits and upgrades',
    body: 'These are pending until our staff confirm them. Some payment methods are not available in every region; the portal says which ones are.',
  },
  {
    heading: 'Your details',
    body: 'We use the details and documents you give us to run your account and to meet our legal duties. Keep them up to date in your profile.',
  },
] as const;

function TermsPage() {
  return (
    <AccountCard
      title="Terms and conditions"
      description="What you agree to when you open and use an account with us."
      footer={
        <>
          Ready?
          <Link to="/account/signup" className={textLinkClass}>
            Create an account
          </Link>
        </>
      }
    >
      <div className="grid gap-5 text-sm">
        {sections.map(({ heading, body }) => (
          <section key={heading} className="grid gap-1.5">
            <h2 className="text-base font-semibold">{heading}</h2>
            <p className="text-muted-foreground">{body}</p>
          </section>
        ))}
      </div>
    </AccountCard>
  );
}
