/** What the bank tells its customers: notifications in the portal, and the e-mails of the outbox. */
import { newestFirst, type BankContext } from './context';
import { refuse } from './errors';
import type { Notification, OutboxKind, OutboxMessage, User } from './model';
import { randomBytes, randomId, toHex } from './security';

export class Notifications {
  private readonly notifications: Notification[] = [];
  /** The same notifications by customer, in the order made (a notification's customer never changes). */
  private readonly byUser = new Map<string, Notification[]>();

  constructor(private readonly context: BankContext) {}

  private add(notification: Notification) {
    this.notifications.push(notification);
    const own = this.byUser.get(notification.userId);
    if (own) own.push(notification);
    else this.byUser.set(notification.userId, [notification]);
  }

  notify(user: User, title: string, body: string, options: { read?: boolean; createdAt?: number } = {}): Notification {
    const notification: Notification = {
      id: `n${toHex(randomBytes(6))}`,
      userId: user.id,
      title,
      body,
      read: options.read ?? false,
      createdAt: options.createdAt ?? this.context.now(),
    };
    this.add(notification);
    return notification;
  }

  of(userId: string): Notification[] {
    return newestFirst(this.byUser.get(userId) ?? []);
  }

  /** How many of a customer's notifications are unread. */
  unreadCount(userId: string): number {
    let count = 0;
    for (const n of this.byUser.get(userId) ?? []) if (!n.read) count++;
    return count;
  }

  markRead(user: User, id: string) {
    const n = this.byUser.get(user.id)?.find((x) => x.id === id);
    if (!n) refuse('not_found', 'Notification not found');
    else n.read = true;
  }

  /** Every notification, in the order made (not a copy). */
  records(): readonly Notification[] {
    return this.notifications;
  }

  /** Takes in records from records(), which it keeps (the caller hands over a copy). */
  load(records: readonly Notification[]) {
    for (const record of records) this.add(record);
  }
}

/** How many messages to one address the outbox keeps: a new one past it drops the oldest. */
export const MAX_MESSAGES_PER_ADDRESS = 100;

export class Outbox {
  private readonly messages: OutboxMessage[] = [];
  /** How many messages each address has in the outbox. */
  private readonly counts = new Map<string, number>();

  constructor(private readonly context: BankContext) {}

  private add(message: OutboxMessage) {
    this.messages.push(message);
    this.counts.set(message.to, (this.counts.get(message.to) ?? 0) + 1);
  }

  /** Sends a message; an address keeps its newest {@link MAX_MESSAGES_PER_ADDRESS}. */
  send(to: string, kind: OutboxKind, subject: string, content: { text: string; code?: string; link?: string }) {
    this.add({ id: randomId(), to, kind, subject, createdAt: this.context.now(), ...content });
    let count = this.counts.get(to) ?? 0;
    for (; count > MAX_MESSAGES_PER_ADDRESS; count -= 1) {
      const oldest = this.messages.findIndex((m) => m.to === to);
      this.messages.splice(oldest, 1);
    }
    this.counts.set(to, count);
  }

  /** Messages sent to an address, newest first. */
  for(to: string | undefined): OutboxMessage[] {
    const address = to?.trim().toLowerCase();
    return newestFirst(this.messages.filter((m) => address === undefined || m.to === address));
  }

  /** Every message, in the order sent (not a copy). */
  records(): readonly OutboxMessage[] {
    return this.messages;
  }

  /** Takes in records from records(), which it keeps (the caller hands over a copy). */
  load(records: readonly OutboxMessage[]) {
    for (const record of records) this.add(record);
  }
}
