import { Link } from '@tanstack/react-router';
import House from 'lucide-react/icons/house';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import UserRound from 'lucide-react/icons/user-round';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLogout } from '@/session/use-logout';
import { ACCOUNT_MENU_TRIGGER, AccountAvatar, useAccountSummary } from './account-avatar';

/** The card's links, in the bank's order; Log Out follows them. */
const USER_MENU_LINKS = [
  { to: '/dashboard', label: 'Home', icon: House },
  { to: '/dashboard/profile', label: 'Profile', icon: UserRound },
  { to: '/dashboard/settings', label: 'Settings', icon: Settings },
] as const;

/** The profile picture (or initials) opening a card with Home, Profile, Settings and Log Out. */
export function UserMenu() {
  const logout = useLogout();
  const user = useAccountSummary();
  const name = user?.fullname ?? '';
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={ACCOUNT_MENU_TRIGGER} aria-label="Account menu">
        <AccountAvatar />
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
