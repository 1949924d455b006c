/**
 * The messages a mock bank "sent" by e-mail (verification and transfer codes, reset links), as its outbox
 * (the staff contract's `getOutbox`) lists them, newest first: the demo's bar and the notice of a private
 * bank both offer them, as neither has a mailbox. Read each time the dialog opens, and again on request.
 * Each is dated in the portal's one style (26/11/2026, 18:05:09). It needs a `QueryClientProvider` above it.
 */
import { staffReply, type OutboxMessage, type StaffClient } from '@ebank/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { EmailAddress } from '@/components/email-address';
import { ButtonDialog } from '@/components/button-dialog';
import { Button } from '@/components/ui/button';
import { textLinkClass } from '@/components/ui/text-link';
import { formatDateTime } from '@/lib/format';

/** How many of the newest messages are shown. */
export const SHOWN_MESSAGES = 10;

function MessageItem({ message }: { readonly message: OutboxMessage }) {
  const subjectId = useId();
  return (
    <li className="grid gap-1 rounded-lg border p-3">
      <p className="font-medium" id={subjectId}>
        {message.subject}
      </p>
      <p className="text-muted-foreground">
        To <EmailAddress address={message.to} />,{' '}
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </p>
      {message.code !== undefined && (
        <p>
          Code <strong className="font-mono text-base tracking-wider">{message.code}</strong>
        </p>
      )}
      {message.link !== undefined && (
        <p>
          <a className={textLinkClass} href={message.link} aria-describedby={subjectId}>
            Open the link
          </a>
        </p>
      )}
      {message.code === undefined && message.link === undefined && <p>{message.text}</p>}
    </li>
  );
}

function Outbox({ bank }: { readonly bank: StaffClient }) {
  const outbox = useQuery({
    queryKey: ['mock-outbox'],
    queryFn: ({ signal }) => staffReply(bank.getOutbox({ query: {}, fetchOptions: { signal, cache: 'no-store' } })),
  });
  const messages = outbox.data ?? [];
  let status: string;
  if (outbox.isPending) status = 'Loading…';
  else if (outbox.isError) status = 'The messages cannot be shown.';
  else if (messages.length === 0) status = 'No messages yet.';
  else if (messages.length === 1) status = 'One message:';
  else if (messages.length <= SHOWN_MESSAGES) status = `${messages.length} messages, the newest first:`;
  else status = `The newest ${SHOWN_MESSAGES} of ${messages.length}:`;
  return (
    <div className="grid gap-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status">{status}</p>
        <Button
          variant="outline"
          size="sm"
          pending={outbox.isFetching}
          onClick={() => {
            void outbox.refetch();
          }}
        >
          Check again
        </Button>
      </div>
      {messages.length > 0 && (
        <ul className="grid gap-2">
          {messages.slice(0, SHOWN_MESSAGES).map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** A 'Messages' button that opens the dialog of the bank's outbox. */
export function MessagesDialog({
  bank,
  description,
}: {
  /** The staff API of the bank whose outbox is shown. */
  readonly bank: StaffClient;
  /** A line under the title: where these messages come from. */
  readonly description: ReactNode;
}) {
  return (
    <ButtonDialog button="Messages" title="Messages the bank sent" description={description}>
      <Outbox bank={bank} />
    </ButtonDialog>
  );
}
