/**
 * The demo bar's messages: the outbox of the bank in this page, in the portal's one Messages dialog
 * (shared with the notice of a private bank).
 */
import type { StaffClient } from '@ebank/contract';
import { MessagesDialog as OutboxDialog } from '@ebank/web/src/components/messages-dialog';

export { SHOWN_MESSAGES } from '@ebank/web/src/components/messages-dialog';

export function MessagesDialog({ bank }: { readonly bank: StaffClient }) {
  return (
    <OutboxDialog
      bank={bank}
      description="Codes and links the bank would send by e-mail. The demo has no mailbox, so they are here."
    />
  );
}
