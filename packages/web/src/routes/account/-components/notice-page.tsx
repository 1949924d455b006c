import { useLocation } from '@tanstack/react-router';
import LogOut from 'lucide-react/icons/log-out';
import MessageSquareWarning from 'lucide-react/icons/message-square-warning';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/session/use-logout';
import { AccountCard } from './account-card';
import { noticeIn } from './notice-message';

/**
 * A notice from the bank (the login's account message): a heading and a body, and a way out. The message
 * comes from the page's history state (`notice-message.ts`); the address never supplies it, so opened
 * from a link, or without a message, the page shows its general notice.
 */
export function NoticePage() {
  const logout = useLogout();
  const notice = useLocation({ select: (location) => noticeIn(location.state) });
  return (
    <AccountCard title={notice?.head ?? 'Notice'}>
      <div className="flex items-start gap-4 rounded-lg bg-muted p-4 text-sm">
        <MessageSquareWarning className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p className="min-w-0 whitespace-pre-line wrap-anywhere">
          {notice?.body ?? 'There is a message about your account. Please contact support.'}
        </p>
      </div>
      <Button size="lg" variant="outline" className="mt-6 w-full" onClick={logout}>
        <LogOut aria-hidden="true" />
        Log Out
      </Button>
    </AccountCard>
  );
}
