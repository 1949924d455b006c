/**
 * An action on the whole bank that cannot be undone (clearing the journal, resetting the bank): its
 * button asks first, and what it came to is said beside it.
 */
import { ConfirmButton, type ConfirmButtonProps } from '@/components/confirm-button';
import { ActionRow } from './section';
import { useStaffAction } from './use-staff-action';

export function ConfirmAction({
  run,
  done,
  onSuccess,
  ...ask
}: Omit<ConfirmButtonProps, 'onConfirm' | 'pending' | 'pendingText'> & {
  /** Asks the bank to act. */
  readonly run: () => Promise<unknown>;
  /** What the action did, for the result line. */
  readonly done: string;
  /** What follows once it is done (the reads it changed, read again). */
  readonly onSuccess: () => unknown;
}) {
  const action = useStaffAction(run, { done: () => done, onSuccess });
  return (
    <ActionRow state={action.state}>
      <ConfirmButton
        {...ask}
        pending={action.isPending}
        onConfirm={() => {
          action.mutate();
        }}
      />
    </ActionRow>
  );
}
