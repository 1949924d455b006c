import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../-components/page';
import { paymentMethodsQuery } from '@/api/queries';
import { MethodList, offlineMethods, type MethodItem } from '../-money/payment-methods';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/add-funds/')({
  head: titled('Add funds'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...paymentMethodsQuery, staleTime: 'static' }),
  component: AddFundsPage,
});

const methods: readonly MethodItem[] = [
  ...offlineMethods('deposit'),
  {
    method: 'institutional',
    title: 'Institutional Transfer',
    description: 'Receive money from another institution with your account and bank details.',
    to: '/dashboard/add-funds/it',
  },
  {
    method: 'crypto',
    title: 'Crypto Deposit',
    description: 'Pay in crypto to the address we show, then send us the proof of payment.',
    to: '/dashboard/add-funds/crypto',
  },
];

function AddFundsPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Add funds"
        description="Put money into your account: choose how to deposit into your trading accounts."
        back={{ to: '/dashboard', label: 'Dashboard' }}
      />
      <MethodList items={methods} label="Deposit methods" />
    </div>
  );
}
