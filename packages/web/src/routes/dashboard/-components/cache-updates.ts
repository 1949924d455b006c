/** The cache updates the dashboard's writes make, over the query options of `@/api/queries`. */
import type { OperationName } from '@ebank/contract';
import type { QueryClient } from '@tanstack/react-query';
import { institutionQuery, notificationsQuery } from '@/api/queries';
import { bankKeys } from '@/api/client';

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
