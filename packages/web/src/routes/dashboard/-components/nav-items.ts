/**
 * The side menu, in the bank's order. Links name their screen; unavailable services show
 * 'Not Available in your region'; the last entry logs out.
 */
import type { LucideIcon } from 'lucide-react';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import Bell from 'lucide-react/icons/bell';
import CreditCard from 'lucide-react/icons/credit-card';
import Crown from 'lucide-react/icons/crown';
import FileText from 'lucide-react/icons/file-text';
import HandCoins from 'lucide-react/icons/hand-coins';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import LogOut from 'lucide-react/icons/log-out';
import PiggyBank from 'lucide-react/icons/piggy-bank';
import Receipt from 'lucide-react/icons/receipt';
import Settings from 'lucide-react/icons/settings';
import Wallet from 'lucide-react/icons/wallet';
import Banknote from 'lucide-react/icons/banknote';
import type { FileRoutesByTo } from '@/routeTree.gen';

/** A path of the app's route tree. */
export type AppPath = keyof FileRoutesByTo;

export type NavEntry =
  | {
      readonly kind: 'link';
      readonly label: string;
      readonly icon: LucideIcon;
      readonly to: AppPath;
      /** Active only on this exact path (the home page), not below it. */
      readonly exact?: boolean;
      /** Shows the unread notification count. */
      readonly unreadCount?: boolean;
    }
  | { readonly kind: 'unavailable'; readonly label: string; readonly icon: LucideIcon }
  | { readonly kind: 'logout'; readonly label: string; readonly icon: LucideIcon };

export const navEntries: readonly NavEntry[] = [
  { kind: 'link', label: 'Dashboard', icon: LayoutDashboard, to: '/dashboard', exact: true },
  { kind: 'link', label: 'Add Funds', icon: Wallet, to: '/dashboard/add-funds' },
  { kind: 'link', label: 'Make Payment', icon: Banknote, to: '/dashboard/make-payment' },
  { kind: 'link', label: 'Bank Transfer', icon: ArrowLeftRight, to: '/dashboard/send' },
  { kind: 'unavailable', label: 'Loan', icon: HandCoins },
  { kind: 'link', label: 'Fixed Deposit', icon: PiggyBank, to: '/dashboard/fixed-deposit' },
  { kind: 'link', label: 'Notifications', icon: Bell, to: '/dashboard/notifications', unreadCount: true },
  { kind: 'unavailable', label: 'Credit Card', icon: CreditCard },
  { kind: 'link', label: 'Upgrade Account', icon: Crown, to: '/dashboard/upgrade' },
  { kind: 'link', label: 'Help & Support', icon: LifeBuoy, to: '/dashboard/contact' },
  { kind: 'unavailable', label: 'Pay Bills', icon: Receipt },
  { kind: 'link', label: 'Statements & Report', icon: FileText, to: '/dashboard/statements' },
  { kind: 'link', label: 'Settings', icon: Settings, to: '/dashboard/settings' },
  { kind: 'logout', label: 'Log Out', icon: LogOut },
];
