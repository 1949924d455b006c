import type * as React from 'react';
import { cn } from '@/lib/utils';

function Label({ className, onMouseDown, ...props }: React.ComponentProps<'label'>) {
  return (
    <label
      data-slot="label"
      className={cn(
        'flex items-center gap-2 text-sm leading-snug font-medium select-none group-data-[disabled=true]:opacity-60 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        // A double click on a label selects no text (as Radix's label does), unless it is on a control inside.
        if (
          !event.defaultPrevented &&
          event.detail > 1 &&
          !(event.target as HTMLElement).closest('button, input, select, textarea')
        ) {
          event.preventDefault();
        }
      }}
      {...props}
    />
  );
}

export { Label };
