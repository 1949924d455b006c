import Landmark from 'lucide-react/icons/landmark';
import { cn } from '@/lib/cn';
import { BANK_NAME } from '@/lib/page-title';

/** The bank's mark and name. */
export function Brand({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <span
        className={cn(
          'flex size-9 items-center justify-center rounded-lg',
          inverted ? 'bg-brand-foreground/10 text-brand-accent' : 'bg-brand text-brand-foreground',
        )}
        aria-hidden="true"
      >
        <Landmark className="size-5" />
      </span>
      <span>{BANK_NAME}</span>
    </span>
  );
}
