import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { institutionQuery } from '@/api/queries';
import { formatAmount } from '@/lib/format';
import { PageHeader } from '../-components/page';
import { CopyField } from '../-money/copy-field';
import { emptyWithoutReply } from '../-money/tolerant-loader';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/add-funds/it')({
  head: titled('Institutional Transfer'),
  loader: ({ context: { queryClient } }) =>
    emptyWithoutReply(queryClient.query({ ...institutionQuery, staleTime: 'static' })),
  component: InstitutionalTransferPage,
});

/** Shown for a missing username or account number; other missing details stay empty. */
const NOT_AVAILABLE = 'n/a';

function InstitutionalTransferPage() {
  // Without a reply the page stays empty, with no message: a read that failed is no
  // reply to suspend on, so the page reads the cache as it is.
  const { data } = useQuery(institutionQuery);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Institutional Transfer"
        description="Give these details to the institution that sends money to your account."
        back={{ to: '/dashboard/add-funds', label: 'Add funds' }}
      />
      <Card className="max-w-2xl">
        <CardHeader>
          <h2 className="text-lg font-semibold tracking-tight">Your Details</h2>
          {data !== undefined && (
            <CardDescription>
              Available balance:{' '}
              <strong className="font-semibold text-foreground tabular-nums">
                {formatAmount(data.tb.current_balance, data.currency)}
              </strong>
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-5">
          <CopyField label="Your Username" value={data?.u.username} empty={NOT_AVAILABLE} />
          <CopyField label="Your Account Number" value={data?.data.account_no} empty={NOT_AVAILABLE} />
          <CopyField label="Swift Code" value={data?.data2.swift_code} />
          <CopyField label="Routing Number" value={data?.data2.routing_no} />
          <CopyField label="Country" value={data?.data2.country} />
        </CardContent>
      </Card>
    </div>
  );
}
