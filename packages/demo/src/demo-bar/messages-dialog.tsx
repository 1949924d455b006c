/**
 * The messages the bank "sent" by e-mail (verification and transfer codes, reset links), as the outbox
 * (`GET /__mock/outbox`) lists them, newest first: the demo has no mailbox. Read each time the dialog
 * opens, and again on request.
 */
import { useQuery } from '@tanstack/react-query';
import { EmailAddress } from '@ebank/web/src/components/email-address';
import { Button } from '@ebank/web/src/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@ebank/web/src/components/ui/dialog';
import { textLinkClass } from '@ebank/web/src/components/ui/text-link';
import { useId } from 'react';
import { z } from 'zod';

/** The part of an outbox message the dialog shows. */
const OutboxSchema = z.array(
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    code: z.string().optional(),
    link: z.string().optional(),
    createdAt: z.iso.datetime(),
  }),
);

type OutboxMessage = z.infer<typeof OutboxSchema>[number];

export const OUTBOX_PATH = '/__mock/outbox';

/** How many of the newest messages are shown. */
export const SHOWN_MESSAGES = 10;

async function readOutbox(apiOrigin: string, signal: AbortSignal) {
  const response = await fetch(`${apiOrigin}${OUTBOX_PATH}`, { signal, cache: 'no-store' });
  if (!response.ok) throw new Error(`The outbox answered ${response.status}`);
  return OutboxSchema.parse(await response.json());
}

function MessageItem({ message }: { readonly message: OutboxMessage }) {
  const subjectId = useId();
  return (
    <li className="grid gap-1 rounded-lg border p-3">
      <p className="font-medium" id={subjectId}>
        {message.subject}
      </p>
      <p className="text-muted-foreground">
        To <EmailAddress address={message.to} />,{' '}
        <time dateTime={message.createdAt}>{new Date(message.createdAt).toLocaleString()}</time>
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

function Outbox({ apiOrigin }: { readonly apiOrigin: string }) {
  const outbox = useQuery({
    queryKey: ['demo-outbox', apiOrigin],
    queryFn: ({ signal }) => readOutbox(apiOrigin, signal),
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

export function MessagesDialog({ apiOrigin }: { readonly apiOrigin: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Messages
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Messages the bank sent</DialogTitle>
          <DialogDescription>
            Codes and links the bank would send by e-mail. The demo has no mailbox, so they are here.
          </DialogDescription>
        </DialogHeader>
        <Outbox apiOrigin={apiOrigin} />
      </DialogContent>
    </Dialog>
  );
}
