import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { clearEntry, Form, useFormSubmit } from '@/components/ui/form';
import { RedirectNotice, TO_DASHBOARD, useDelayedRedirect } from '@/components/redirect-notice';
import { OtpField } from '@/components/ui/otp-field';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/dashboard';
import { PIN_CREATION_TOAST_MS, TRANSFER_REDIRECT_MS } from '@/lib/timings';
import { PIN_CREATED_MESSAGE, PIN_MISMATCH_MESSAGE, PinCard, PinCardSkeleton } from '../-components/pin-creation';
import { PIN_LENGTH, pinDraft } from '../-components/pin-draft';
import { redirectIfPinExists } from '../-components/pin-checks';
import { pinEntrySchema } from '../-components/pin-entry-schema';
import { invalidate } from '../-components/cache-updates';
import { textLinkClass } from '@/components/ui/text-link';
import { titled } from '@/lib/page-title';

export const Route = createFileRoute('/dashboard/pincreation/new1')({
  head: titled('Confirm your transaction PIN'),
  // Without a first entry there is nothing to confirm. A reload forgets it (it is never stored), so a reload
  // of this screen starts the PIN again on the first.
  beforeLoad: () => {
    if (pinDraft.get() === undefined) throw redirect({ to: '/dashboard/pincreation', replace: true });
  },
  loader: ({ context: { queryClient } }) => redirectIfPinExists(queryClient),
  pendingComponent: PinCardSkeleton,
  component: ConfirmPinPage,
});

/** Step 2: the same PIN again; a match creates it, then the dashboard opens after 3 s. */
function ConfirmPinPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { redirectAfterDelay, waiting, notice } = useDelayedRedirect();
  const form = useForm({ resolver: zodResolver(pinEntrySchema), defaultValues: { pin: '' } });
  // Its failures toast for 3 s, as everything on this screen, in the flow whose success takes them away.
  const create = useMutation({
    ...mutationOptionsFor('createPin'),
    meta: { toastMs: PIN_CREATION_TOAST_MS, flow: 'create-pin' },
  });

  const submit = useFormSubmit(form, async ({ pin }) => {
    const first = pinDraft.get();
    if (first === undefined) {
      await navigate({ to: '/dashboard/pincreation', replace: true });
      return;
    }
    if (pin !== first) {
      toast.error(PIN_MISMATCH_MESSAGE, { duration: PIN_CREATION_TOAST_MS, flow: 'create-pin' });
      clearEntry(form, 'pin');
      return;
    }
    await create.mutateAsync({ pin });
    pinDraft.clear();
    // The success takes the mismatch's and the failed tries' error toasts away.
    toast.success(PIN_CREATED_MESSAGE, { duration: PIN_CREATION_TOAST_MS, flow: 'create-pin' });
    redirectAfterDelay({ ...TO_DASHBOARD, to: { ...TO_DASHBOARD.to, replace: true } }, TRANSFER_REDIRECT_MS);
    void invalidate(queryClient, 'checkPin', 'getInstitution');
  });

  const done = waiting || create.isSuccess;
  return (
    <PinCard step={2} title="Confirm your transaction PIN" description="Enter the same 4 digits again.">
      <Form {...form}>
        <form noValidate className="grid gap-6" onSubmit={submit.onSubmit}>
          <OtpField
            control={form.control}
            name="pin"
            label="Confirm PIN"
            length={PIN_LENGTH}
            masked
            autoFocus
            className="justify-items-center"
          />
          <Button type="submit" size="lg" pending={submit.pending} disabled={done}>
            Confirm
          </Button>
          <RedirectNotice notice={notice} />
          {/* Once the PIN is made there are no other digits to choose. */}
          {!done && (
            <p className="text-center text-sm text-muted-foreground">
              Want different digits?{' '}
              <Link to="/dashboard/pincreation" className={textLinkClass}>
                Start again
              </Link>
            </p>
          )}
        </form>
      </Form>
    </PinCard>
  );
}
