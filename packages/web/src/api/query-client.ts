/**
 * The app's QueryClient. Failed calls get their error toast here, in one place: the bank's message, or
 * the fallback the call names in `meta.errorMessage`, for as long as `meta.toastMs` says (5 s unless
 * it says otherwise). Success toasts stay at the call site.
 */
import { isApiError, type ApiError } from '@ebank/contract/errors';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { prepareToasts, toast, type ToastFlow } from '@/components/ui/toast';
import { errorMessage } from './error-message';

/** What a call may tell the central error handler. */
export type CallMeta = Record<string, unknown> & {
  /** The screen's message for a failure that brings none (such as 'Something went wrong'). */
  errorMessage?: string;
  /** How long the error toast stays up, in milliseconds; `TOAST_MS` when not given. */
  toastMs?: number;
  /** A write that got no reply at all says nothing (the add-funds screens); other failures still toast. */
  quietWithoutReply?: boolean;
  /** The flow the error toast belongs to: the flow's success toast takes it away. */
  flow?: ToastFlow;
  /**
   * The screen shows the failure itself, where the call was made: no toast. Every failure (the admin area), or
   * those this tells (a refusal that comes with its own way out).
   */
  inline?: boolean | ((error: ApiError | Error) => boolean);
};

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError | Error;
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

function showError(error: ApiError | Error, meta: CallMeta | undefined) {
  const message = errorMessage(error, meta?.errorMessage);
  toast.error(message, {
    ...(meta?.toastMs === undefined ? {} : { duration: meta.toastMs }),
    ...(meta?.flow === undefined ? {} : { flow: meta.flow }),
  });
}

const gotNoReply = (error: unknown) => isApiError(error) && error.isEmptyResult;
const shownInline = (error: ApiError | Error, meta: CallMeta | undefined) =>
  typeof meta?.inline === 'function' ? meta.inline(error) : meta?.inline === true;

export function createAppQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A read that gets no reply at all has an empty result, and no message.
        if (gotNoReply(error) || shownInline(error, query.meta)) return;
        showError(error, query.meta);
      },
    }),
    mutationCache: new MutationCache({
      // A write ends in a toast, a success or an error: their view loads while the call runs.
      onMutate: () => {
        prepareToasts();
      },
      onError: (error, _variables, _result, mutation) => {
        if (shownInline(error, mutation.meta)) return;
        if (mutation.meta?.quietWithoutReply === true && gotNoReply(error)) return;
        showError(error, mutation.meta);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Only a call that got no reply is worth repeating; the bank's answers stand.
        retry: (count, error) => gotNoReply(error) && count < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
