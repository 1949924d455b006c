import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cryptoDepositFormQuery } from '@/api/queries';
import { PageHeader } from '../-components/page';
import { CryptoRequestForm } from '../-money/crypto-request-form';
import { RequestList } from '../-money/request-list';
import { emptyWithoutReply } from '../-money/tolerant-loader';
import { useRequestSubmission } from '../-money/use-request-submission';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/add-funds/crypto')({
  head: titled('Crypto Deposit'),
  loader: ({ context: { queryClient } }) =>
    emptyWithoutReply(queryClient.query({ ...cryptoDepositFormQuery, staleTime: 'static' })),
  component: CryptoDepositPage,
});

const steps = [
  'Choose the crypto type and copy the address shown for it.',
  'Pay the amount to that address from your wallet or exchange.',
  'Return here, enter the amount, upload the proof of payment and submit the form.',
];

function CryptoDepositPage() {
  // Without a reply the page stays empty, with no message.
  const { data } = useQuery(cryptoDepositFormQuery);
  const deposit = useRequestSubmission('createCryptoDeposit', 'getCryptoDepositForm', { quietWithoutReply: true });

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Crypto Deposit"
        description="Deposit into your trading accounts"
        back={{ to: '/dashboard/add-funds', label: 'Add funds' }}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="lg:order-2">
          <CardHeader>
            <h2 className="text-lg font-semibold tracking-tight">Methods</h2>
            <CardDescription>Pay to the displayed address, then return and fill the form.</CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-3 text-sm">
              {steps.map((step, index) => (
                <li key={step} className="flex gap-3">
                  <span
                    className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-primary"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <span className="pt-0.5">{step}</span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
        <Card className="lg:order-1">
          <CardHeader>
            <h2 className="text-lg font-semibold tracking-tight">Deposit details</h2>
          </CardHeader>
          <CardContent>
            {data === undefined ? (
              <p className="text-sm text-muted-foreground">There is nothing to show here right now.</p>
            ) : (
              <CryptoRequestForm
                coins={data}
                currency={data.currency}
                submitLabel="Submit Deposit"
                onSubmit={({ type, amount, address, proof }) =>
                  deposit.mutateAsync({ type, amount, address, depositPic: proof })
                }
              />
            )}
          </CardContent>
        </Card>
      </div>
      <RequestList title="Crypto Transactions" rows={data?.transactions ?? []} currency={data?.currency} />
    </div>
  );
}
