import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { OtpField } from '@/components/ui/otp-field';
import { PinCard, PinCardSkeleton } from '../-components/pin-creation';
import { PIN_LENGTH, pinDraft } from '../-components/pin-draft';
import { redirectIfPinExists } from '../-components/pin-checks';
import { pinEntrySchema } from '../-components/pin-entry-schema';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/pincreation/')({
  head: titled('Create your transaction PIN'),
  loader: ({ context: { queryClient } }) => redirectIfPinExists(queryClient),
  pendingComponent: PinCardSkeleton,
  component: CreatePinPage,
});

/** Step 1: the new PIN. */
function CreatePinPage() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(pinEntrySchema), defaultValues: { pin: '' } });
  const submit = useFormSubmit(form, async ({ pin }) => {
    pinDraft.set(pin);
    await navigate({ to: '/dashboard/pincreation/new1' });
  });
  return (
    <PinCard
      step={1}
      title="Create your transaction PIN"
      description="Choose 4 digits. You will use them to confirm every transfer, so keep them to yourself."
    >
      <Form {...form}>
        <form noValidate className="grid gap-6" onSubmit={submit.onSubmit}>
          <OtpField
            control={form.control}
            name="pin"
            label="New PIN"
            length={PIN_LENGTH}
            masked
            autoFocus
            className="justify-items-center"
          />
          <Button type="submit" size="lg" pending={submit.pending}>
            Confirm
          </Button>
        </form>
      </Form>
    </PinCard>
  );
}
