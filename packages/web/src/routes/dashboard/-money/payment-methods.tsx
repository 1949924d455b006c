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

/** Bank Transfer, card and cash deposit, as every method list shows them. */
export const OFFLINE_METHODS: readonly MethodItem[] = [
  {
    method: 'bank_transfer',
    title: 'Bank Transfer',
    description: 'Wire money in from an account you hold at another bank.',
  },
  { method: 'card', title: 'Card Deposit', description: 'Top up with a debit or credit card.' },
  { method: 'cash', title: 'Cash Deposit', description: 'Pay in cash at a partner branch or agent.' },
];

export const UNAVAILABLE = 'Not available for your region';

/**
 * The methods as cards: an available one is a link to its screen; an unavailable one says 'Not available
 * for your region' and is no link at all (nothing to focus or click).
 */
export function MethodList({ items, label }: { items: readonly MethodItem[]; label: string }) {
  const { data: methods } = useSuspenseQuery(paymentMethodsQuery);
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={label}>
      {items.map((item) => {
        const Icon = icons[item.method];
        const to = methods[item.method] ? item.to : undefined;
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
              <span data-slot="method-title" className="font-semibold">
                {item.title}
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
