import type { RequestStatusSchema } from '@ebank/contract';
import { cva } from 'class-variance-authority';
import type * as z from 'zod/mini';
import { statusLabel } from '@/lib/format';
import { cn } from '@/lib/cn';

type RequestStatus = z.output<typeof RequestStatusSchema>;

const badgeVariants = cva(
  'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap capitalize',
  {
    variants: {
      status: {
        pending: 'border-warning/40 bg-warning-soft text-foreground',
        confirmed: 'border-success/30 bg-success-soft text-success',
        declined: 'border-destructive/30 bg-destructive-soft text-destructive',
      },
    },
  },
);

/** A request's status (a badge style each for pending, confirmed and declined). */
export function StatusBadge({ status, className }: { status: RequestStatus; className?: string }) {
  return (
    <span data-slot="status-badge" data-status={status} className={cn(badgeVariants({ status }), className)}>
      {statusLabel(status)}
    </span>
  );
}
