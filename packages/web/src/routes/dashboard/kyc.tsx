import { createFileRoute } from '@tanstack/react-router';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Card, CardContent } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageHeader } from './-components/page';

export const Route = createFileRoute('/dashboard/kyc')({
  component: SubmitVerificationPage,
});

/**
 * The spec says this page shows a fixed crypto address but does not print it; this stands in for the
 * bank's verification deposit address until the bank names one.
 */
const VERIFICATION_ADDRESS = 'bc1q-verification-deposit-address-placeholder';

function SubmitVerificationPage() {
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
              Send the verification deposit to the address below, then contact support with your account number. Our
              team confirms the deposit and completes the verification.
            </p>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="verification-address">Verification deposit address</Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input id="verification-address" readOnly value={VERIFICATION_ADDRESS} className="bg-muted font-mono" />
              <CopyButton value={VERIFICATION_ADDRESS} aria-label="Copy verification deposit address" size="default" />
            </div>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
