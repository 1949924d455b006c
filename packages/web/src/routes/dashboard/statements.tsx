import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import Download from 'lucide-react/icons/download';
import History from 'lucide-react/icons/history';
import Printer from 'lucide-react/icons/printer';
import SearchX from 'lucide-react/icons/search-x';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { institutionQuery, statementQuery } from '@/api/queries';
import { EmptyState, PageHeader, PageSkeleton } from './-components/page';
import { TransactionsTable } from './-components/transactions-table';
import { PrintedStatement } from './-statements/printed-statement';
import { downloadCsv, statementCsv, statementFileName } from './-statements/statement-csv';
import { describeFilters, filterTransactions, hasFilters, pageOf, showingText } from './-statements/statement-filter';
import { StatementFilters } from './-statements/statement-filters';
import { StatementPager } from './-statements/statement-pager';
import { validateStatementSearch, type StatementFilters as Filters } from './-statements/statement-search';
import { titled } from '@/lib/page-title';

const TITLE = 'Statements & Report';

export const Route = createFileRoute('/dashboard/statements')({
  head: titled(TITLE),
  validateSearch: validateStatementSearch,
  loader: ({ context: { queryClient } }) => queryClient.query({ ...statementQuery, staleTime: 'static' }),
  pendingComponent: () => <PageSkeleton title={TITLE} />,
  component: StatementsPage,
});

function StatementsPage() {
  const { data } = useSuspenseQuery(statementQuery);
  const count = data.transactions.length;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={TITLE}
        description={
          // Not on paper, where the statement says how many of them it lists, under its filters.
          <span className="print:hidden">
            {count === 0
              ? 'Every transaction on your account.'
              : `Every transaction on your account: ${String(count)} in all.`}
          </span>
        }
      />
      {count === 0 ? (
        <Card className="gap-0 px-5 py-2 sm:px-8 sm:py-4">
          <EmptyState icon={<History />} title="No Transaction History">
            Your recent transaction should appear here contact support for any issues
          </EmptyState>
        </Card>
      ) : (
        <Statement />
      )}
    </div>
  );
}

/** The history with its filters, pages, export and print. */
function Statement() {
  const { data } = useSuspenseQuery(statementQuery);
  const institution = useQuery({ ...institutionQuery, retryOnMount: false });
  const { page: pageAsked, ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  // A new key on 'Clear filters' starts the filter fields afresh (and drops a search still waiting to run).
  const [formKey, setFormKey] = useState(0);

  const matching = filterTransactions(data.transactions, filters);
  const page = pageOf(matching, pageAsked);
  const filtered = hasFilters(filters);

  const change = (next: Partial<Filters>) => {
    // A new filter starts at the first page.
    void navigate({ search: (previous) => ({ ...previous, ...next, page: undefined }), replace: true });
  };
  const clear = () => {
    setFormKey((key) => key + 1);
    void navigate({ search: {}, replace: true });
  };

  return (
    <>
      <Card className="gap-4 px-5 py-5 print:hidden sm:px-8">
        <StatementFilters key={formKey} filters={filters} onChange={change} />
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={matching.length === 0}
            onClick={() => {
              downloadCsv(statementCsv(matching), statementFileName());
            }}
          >
            <Download aria-hidden="true" />
            Export CSV
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              window.print();
            }}
          >
            <Printer aria-hidden="true" />
            Print
          </Button>
          {filtered && (
            <Button type="button" variant="ghost" size="sm" onClick={clear}>
              Clear filters
            </Button>
          )}
        </div>
      </Card>
      <Card className="gap-0 px-5 py-2 print:hidden sm:px-8 sm:py-4">
        {/* Read out as the rows change; with no rows the message below says it on screen. */}
        <p
          aria-live="polite"
          className={cn('py-2 text-sm text-muted-foreground tabular-nums', matching.length === 0 && 'sr-only')}
        >
          {matching.length === 0 ? 'No transactions match these filters' : showingText(page)}
        </p>
        {matching.length === 0 ? (
          <div className="flex flex-col items-center gap-3">
            <EmptyState icon={<SearchX />} title="No transactions match these filters" />
            <Button type="button" variant="outline" className="mb-6" onClick={clear}>
              Clear filters
            </Button>
          </div>
        ) : (
          <>
            <TransactionsTable transactions={page.rows} currency={data.currency} caption={TITLE} />
            <StatementPager page={page} />
          </>
        )}
      </Card>
      <PrintedStatement
        transactions={matching}
        currency={data.currency}
        filters={describeFilters(filters)}
        holder={institution.data?.u.fullname}
        accountNumber={institution.data?.account.account_no}
        printedOn={new Date()}
      />
    </>
  );
}
