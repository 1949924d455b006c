import Check from 'lucide-react/icons/check';
import { cn } from '@/lib/cn';

const STEPS = ['Details', 'Review', 'Authorise'] as const;

/**
 * Where the customer is in the transfer: details, review, then PIN (and code). On a phone the three steps
 * share the width, each number above its name; from `sm` up they sit in a row joined by lines.
 */
export function TransferSteps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol className="grid grid-cols-3 gap-2 text-sm sm:flex sm:items-center" aria-label="Transfer steps">
      {STEPS.map((step, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={step}
            className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2"
            aria-current={active ? 'step' : undefined}
          >
            {index > 0 && <span className="hidden h-px w-8 bg-border sm:block" aria-hidden="true" />}
            <span
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                active && 'border-primary bg-primary text-primary-foreground',
                done && 'border-success/40 bg-success-soft text-success',
                !active && !done && 'text-muted-foreground',
              )}
              aria-hidden="true"
            >
              {done ? <Check className="size-3.5" /> : index + 1}
            </span>
            <span className={cn(active ? 'font-semibold' : 'text-muted-foreground')}>
              {step}
              {done && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
