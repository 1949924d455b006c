import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import Bell from 'lucide-react/icons/bell';
import BellOff from 'lucide-react/icons/bell-off';
import Check from 'lucide-react/icons/check';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { mutationOptionsFor } from '@/api/dashboard';
import { cn } from '@/lib/cn';
import { EmptyState, PageHeader, PageSkeleton } from './-components/page';
import { notificationsQuery } from '@/api/queries';
import { markedRead } from './-components/cache-updates';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { titled } from '@/lib/page-title';

const TITLE = 'Notifications';

export const Route = createFileRoute('/dashboard/notifications')({
  head: titled(TITLE),
  loader: ({ context: { queryClient } }) => queryClient.query({ ...notificationsQuery, staleTime: 'static' }),
  pendingComponent: () => <PageSkeleton title={TITLE} />,
  component: NotificationsPage,
});

function NotificationsPage() {
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(notificationsQuery);
  const markRead = useMutation({
    ...mutationOptionsFor('markNotificationRead'),
    // A later success takes the earlier failures' error toasts away.
    meta: { errorMessage: 'Something went wrong!', flow: 'notifications' },
    onSuccess: (_reply, { id }) => {
      toast.success('Marked as read', { flow: 'notifications' });
      return markedRead(queryClient, id);
    },
  });
  // One click, one request: a double click marks once.
  const { run } = useOneAtATime();
  const idPrefix = useId();
  const unread = data.notifications.filter((n) => n.wasread === 'no').length;

  return (
    <div className="grid gap-6">
      <PageHeader title={TITLE} description={unread === 0 ? 'You are all caught up.' : `${String(unread)} unread`} />
      {data.notifications.length === 0 ? (
        <Card>
          <EmptyState icon={<BellOff />} title="No notifications yet">
            Messages about your deposits, transfers and account appear here.
          </EmptyState>
        </Card>
      ) : (
        <ul className="grid gap-3">
          {data.notifications.map((notification, index) => {
            const isUnread = notification.wasread === 'no';
            const titleId = `${idPrefix}-${String(index)}`;
            const marking = markRead.isPending && markRead.variables.id === notification.id;
            return (
              <li
                key={notification.id}
                className={cn(
                  'flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-card sm:flex-row sm:items-start sm:p-5',
                  isUnread && 'border-primary/30 bg-accent/40',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'hidden size-10 shrink-0 items-center justify-center rounded-full sm:flex',
                    isUnread ? 'bg-primary text-primary-foreground' : 'bg-secondary text-muted-foreground',
                  )}
                >
                  <Bell className="size-5" />
                </span>
                <div className="grid min-w-0 flex-1 gap-1">
                  <h2
                    id={titleId}
                    tabIndex={-1}
                    className="flex flex-wrap items-center gap-2 font-semibold wrap-anywhere outline-none"
                  >
                    {notification.title}
                    {isUnread && (
                      <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
                        Unread
                      </span>
                    )}
                  </h2>
                  <p className="text-sm wrap-anywhere text-muted-foreground">{notification.body}</p>
                </div>
                {isUnread && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="self-start"
                    aria-describedby={titleId}
                    pending={marking}
                    onClick={() => {
                      run(async () => {
                        await markRead.mutateAsync({ id: notification.id });
                        // The button goes with the unread mark: the focus stays on this notification.
                        document.getElementById(titleId)?.focus();
                      });
                    }}
                  >
                    {!marking && <Check aria-hidden="true" />}
                    Mark as read
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
