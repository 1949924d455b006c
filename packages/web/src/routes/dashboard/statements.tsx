import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import History from 'lucide-react/icons/history';
import { Card } from '@/components/ui/card';
import { EmptyState, PageHeader, PageSkeleton } from './-components/page';
import { statementQuery } from '@/api/queries';
import { TransactionsTable } from './-components/transactions-table';

export const Route = createFileRoute('/dashboard/statements')({
  loader: ({ context: { queryClient } }) => queryClient.query({ ...statementQuery, staleTime: 'static' }),
  pendingComponent: () => <PageSkeleton title={TITLE} />,
  component: StatementsPage,
});

const TITLE = 'Statements & Report';

function StatementsPage() {
  const { data } = useSuspenseQuery(statementQuery);
  const count = data.transactions.length;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={TITLE}
        description={
          count === 0
            ? 'Every transaction on your account.'
            : `Every transaction on your account: ${String(count)} in all.`
        }
      />
      <Card className="gap-0 px-5 py-2 sm:px-8 sm:py-4">
        {count === 0 ? (
          <EmptyState icon={<History />} title="No Transaction History">
            Your recent transaction should appear here contact support for any issues
          </EmptyState>
        ) : (
          <TransactionsTable transactions={data.transactions} currency={data.currency} caption={TITLE} />
        )}
      </Card>
    </div>
  );
}
