import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { institutionQuery } from '@/api/queries';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from './-components/page';
import { CopyField } from './-money/copy-field';
import { emptyWithoutReply } from './-money/tolerant-loader';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/kyc')({
  head: titled('Submit verification'),
  loader: ({ context: { queryClient } }) =>
    emptyWithoutReply(queryClient.query({ ...institutionQuery, staleTime: 'static' })),
  component: SubmitVerificationPage,
});

/** Shown, with Copy off, when the bank names no verification deposit address. */
const NO_ADDRESS = 'Ask support for the address';

/**
 * The spec's static 'Submit verification' page with the bank's fixed crypto address: the bank names it
 * (getinstituition's `verification_deposit`, from its configuration), with the coin to send.
 */
function SubmitVerificationPage() {
  // Without a reply the page still explains the step; the address then reads as unavailable.
  const { data } = useQuery(institutionQuery);
  const deposit = data?.verification_deposit;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Submit verification"
        description="Complete the verification of your account with a deposit to the bank's address."
      />
      <Card className="max-w-2xl">
        <CardContent className="grid gap-6">
          <div className="flex gap-3 rounded-lg bg-secondary p-4 text-sm text-secondary-foreground">
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p>
              Send the verification deposit{deposit === undefined ? '' : ` in ${deposit.type}`} to the address below,
              then contact support with your account number. Our team confirms the deposit and completes the
              verification.
            </p>
          </div>
          <CopyField label="Verification deposit address" value={deposit?.address} empty={NO_ADDRESS} wrap />
        </CardContent>
      </Card>
    </div>
  );
}
