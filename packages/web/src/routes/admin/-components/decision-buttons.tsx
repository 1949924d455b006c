/**
 * The decision on a case or a request: accept it at once, or decline it after asking (a declined one
 * cannot be taken back), with what the decision came to beside the buttons. One decision only: both
 * buttons are held while it is sent and once it is taken.
 */
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { ActionRow } from './section';
import { useStaffAction } from './use-staff-action';

export function DecisionButtons<Accept extends string>({
  accept,
  subject,
  ask,
  decide,
}: {
  /** The accepting decision: its name for the bank, its button's text, and what is said once it is taken. */
  readonly accept: { readonly decision: Accept; readonly text: string; readonly done: string };
  /** What is decided on, for the buttons' accessible names (`Decline <subject>`). */
  readonly subject: string;
  /** The question asked before declining. */
  readonly ask: { readonly title: string; readonly description: string };
  /** Sends the decision to the bank. */
  readonly decide: (decision: Accept | 'decline') => Promise<unknown>;
}) {
  const action = useStaffAction(decide, {
    done: (_reply, decision) => (decision === 'decline' ? 'Declined.' : accept.done),
  });
  const held = action.isPending || action.isSuccess;
  const sending = (decision: Accept | 'decline') => action.isPending && action.variables === decision;
  return (
    <ActionRow state={action.state}>
      <Button
        size="sm"
        pending={sending(accept.decision)}
        disabled={held}
        aria-label={`${accept.text} ${subject}`}
        onClick={() => {
          action.mutate(accept.decision);
        }}
      >
        {accept.text}
      </Button>
      <ConfirmButton
        variant="destructive"
        label={`Decline ${subject}`}
        title={ask.title}
        description={ask.description}
        confirm="Decline"
        pending={sending('decline')}
        disabled={held}
        onConfirm={() => {
          action.mutate('decline');
        }}
      >
        Decline
      </ConfirmButton>
    </ActionRow>
  );
}
