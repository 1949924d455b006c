import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Bell from 'lucide-react/icons/bell';
import House from 'lucide-react/icons/house';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import UserRound from 'lucide-react/icons/user-round';
import { Brand } from '@/components/brand';
import { buttonVariants } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { UserAvatar } from '@/components/user-avatar';
import { useLogout } from '@/lib/use-logout';
import { cn } from '@/lib/utils';
import { MobileMenu } from './mobile-menu';
import { institutionQuery } from './queries';
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

/** The card's links, in the spec's order (section 2); Log Out follows them. */
const USER_MENU_LINKS = [
  { to: '/dashboard', label: 'Home', icon: House },
  { to: '/dashboard/profile', label: 'Profile', icon: UserRound },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
] as const;

/** The profile picture (or initials) opening a card with Home, Profile, Settings and Log Out. */
function UserMenu() {
  const logout = useLogout();
  const { data: user } = useQuery({ ...institutionQuery, select: (reply) => reply.u, retryOnMount: false });
  const name = user?.fullname ?? '';
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className="cursor-pointer rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        aria-label="Account menu"
      >
        <UserAvatar
          key={user?.picture ?? 'none'}
          name={name}
          picture={user?.picture}
          className="size-10 text-sm ring-2"
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {name !== '' && (
          <DropdownMenuLabel className="grid gap-0.5">
            <span className="truncate">{name}</span>
            {user?.current_plan !== undefined && (
              <span className="text-xs font-normal text-muted-foreground">{user.current_plan}</span>
            )}
          </DropdownMenuLabel>
        )}
        {name !== '' && <DropdownMenuSeparator />}
        {USER_MENU_LINKS.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={logout}>
          <LogOut aria-hidden="true" />
          Log Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
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
