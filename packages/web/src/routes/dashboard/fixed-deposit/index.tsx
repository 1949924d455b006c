import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../-components/page';
import { paymentMethodsQuery } from '@/api/queries';
import { MethodList, offlineMethods, type MethodItem } from '../-money/payment-methods';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/fixed-deposit/')({
  head: titled('Fixed deposit'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...paymentMethodsQuery, staleTime: 'static' }),
  component: FixedDepositPage,
});

const methods: readonly MethodItem[] = [
  ...offlineMethods('fixed-deposit'),
  {
    method: 'crypto',
    title: 'Crypto Deposit',
    description: 'Fund a fixed deposit plan in crypto, then send us the proof of payment.',
    to: '/dashboard/fixed-deposit/crypto',
  },
];

function FixedDepositPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Fixed deposit"
        description="Lock funds in a fixed deposit plan for its term: choose how to fund it."
        back={{ to: '/dashboard', label: 'Dashboard' }}
      />
      <MethodList items={methods} label="Fixed deposit methods" />
    </div>
  );
}
