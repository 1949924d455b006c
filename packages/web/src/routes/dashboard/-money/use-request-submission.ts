import type { QueryName } from '@ebank/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mutationOptionsFor } from '@/api/dashboard';
import { DEFAULT_ERROR_MESSAGE } from '@/api/error-message';
import { bankKeys } from '@/api/client';

/** The submissions of the crypto form: each answers with an icon. */
export type RequestOperation = 'createCryptoDeposit' | 'createPayment' | 'createFixedDeposit' | 'createUpgrade';

/**
 * The mutation behind one crypto form. A failure shows the bank's message or 'Something went wrong!'
 * (from the central handler), except that add-funds says nothing when the call got no reply at all
 * (a network failure on an add-funds call yields an empty result with no message).
 * Once the bank answered, the form's list and the statements are read again.
 */
export function useRequestSubmission<K extends RequestOperation>(
  name: K,
  formQuery: QueryName,
  { quietWithoutReply = false }: { quietWithoutReply?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptionsFor(name),
    meta: { errorMessage: DEFAULT_ERROR_MESSAGE, quietWithoutReply },
    onSuccess: () => {
      for (const operation of [formQuery, 'getStatement', 'getHomeStatement'] as const)
        void queryClient.invalidateQueries({ queryKey: bankKeys.operation(operation) });
    },
  });
}
