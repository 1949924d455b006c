import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/auth';

/**
 * The "resend" link of the verify and forgot screens: asks the bank to send the code again and says
 * 'Code Sent', or 'Something went wrong' when that fails (spec section 8).
 */
export function useResendCode(operation: 'resendConfirmCode' | 'resendForgotCode') {
  const mutation = useMutation({ ...mutationOptionsFor(operation), meta: { errorMessage: 'Something went wrong' } });
  return {
    isPending: mutation.isPending,
    send(email: string) {
      mutation.mutate(
        { email },
        {
          onSuccess: () => {
            toast.success('Code Sent');
          },
        },
      );
    },
  };
}
