/**
 * The side menu, in the spec's order (section 2). Links name their screen; unavailable services show
 * 'Not Available in your region'; the last entry logs out.
 */
import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeftRight,
  Bell,
  CreditCard,
  Crown,
  FileText,
  HandCoins,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  PiggyBank,
  Receipt,
  Settings,
  Wallet,
  Banknote,
} from 'lucide-react';
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
