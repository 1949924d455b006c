import Clock from 'lucide-react/icons/clock';
import type { SessionEndReason } from '@/session/session-end-reason';

const MESSAGES: Record<SessionEndReason, string> = {
  idle: 'You were signed out because your session was inactive for too long. Please sign in again.',
  expired: 'Your session has expired. Please sign in again.',
};

/** Why the last session ended, above the login form, when it ended on its own (`?ended=`). */
export function SessionEndNotice({ reason }: { reason: SessionEndReason | undefined }) {
  if (reason === undefined) return null;
  return (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg border border-warning/30 bg-warning-soft px-4 py-3 text-sm font-medium"
    >
      <Clock className="size-4 shrink-0 text-warning" aria-hidden="true" />
      {MESSAGES[reason]}
    </p>
  );
}
