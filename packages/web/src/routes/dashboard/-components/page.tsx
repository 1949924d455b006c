import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The heading of a dashboard screen and the line under it. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div className="grid min-w-0 gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
        {description !== undefined && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions}
    </div>
  );
}

/** A grey placeholder of the content being loaded. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
      {...props}
    />
  );
}

/** The pending screen of a dashboard route: its heading at once, grey blocks where its content will be. */
export function PageSkeleton({ title, blocks = 3 }: { title: string; blocks?: number }) {
  return (
    <div>
      <PageHeader title={title} />
      <div role="status" aria-live="polite" className="grid gap-4">
        <span className="sr-only">Loading…</span>
        {Array.from({ length: blocks }, (_, index) => (
          <Skeleton key={index} className={index === 0 ? 'h-32' : 'h-20'} />
        ))}
      </div>
    </div>
  );
}

/** A message in place of a list that has nothing in it. */
export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
      <span
        className="mb-1 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground [&_svg]:size-6"
        aria-hidden="true"
      >
        {icon}
      </span>
      <p className="font-semibold">{title}</p>
      {children !== undefined && <p className="max-w-sm text-sm text-muted-foreground">{children}</p>}
    </div>
  );
}
