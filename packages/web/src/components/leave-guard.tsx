/**
 * Asks before a page with a form the customer has typed into is left: a link or the browser's Back gets a
 * dialog ("Leave this page?", Stay has the focus), a reload or a closed tab the browser's own question.
 * What was typed is not kept anywhere else: a KYC form holds a phone number, an address and documents,
 * which the portal does not write to the browser's storage.
 */
import { useBlocker } from '@tanstack/react-router';
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

/**
 * `guards()` is asked at each navigation: true while there is something to lose (typed, not sent, and the
 * session that could send it still there: a sign-out or an ended session always leaves).
 */
export function LeaveGuard({ guards }: { readonly guards: () => boolean }) {
  const blocker = useBlocker({ shouldBlockFn: guards, enableBeforeUnload: guards, withResolver: true });
  return (
    <AlertDialog
      open={blocker.status === 'blocked'}
      onOpenChange={(open) => {
        if (!open) blocker.reset?.();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave this page?</AlertDialogTitle>
          <AlertDialogDescription>What you entered here has not been sent, and will be lost.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Stay on this page</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={() => blocker.proceed?.()}>
            Leave
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
