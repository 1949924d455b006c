import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../-components/page';
import { paymentMethodsQuery } from '@/api/queries';
import { MethodList, offlineMethods, type MethodItem } from '../-money/payment-methods';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/make-payment/')({
  head: titled('Make payment'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...paymentMethodsQuery, staleTime: 'static' }),
  component: MakePaymentPage,
});

const methods: readonly MethodItem[] = [
  ...offlineMethods('payment'),
  {
    method: 'crypto',
    title: 'Crypto Deposit',
    description: 'Pay in crypto to the address we show, then send us the proof of payment.',
    to: '/dashboard/make-payment/crypto',
  },
];

function MakePaymentPage() {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Make payment"
        description="Pay the bank for a purpose you choose, such as a loan repayment: choose how to pay."
        back={{ to: '/dashboard', label: 'Dashboard' }}
      />
      <MethodList items={methods} label="Payment methods" />
    </div>
  );
}
