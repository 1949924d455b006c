/** The idle session's warning: a dialog with the countdown, 'Sign out now' and 'Stay signed in'. */
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { formatCountdown } from '@/session/idle-session';

/** What a screen reader hears while the countdown runs: only these steps, not every second. */
function countdownAnnouncement(remainingMs: number) {
  const seconds = Math.ceil(remainingMs / 1000);
  if (seconds <= 10) return 'Less than 10 seconds left.';
  if (seconds <= 30) return 'Less than 30 seconds left.';
  return '';
}

export function IdleWarning({
  open,
  remainingMs,
  onStay,
  onSignOut,
}: {
  open: boolean;
  remainingMs: number;
  onStay: () => void;
  onSignOut: () => void;
}) {
  return (
    <AlertDialog open={open}>
      <AlertDialogContent onEscapeKeyDown={onStay}>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you still there?</AlertDialogTitle>
          <AlertDialogDescription>
            You will be signed out in <span className="font-semibold tabular-nums">{formatCountdown(remainingMs)}</span>{' '}
            because you have been inactive. Choose Stay signed in to keep working.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <p className="sr-only" aria-live="polite">
          {countdownAnnouncement(remainingMs)}
        </p>
        <AlertDialogFooter>
          <AlertDialogAction onClick={onSignOut}>Sign out now</AlertDialogAction>
          <AlertDialogCancel onClick={onStay}>Stay signed in</AlertDialogCancel>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
