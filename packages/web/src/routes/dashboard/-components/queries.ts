/**
 * The dashboard's reads, as query options from the one factory, and the cache updates its writes make.
 * Keys are `['bank', operation, input]` (`bankKeys`), so a write invalidates exactly the operations it
 * changes.
 */
import { isApiError } from '@ebank/contract/errors';
import type { OperationName } from '@ebank/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryOptionsFor } from '@/lib/api';
import { bankKeys } from '@/lib/query-factories';

/** Account summary: balance, plan, totals, picture, unread count, whether a PIN exists. */
export const institutionQuery = queryOptionsFor('getInstitution');
/** Whether the user has a transaction PIN. */
export const pinQuery = queryOptionsFor('checkPin');
/** The home page's recent transactions. */
export const homeStatementQuery = queryOptionsFor('getHomeStatement');
/** Every transaction, for 'Statements & Report'. */
export const statementQuery = queryOptionsFor('getStatement');
export const notificationsQuery = queryOptionsFor('getNotifications');
export const profileQuery = queryOptionsFor('getProfile');
export const contactQuery = queryOptionsFor('getContact');

/**
 * Whether the user has a transaction PIN, or undefined when the bank could not say: the screen then opens
 * anyway (the failure has its toast, and the transfer checks again). A token the bank refuses still fails
 * the load, so the session ends.
 */
export async function hasPin(queryClient: QueryClient): Promise<boolean | undefined> {
  try {
    return (await queryClient.query(pinQuery)).haspin;
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && (error.status === 401 || error.status === 403)) throw error;
    return undefined;
  }
}

/** For a prefetch whose failure the page reports itself (the error toast comes from the cache). */
export const ignore = () => undefined;

/** Marks every cached reply of these operations stale and refetches the ones on screen. */
export function invalidate(queryClient: QueryClient, ...operations: OperationName[]) {
  return Promise.all(
    operations.map((operation) => queryClient.invalidateQueries({ queryKey: bankKeys.operation(operation) })),
  );
}

/**
 * After a notification was marked read: the list and both unread counts (the menu reads the account
 * summary's) change at once, then both replies are fetched again to agree with the bank.
 */
export function markedRead(queryClient: QueryClient, id: string) {
  const list = queryClient.getQueryData(notificationsQuery.queryKey);
  // Without the list at hand it was unread: only unread notifications offer 'Mark as read'.
  const wasUnread = list?.notifications.some((n) => n.id === id && n.wasread === 'no') ?? true;
  if (list !== undefined)
    queryClient.setQueryData(notificationsQuery.queryKey, {
      notifications: list.notifications.map((n) => (n.id === id ? { ...n, wasread: 'yes' as const } : n)),
      nc: wasUnread ? Math.max(0, list.nc - 1) : list.nc,
    });
  if (wasUnread)
    queryClient.setQueryData(institutionQuery.queryKey, (reply) =>
      reply === undefined ? reply : { ...reply, notificationcount: Math.max(0, reply.notificationcount - 1) },
    );
  return invalidate(queryClient, 'getNotifications', 'getInstitution');
}
