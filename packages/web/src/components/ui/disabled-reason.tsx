/**
 * Why a button beside it is disabled, so a disabled button never goes unexplained: the reason shows next to
 * the button and is its description (`aria-describedby`). `useDisabledReason(reason)` gives both parts:
 *
 *   const why = useDisabledReason(allowed ? undefined : 'The amount must be below your available balance.');
 *   <Button disabled={!allowed} {...why.buttonProps}>Confirmed</Button>
 *   <DisabledReason {...why.reasonProps} />
 *
 * The reason's element stays in the page, empty when there is none, so a screen reader hears it appear.
 */
import { useId, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function useDisabledReason(reason: string | undefined) {
  const id = useId();
  const shown = reason !== undefined && reason !== '';
  return {
    buttonProps: { 'aria-describedby': shown ? id : undefined },
    reasonProps: { id, reason },
  } as const;
}

export function DisabledReason({
  id,
  reason,
  className,
  ...props
}: Omit<ComponentProps<'p'>, 'children'> & { readonly id: string; readonly reason: string | undefined }) {
  return (
    <p
      data-slot="disabled-reason"
      id={id}
      role="status"
      className={cn('text-sm font-medium text-destructive empty:hidden', className)}
      {...props}
    >
      {reason ?? ''}
    </p>
  );
}
