/** What the bank tells its customers: notifications in the portal, and the e-mails of the outbox. */
import { randomBytes, randomUUID } from 'node:crypto';
import { newestFirst, type BankContext } from './context';
import { refuse } from './errors';
import type { Notification, OutboxKind, OutboxMessage, User } from './model';

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
      id: `n${randomBytes(6).toString('hex')}`,
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

export class Outbox {
  private readonly messages: OutboxMessage[] = [];

  constructor(private readonly context: BankContext) {}

  send(to: string, kind: OutboxKind, subject: string, content: { text: string; code?: string; link?: string }) {
    this.messages.push({ id: randomUUID(), to, kind, subject, createdAt: this.context.now(), ...content });
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
    for (const record of records) this.messages.push(record);
  }
}
