/** The deposit and payment method lists; which methods the region offers is `paymentMethodsQuery`. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Banknote from 'lucide-react/icons/banknote';
import Bitcoin from 'lucide-react/icons/bitcoin';
import Building from 'lucide-react/icons/building';
import ChevronRight from 'lucide-react/icons/chevron-right';
import CreditCard from 'lucide-react/icons/credit-card';
import Landmark from 'lucide-react/icons/landmark';
import type { LucideIcon } from 'lucide-react';
import { paymentMethodsQuery, type PaymentMethods } from '@/api/queries';
import { cn } from '@/lib/cn';

export type PaymentMethod = keyof PaymentMethods;

/** The method screens a list can open. */
export type MethodTarget =
  | '/dashboard/add-funds/it'
  | '/dashboard/add-funds/crypto'
  | '/dashboard/make-payment/crypto'
  | '/dashboard/fixed-deposit/crypto';

export interface MethodItem {
  readonly method: PaymentMethod;
  readonly title: string;
  /** A few words beside the title that tell the method apart from one of a like name elsewhere. */
  readonly qualifier?: string;
  readonly description: string;
  /** Where it leads when the region offers it; without one it is shown but never opens. */
  readonly to?: MethodTarget;
}

const icons: Record<PaymentMethod, LucideIcon> = {
  bank_transfer: Landmark,
  card: CreditCard,
  cash: Banknote,
  institutional: Building,
  crypto: Bitcoin,
};

/** What a method list is for: money into the account, a payment, or the funds of a fixed deposit. */
export type MethodPurpose = 'deposit' | 'payment' | 'fixed-deposit';

/**
 * The spec's name 'Bank Transfer' stays; beside it, what it is here: money wired in from another bank,
 * not the transfer of the side menu (also 'Bank Transfer'), which sends money out.
 */
const BANK_TRANSFER_QUALIFIER = 'wire from another bank';
const NOT_THE_MENU_TRANSFER = 'To send money out, use Bank Transfer in the menu.';

const OFFLINE_DESCRIPTIONS: Readonly<
  Record<MethodPurpose, Readonly<Record<'bank_transfer' | 'card' | 'cash', string>>>
> = {
  deposit: {
    bank_transfer: `Wire money in from an account you hold at another bank. ${NOT_THE_MENU_TRANSFER}`,
    card: 'Top up with a debit or credit card.',
    cash: 'Pay in cash at a partner branch or agent.',
  },
  payment: {
    bank_transfer: `Pay by wire from an account you hold at another bank. ${NOT_THE_MENU_TRANSFER}`,
    card: 'Pay with a debit or credit card.',
    cash: 'Pay in cash at a partner branch or agent.',
  },
  'fixed-deposit': {
    bank_transfer: `Fund the plan by wire from an account you hold at another bank. ${NOT_THE_MENU_TRANSFER}`,
    card: 'Fund the plan with a debit or credit card.',
    cash: 'Fund the plan in cash at a partner branch or agent.',
  },
};

/** Bank Transfer, card and cash deposit, as every method list shows them, in the words of its purpose. */
export function offlineMethods(purpose: MethodPurpose): readonly MethodItem[] {
  const text = OFFLINE_DESCRIPTIONS[purpose];
  return [
    {
      method: 'bank_transfer',
      title: 'Bank Transfer',
      qualifier: BANK_TRANSFER_QUALIFIER,
      description: text.bank_transfer,
    },
    { method: 'card', title: 'Card Deposit', description: text.card },
    { method: 'cash', title: 'Cash Deposit', description: text.cash },
  ];
}

export const UNAVAILABLE = 'Not available for your region';

/**
 * The methods as cards, the ones the region offers first (each group in the order given): an available
 * one is a link to its screen; an unavailable one says 'Not available for your region' and is no link at
 * all (nothing to focus or click).
 */
export function MethodList({ items, label }: { items: readonly MethodItem[]; label: string }) {
  const { data: methods } = useSuspenseQuery(paymentMethodsQuery);
  const shown = items.map((item) => ({ item, to: methods[item.method] ? item.to : undefined }));
  const ordered = [...shown.filter(({ to }) => to !== undefined), ...shown.filter(({ to }) => to === undefined)];
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={label}>
      {ordered.map(({ item, to }) => {
        const Icon = icons[item.method];
        const available = to !== undefined;
        const body = (
          <>
            <span
              className={cn(
                'flex size-11 shrink-0 items-center justify-center rounded-lg',
                available ? 'bg-accent text-primary' : 'bg-muted text-muted-foreground',
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="flex flex-wrap items-baseline gap-x-1.5">
                <span data-slot="method-title" className="font-semibold">
                  {item.title}
                </span>
                {item.qualifier !== undefined && ' '}
                {item.qualifier !== undefined && (
                  <span data-slot="method-qualifier" className="text-sm text-muted-foreground">
                    ({item.qualifier})
                  </span>
                )}
              </span>
              <span data-slot="method-description" className="text-sm text-muted-foreground">
                {item.description}
              </span>
              {!available && <span className="text-sm font-medium text-destructive">{UNAVAILABLE}</span>}
            </span>
          </>
        );
        const frame = 'flex h-full items-start gap-4 rounded-xl border bg-card p-4 shadow-card sm:p-5';
        return (
          <li key={item.method}>
            {to !== undefined ? (
              <Link
                to={to}
                className={cn(
                  frame,
                  'group transition-colors hover:border-ring/60 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/40',
                )}
              >
                {body}
                <ChevronRight
                  className="mt-3 size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </Link>
            ) : (
              <div className={cn(frame, 'cursor-not-allowed opacity-75 shadow-none')} aria-disabled="true">
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
