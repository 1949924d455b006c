import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { queryOptionsFor } from '@/lib/api';
import { CryptoRequestForm } from '../-money/crypto-request-form';
import { PageHeader } from '../-money/page-header';
import { RequestList } from '../-money/request-list';
import { useRequestSubmission } from '../-money/use-request-submission';

const paymentFormQuery = queryOptionsFor('getPaymentForm');

export const Route = createFileRoute('/dashboard/make-payment/crypto')({
  loader: ({ context: { queryClient } }) => queryClient.query(paymentFormQuery),
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
      <Card className="max-w-2xl">
        <CardHeader>
          <h2 className="text-lg font-semibold tracking-tight">Payment details</h2>
          <CardDescription>Tell us what the payment is for and show us its proof.</CardDescription>
        </CardHeader>
        <CardContent>
          <CryptoRequestForm
            coins={data}
            choice={{
              label: 'Purpose',
              placeholder: 'Select a purpose',
              missing: 'Choose the purpose of the payment',
              options: data.purposes.map((purpose) => purpose.purpose_name),
            }}
            submitLabel="Submit Payment"
            onSubmit={({ choice, type, amount, proof }) =>
              payment.mutateAsync({ purpose: choice, type, amount, depositPic: proof })
            }
          />
        </CardContent>
      </Card>
      <RequestList title="Payments" rows={data.transactions} currency={data.currency} />
    </div>
  );
}
