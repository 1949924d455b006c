import { Link } from '@tanstack/react-router';
import Bell from 'lucide-react/icons/bell';
import { Brand } from '@/components/brand';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { MobileMenu } from './mobile-menu';
import { useUnreadCount } from './unread-count';
import { UserMenu } from './user-menu';

function NotificationLink() {
  const count = useUnreadCount();
  const unread = count ?? 0;
  return (
    <Link
      to="/dashboard/notifications"
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'relative')}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-semibold text-destructive-foreground tabular-nums"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

/** The bar above every dashboard screen: the phone menu button, the notification link and the user menu. */
export function TopBar() {
  return (
    <header
      data-slot="top-bar"
      className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80"
    >
      <div className="flex h-16 items-center gap-2 px-3 sm:px-6">
        <MobileMenu />
        <Link to="/dashboard" className="rounded-md lg:hidden">
          <Brand />
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <NotificationLink />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
