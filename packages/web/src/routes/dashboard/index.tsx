import { noop, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import ArrowDownToLine from 'lucide-react/icons/arrow-down-to-line';
import HandCoins from 'lucide-react/icons/hand-coins';
import History from 'lucide-react/icons/history';
import Plus from 'lucide-react/icons/plus';
import Send from 'lucide-react/icons/send';
import TrendingDown from 'lucide-react/icons/trending-down';
import TrendingUp from 'lucide-react/icons/trending-up';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { homeStatementQuery, institutionQuery } from '@/api/queries';
import { formatAmount } from '@/lib/format';
import { cn } from '@/lib/cn';
import { EmptyState, PageHeader, Skeleton } from './-components/page';
import { hasPin } from './-components/pin-checks';
import { LoadFailed } from './-components/query-state';
import { lastDebit, TransactionsTable } from './-components/transactions-table';
import { showNotAvailable } from './-components/unavailable';
import { textLinkClass } from '@/components/ui/text-link';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/')({
  head: titled('Dashboard'),
  loader: async ({ context: { queryClient } }) => {
    // The summary and the recent transactions load while the PIN is checked; the page shows each section
    // with its own placeholder, and its own retry should it fail.
    void queryClient.query(institutionQuery).catch(noop);
    void queryClient.query(homeStatementQuery).catch(noop);
    // Without a transaction PIN, create one first.
    if ((await hasPin(queryClient)) === false) throw redirect({ to: '/dashboard/pincreation', replace: true });
  },
  // The placeholder has the page's own shape, so the page may take its place at any moment: it is not held
  // for the router's minimum of 500 ms, which on a slow network kept the balance off the screen after it came.
  pendingComponent: HomeSkeleton,
  pendingMs: 300,
  pendingMinMs: 0,
  component: DashboardHome,
});

const DEFAULT_PLAN = 'Tier 1';

function DashboardHome() {
  const institution = useQuery({ ...institutionQuery, retryOnMount: false });
  const firstName = institution.data?.u.fullname.split(/\s+/u)[0];
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Dashboard"
        description={
          firstName === undefined || firstName === '' ? 'Your accounts at a glance.' : `Welcome back, ${firstName}.`
        }
      />
      <div className="grid gap-4 lg:grid-cols-3 lg:gap-6">
        <BalanceCard />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 lg:gap-6">
          <Totals />
        </div>
        <RecentTransactions />
      </div>
    </div>
  );
}

function BalanceCard() {
  const { data, isError, refetch } = useQuery({ ...institutionQuery, retryOnMount: false });
  const accountNumber = data?.account.account_no;
  return (
    <section
      aria-labelledby="balance-heading"
      className="relative grid gap-6 overflow-hidden rounded-xl bg-brand p-5 text-brand-foreground shadow-card sm:p-8 lg:col-span-2"
    >
      <div
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-brand-accent/15 blur-3xl"
        aria-hidden="true"
      />
      <div className="relative grid gap-1">
        <h2 id="balance-heading" className="text-sm font-medium text-brand-foreground/75">
          Available Balance
        </h2>
        {data === undefined ? (
          isError ? (
            <p className="text-brand-foreground/80">
              Not available right now.{' '}
              <button
                type="button"
                className="cursor-pointer font-medium underline underline-offset-4"
                onClick={() => void refetch()}
              >
                Try again
              </button>
            </p>
          ) : (
            <Skeleton className="h-10 w-48 bg-brand-foreground/15" />
          )
        ) : (
          <p className="text-3xl font-semibold tracking-tight tabular-nums sm:text-4xl">
            {formatAmount(data.tb.current_balance, data.currency)}
          </p>
        )}
      </div>
      <dl className="relative grid gap-4 text-sm sm:grid-cols-2">
        <div className="grid gap-1">
          <dt className="text-brand-foreground/70">Account number</dt>
          <dd className="flex flex-wrap items-center gap-2">
            {data === undefined ? (
              <Skeleton className="h-6 w-32 bg-brand-foreground/15" />
            ) : (
              <>
                <span className="font-mono text-base font-medium tracking-wider">{accountNumber ?? 'n/a'}</span>
                {accountNumber !== undefined && (
                  <CopyButton
                    value={accountNumber}
                    aria-label="Copy account number"
                    variant="secondary"
                    className="min-h-8 px-2.5 py-1"
                  />
                )}
              </>
            )}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-brand-foreground/70">Account status</dt>
          <dd>
            {data === undefined ? (
              <Skeleton className="h-6 w-20 bg-brand-foreground/15" />
            ) : (
              <span className="inline-flex items-center rounded-full bg-brand-accent/20 px-2.5 py-1 text-sm font-medium text-brand-foreground">
                {data.u.current_plan ?? DEFAULT_PLAN}
              </span>
            )}
          </dd>
        </div>
      </dl>
      <QuickActions />
    </section>
  );
}

const actionClass =
  'group flex cursor-pointer flex-col items-center gap-2 rounded-lg px-1 py-2 text-xs font-medium text-brand-foreground outline-none hover:bg-brand-foreground/10 focus-visible:ring-2 focus-visible:ring-brand-accent sm:text-sm';

function ActionIcon({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-11 items-center justify-center rounded-full bg-brand-foreground/10 text-brand-accent group-hover:bg-brand-foreground/20 [&_svg]:size-5"
    >
      {children}
    </span>
  );
}

/** Sent, receive, loan (unavailable) and Topup. */
function QuickActions() {
  return (
    <nav aria-label="Quick actions" className="relative">
      <ul className="grid grid-cols-4 gap-1 sm:gap-3">
        <li>
          <Link to="/dashboard/send" className={actionClass}>
            <ActionIcon>
              <Send />
            </ActionIcon>
            Send
          </Link>
        </li>
        <li>
          <Link to="/dashboard/add-funds" className={actionClass}>
            <ActionIcon>
              <ArrowDownToLine />
            </ActionIcon>
            Receive
          </Link>
        </li>
        <li>
          <button type="button" className={cn(actionClass, 'w-full')} onClick={showNotAvailable}>
            <ActionIcon>
              <HandCoins />
            </ActionIcon>
            Loan
          </button>
        </li>
        <li>
          <Link to="/dashboard/make-payment" className={actionClass}>
            <ActionIcon>
              <Plus />
            </ActionIcon>
            Topup
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function Figure({
  label,
  icon,
  value,
  tone,
}: {
  label: string;
  icon: ReactNode;
  value: string | undefined;
  tone: 'credit' | 'debit';
}) {
  return (
    <Card className="flex-row items-center gap-4 px-5 py-5 sm:py-6">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-full [&_svg]:size-5',
          tone === 'credit' ? 'bg-success-soft text-success' : 'bg-destructive-soft text-destructive',
        )}
      >
        {icon}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        {value === undefined ? (
          <Skeleton className="h-7 w-28" />
        ) : (
          <p className="truncate text-xl font-semibold tabular-nums">{value}</p>
        )}
      </div>
    </Card>
  );
}

function Totals() {
  const institution = useQuery({ ...institutionQuery, retryOnMount: false });
  const statement = useQuery({ ...homeStatementQuery, retryOnMount: false });
  const currency = institution.data?.currency ?? statement.data?.currency;
  /** A figure that could not be fetched shows a dash; one still loading, a placeholder. */
  const missing = (query: { isError: boolean }) => (query.isError ? '—' : undefined);
  return (
    <>
      <Figure
        label="Total Credit"
        icon={<TrendingUp />}
        tone="credit"
        value={
          institution.data === undefined
            ? missing(institution)
            : formatAmount(institution.data.u.total_credit, currency)
        }
      />
      <Figure
        label="Last Debit"
        icon={<TrendingDown />}
        tone="debit"
        value={
          statement.data === undefined
            ? missing(statement)
            : formatAmount(lastDebit(statement.data.transactions), currency)
        }
      />
    </>
  );
}

function RecentTransactions() {
  const { data, isError, refetch } = useQuery({ ...homeStatementQuery, retryOnMount: false });
  return (
    <Card className="gap-4 lg:col-span-3">
      <div className="flex items-center justify-between gap-3 px-5 sm:px-8">
        <h2 className="text-lg font-semibold">Recent Transactions</h2>
        <Link to="/dashboard/statements" className={cn(textLinkClass, 'shrink-0 rounded-sm text-sm whitespace-nowrap')}>
          View all
        </Link>
      </div>
      <div className="px-5 sm:px-8">
        {data === undefined ? (
          isError ? (
            <LoadFailed what="your recent transactions" onRetry={() => void refetch()} />
          ) : (
            <div className="grid gap-3" role="status" aria-label="Loading recent transactions">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          )
        ) : data.transactions.length === 0 ? (
          <EmptyState icon={<History />} title="No Transaction History">
            Your recent transaction should appear here contact support for any issues
          </EmptyState>
        ) : (
          <TransactionsTable transactions={data.transactions} currency={data.currency} caption="Recent transactions" />
        )}
      </div>
    </Card>
  );
}

function HomeSkeleton() {
  return (
    <div className="grid gap-6">
      <PageHeader title="Dashboard" description="Your accounts at a glance." />
      <div role="status" aria-live="polite" className="grid gap-4 lg:grid-cols-3 lg:gap-6">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-72 lg:col-span-2" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 lg:gap-6">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
        <Skeleton className="h-64 lg:col-span-3" />
      </div>
    </div>
  );
}
