/**
 * An action of the admin area on the bank: a mutation whose failure is said where it was started
 * (`ActionStatus`), never in a toast, and whose success is said there too, in the caller's words.
 *
 * One call at a time, as the portal's forms (`useOneAtATime`): `mutate` while a call runs does nothing, so a
 * double click, a second click or Enter pressed twice sends one request. The hold is taken in the event
 * itself, before React renders (a held button comes only with the next render, and a double click with no
 * gap fires both clicks before it), and let go once the call has settled. `mutateAsync` is for a form, held
 * by its own `useFormSubmit`; its call holds the action's buttons too.
 */
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
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
  const running = useRef(false);
  const mutation = useMutation({
    mutationFn: action,
    meta: STAFF_META,
    ...(options.onSuccess === undefined ? {} : { onSuccess: options.onSuccess }),
    onSettled: () => {
      running.current = false;
    },
  });
  const mutate: typeof mutation.mutate = (...call) => {
    if (running.current) return;
    running.current = true;
    mutation.mutate(...call);
  };
  const mutateAsync: typeof mutation.mutateAsync = (...call) => {
    running.current = true;
    return mutation.mutateAsync(...call);
  };
  const state: ActionState = {
    pending: mutation.isPending,
    error: mutation.error,
    done: mutation.isSuccess ? options.done(mutation.data, mutation.variables) : undefined,
  };
  return { ...mutation, mutate, mutateAsync, state };
}
