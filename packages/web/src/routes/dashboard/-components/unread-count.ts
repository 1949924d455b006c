import { useQuery } from '@tanstack/react-query';
import { institutionQuery } from '@/api/queries';

/**
 * The unread notification count, from the account summary (`notificationcount`). Marking a notification
 * read updates that reply in the cache, so every badge follows at once. Undefined while loading.
 */
export function useUnreadCount() {
  const { data } = useQuery({ ...institutionQuery, select: (reply) => reply.notificationcount, retryOnMount: false });
  return data;
}
