import { Link } from '@tanstack/react-router';
import Bell from 'lucide-react/icons/bell';
import { useState } from 'react';
import { Brand } from '@/components/brand';
import { buttonVariants } from '@/components/ui/button';
import { useLazyPart } from '@/lib/lazy-part';
import { cn } from '@/lib/utils';
import { ACCOUNT_MENU_TRIGGER, AccountAvatar } from './account-avatar';
import { MobileMenu } from './mobile-menu';
import { useUnreadCount } from './unread-count';

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

const loadUserMenu = () => import('./user-menu');

/**
 * The profile picture (or initials) opening a card with Home, Profile, Settings and Log Out. The card's
 * code loads when the browser is idle after the page has painted; until then the same button stands in,
 * and a press on it loads the card and opens it.
 */
function UserMenu() {
  const [menu, request] = useLazyPart(loadUserMenu);
  // Held here, so a press on the stand-in opens the card whenever its code arrives.
  const [open, setOpen] = useState(false);
  const openWhenLoaded = () => {
    request(() => {
      setOpen(true);
    });
  };
  if (menu) return <menu.UserMenuDropdown open={open} onOpenChange={setOpen} />;
  return (
    <button
      type="button"
      className={ACCOUNT_MENU_TRIGGER}
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      // On the press itself, as the loaded menu's trigger opens: the code may arrive and put that trigger in
      // this one's place before the click that ends the press.
      onPointerDown={(event) => {
        if (event.button === 0 && !event.ctrlKey) openWhenLoaded();
      }}
      onClick={openWhenLoaded}
    >
      <AccountAvatar />
    </button>
  );
}

/** The bar above every dashboard screen: the phone menu button, the notification link and the user menu. */
export function TopBar() {
  return (
    <header className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
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
