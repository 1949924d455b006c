import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast, type ToastFlow } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/auth';
import { RESEND_COOLDOWN_MS } from '@/lib/timings';
import { useNow } from '@/components/redirect-notice';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

/**
 * The "resend" link of the verify and forgot screens: asks the bank to send the code again and says
 * 'Code Sent', or 'Something went wrong' when that fails. One request at a time. The new code settles the
 * errors of the screen's `flow` ('Invalid code. 4 attempts left.' spoke of the code it replaces).
 *
 * After a code is sent the link waits `RESEND_COOLDOWN_MS` (`secondsLeft` counts down): the bank sends
 * only a few e-mails per address in a quarter of an hour, and a customer who clicks again while the
 * first e-mail is on its way would spend them. `sent()` starts the wait after another call sent one.
 */
export function useResendCode(operation: 'resendConfirmCode' | 'resendForgotCode', flow: ToastFlow) {
  const mutation = useMutation({ ...mutationOptionsFor(operation), meta: { errorMessage: 'Something went wrong' } });
  const { run, pending } = useOneAtATime();
  const [availableAt, setAvailableAt] = useState<number | undefined>(undefined);
  const now = useNow(availableAt !== undefined, 250);
  const left = availableAt === undefined ? 0 : Math.min(RESEND_COOLDOWN_MS, availableAt - now);
  const secondsLeft = Math.max(0, Math.ceil(left / 1000));
  if (availableAt !== undefined && secondsLeft === 0) setAvailableAt(undefined);
  const sent = () => {
    setAvailableAt(Date.now() + RESEND_COOLDOWN_MS);
  };
  return {
    isPending: pending,
    /** Seconds until the link may send again (0: it may). */
    secondsLeft,
    sent,
    send(email: string) {
      if (secondsLeft > 0) return;
      run(async () => {
        await mutation.mutateAsync({ email });
        sent();
        toast.success('Code Sent', { flow });
      });
    },
  };
}
