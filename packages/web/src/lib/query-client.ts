/**
 * The app's QueryClient. Failed calls get their error toast here, in one place: the bank's message, or
 * the fallback the call names in `meta.errorMessage`. Success toasts stay at the call site.
 */
import { isApiError, type ApiError } from '@ebank/contract';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { errorMessage } from './api';

/** What a call may tell the central error handler. */
export type CallMeta = Record<string, unknown> & {
  /** The screen's message for a failure that brings none (spec section 8). */
  errorMessage?: string;
  /** Show no error toast: the screen reports the failure itself. */
  silent?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError | Error;
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

export function createAppQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // Spec section 7: a read that gets no reply at all has an empty result, and no message.
        if (isApiError(error) && error.isEmptyResult) return;
        if (query.meta?.silent === true) return;
        toast.error(errorMessage(error, query.meta?.errorMessage));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (mutation.meta?.silent === true) return;
        toast.error(errorMessage(error, mutation.meta?.errorMessage));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Only a call that got no reply is worth repeating; the bank's answers stand.
        retry: (count, error) => isApiError(error) && error.isEmptyResult && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
