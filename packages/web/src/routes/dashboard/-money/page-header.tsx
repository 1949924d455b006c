import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** Where "back" leads from a money screen: one of the method lists, or the dashboard. */
export type BackTarget = '/dashboard' | '/dashboard/add-funds' | '/dashboard/make-payment' | '/dashboard/fixed-deposit';

/** A money screen's heading: an optional way back, the title and a line under it. */
export function PageHeader({
  title,
  description,
  back,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  back?: { to: BackTarget; label: string };
  className?: string;
}) {
  return (
    <header className={cn('grid gap-1', className)}>
      {back !== undefined && (
        <Link
          to={back.to}
          className="mb-1 inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
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
