import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { paymentFormQuery } from '@/api/queries';
import { PageHeader } from '../-components/page';
import { CryptoRequestSection } from '../-money/crypto-request-section';
import { useRequestSubmission } from '../-money/use-request-submission';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/make-payment/crypto')({
  head: titled('Crypto Payment'),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...paymentFormQuery, staleTime: 'static' }),
  component: CryptoPaymentPage,
});

function CryptoPaymentPage() {
  const { data } = useSuspenseQuery(paymentFormQuery);
  const payment = useRequestSubmission('createPayment', 'getPaymentForm');

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Crypto Payment"
        description="Pay to the displayed address, then return and fill the form."
        back={{ to: '/dashboard/make-payment', label: 'Make payment' }}
      />
      <CryptoRequestSection
        title="Payment details"
        description="Tell us what the payment is for and show us its proof."
        data={data}
        choice={{
          label: 'Purpose',
          placeholder: 'Select a purpose',
          missing: 'Choose the purpose of the payment',
          options: data.purposes.map((purpose) => purpose.purpose_name),
        }}
        submitLabel="Submit Payment"
        listTitle="Payments"
        onSubmit={({ choice, type, amount, proof }) =>
          payment.mutateAsync({ purpose: choice, type, amount, depositPic: proof })
        }
      />
    </div>
  );
}
