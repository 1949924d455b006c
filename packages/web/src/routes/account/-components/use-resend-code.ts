import { useMutation } from '@tanstack/react-query';
import { toast, type ToastFlow } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/auth';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

/**
 * The "resend" link of the verify and forgot screens: asks the bank to send the code again and says
 * 'Code Sent', or 'Something went wrong' when that fails. One request at a time. The new code settles the
 * errors of the screen's `flow` ('Invalid code. 4 attempts left.' spoke of the code it replaces).
 */
export function useResendCode(operation: 'resendConfirmCode' | 'resendForgotCode', flow: ToastFlow) {
  const mutation = useMutation({ ...mutationOptionsFor(operation), meta: { errorMessage: 'Something went wrong' } });
  const { run, pending } = useOneAtATime();
  return {
    isPending: pending,
    send(email: string) {
      run(async () => {
        await mutation.mutateAsync({ email });
        toast.success('Code Sent', { flow });
      });
    },
  };
}
