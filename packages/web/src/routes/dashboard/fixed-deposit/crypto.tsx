import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { queryOptionsFor } from '@/lib/api';
import { CryptoRequestForm } from '../-money/crypto-request-form';
import { PageHeader } from '../-money/page-header';
import { RequestList } from '../-money/request-list';
import { useRequestSubmission } from '../-money/use-request-submission';

const fixedDepositFormQuery = queryOptionsFor('getFixedDepositForm');

export const Route = createFileRoute('/dashboard/fixed-deposit/crypto')({
  loader: ({ context: { queryClient } }) => queryClient.query(fixedDepositFormQuery),
  component: CryptoFixedDepositPage,
});

function CryptoFixedDepositPage() {
  const { data } = useSuspenseQuery(fixedDepositFormQuery);
  const fixedDeposit = useRequestSubmission('createFixedDeposit', 'getFixedDepositForm');

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Fixed Deposit"
        description="Pay to the displayed address, then return and fill the form."
        back={{ to: '/dashboard/fixed-deposit', label: 'Fixed deposit' }}
      />
      <Card className="max-w-2xl">
        <CardHeader>
          <h2 className="text-lg font-semibold tracking-tight">Fixed deposit details</h2>
          <CardDescription>Choose a plan and show us the proof of your payment.</CardDescription>
        </CardHeader>
        <CardContent>
          <CryptoRequestForm
            coins={data}
            choice={{
              label: 'Plan',
              placeholder: 'Select a plan',
              missing: 'Choose a fixed deposit plan',
              options: data.plans.map((plan) => plan.plan_name),
            }}
            submitLabel="Submit Fixed Deposit"
            onSubmit={({ choice, type, amount, proof }) =>
              fixedDeposit.mutateAsync({ plan: choice, type, amount, fixedDepositPic: proof })
            }
          />
        </CardContent>
      </Card>
      <RequestList title="Fixed Deposits" rows={data.transactions} currency={data.currency} />
    </div>
  );
}
