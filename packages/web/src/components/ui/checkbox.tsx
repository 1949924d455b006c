import CheckIcon from 'lucide-react/icons/check';
import type * as React from 'react';
import { cn } from '@/lib/cn';

/**
 * A native checkbox in the kit's look: the box is the `<input type="checkbox">` itself, so a label, Space,
 * `checked`/`onChange` and the form kit's `id` and `aria-*` work as for any input, and the check is laid over it.
 * `className` places the box (a margin, say); every other prop goes to the input. A disabled box dims as a
 * whole, check included, as the button it replaces did.
 */
function Checkbox({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  return (
    <span className={cn('grid size-5 shrink-0 has-disabled:opacity-60', className)}>
      <input
        type="checkbox"
        data-slot="checkbox"
        className="peer col-start-1 row-start-1 size-5 cursor-pointer appearance-none rounded-sm border border-input bg-card shadow-xs transition-shadow outline-none checked:border-primary checked:bg-primary focus-visible:ring-[3px] focus-visible:ring-ring/40 disabled:cursor-not-allowed aria-invalid:not-checked:border-destructive"
        {...props}
      />
      <CheckIcon
        className="pointer-events-none invisible col-start-1 row-start-1 size-3.5 place-self-center text-primary-foreground peer-checked:visible"
        strokeWidth={3}
        aria-hidden="true"
      />
    </span>
  );
}

export { Checkbox };
