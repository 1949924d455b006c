import { Link } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { textLinkClass } from '@/components/ui/text-link';

/** Where "back" leads from a screen: one of the method lists, or the dashboard. */
export type BackTarget = '/dashboard' | '/dashboard/add-funds' | '/dashboard/make-payment' | '/dashboard/fixed-deposit';

/** The heading of a dashboard screen: an optional way back, the title and a line under it. */
export function PageHeader({
  title,
  description,
  back,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: BackTarget; label: string };
}) {
  return (
    <header className="grid gap-1">
      {back !== undefined && (
        <Link
          to={back.to}
          className={cn(textLinkClass, 'mb-1 inline-flex w-fit items-center gap-1.5 rounded-sm text-sm')}
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
      {description !== undefined && <p className="text-sm text-muted-foreground">{description}</p>}
    </header>
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

/**
 * The pending screen of a dashboard route that waits for data: its heading at once, grey blocks where its
 * content will be. Each such route names its own (rather than one for the tree) because the heading is the
 * page's, so nothing moves when the page comes.
 */
export function PageSkeleton({ title, blocks = 3 }: { title: string; blocks?: number }) {
  return (
    <div className="grid gap-6">
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
