import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { fixedDepositFormQuery } from '@/api/queries';
import { PageHeader } from '../-components/page';
import { CryptoRequestSection } from '../-money/crypto-request-section';
import { useRequestSubmission } from '../-money/use-request-submission';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/fixed-deposit/crypto')({
  head: titled('Fixed deposit in crypto'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...fixedDepositFormQuery, staleTime: 'static' }),
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
      <CryptoRequestSection
        title="Fixed deposit details"
        description="Choose a plan and show us the proof of your payment."
        data={data}
        choice={{
          label: 'Plan',
          placeholder: 'Select a plan',
          missing: 'Choose a fixed deposit plan',
          options: data.plans.map((plan) => plan.plan_name),
        }}
        submitLabel="Submit Fixed Deposit"
        listTitle="Fixed Deposits"
        onSubmit={({ choice, type, amount, proof }) =>
          fixedDeposit.mutateAsync({ plan: choice, type, amount, fixedDepositPic: proof })
        }
      />
    </div>
  );
}
