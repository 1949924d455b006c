/**
 * An action of the admin area on the bank: a mutation whose failure is said where it was started
 * (`ActionStatus`), never in a toast, and whose success is said there too, in the caller's words.
 */
import { useMutation } from '@tanstack/react-query';
import { STAFF_META } from '@/api/staff';
import type { ActionState } from './section';

export function useStaffAction<TInput, TReply>(
  action: (input: TInput) => Promise<TReply>,
  options: {
    /** What the action did, for the result line. */
    readonly done: (reply: TReply, input: TInput) => string;
    readonly onSuccess?: (reply: TReply, input: TInput) => unknown;
  },
) {
  const mutation = useMutation({
    mutationFn: action,
    meta: STAFF_META,
    ...(options.onSuccess === undefined ? {} : { onSuccess: options.onSuccess }),
  });
  const state: ActionState = {
    pending: mutation.isPending,
    error: mutation.error,
    done: mutation.isSuccess ? options.done(mutation.data, mutation.variables) : undefined,
  };
  return { ...mutation, state };
}
