import { Link } from '@tanstack/react-router';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import type { ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { Page } from './statement-filter';

const STATEMENTS = '/dashboard/statements';

/** A link to another page of the statement, keeping its filters; the first page is the address without one. */
function PageLink({ page, disabled, children }: { page: number; disabled: boolean; children: ReactNode }) {
  const className = cn(buttonVariants({ variant: 'outline', size: 'sm' }));
  if (disabled)
    return (
      <span role="link" aria-disabled="true" className={className}>
        {children}
      </span>
    );
  return (
    <Link
      from={STATEMENTS}
      to="."
      search={(previous) => ({ ...previous, page: page === 1 ? undefined : page })}
      className={className}
    >
      {children}
    </Link>
  );
}

/** Previous and next page, and where the customer is: 'Page 2 of 12'. */
export function StatementPager({ page }: { page: Page<unknown> }) {
  if (page.pageCount <= 1) return null;
  return (
    // Three columns, so that on a phone Next stays on the line of Previous; the page number wraps in between.
    <nav aria-label="Statement pages" className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-2 pt-4">
      <PageLink page={page.page - 1} disabled={page.page <= 1}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </PageLink>
      <p className="text-center text-sm text-muted-foreground tabular-nums">
        Page {page.page} of {page.pageCount}
      </p>
      <PageLink page={page.page + 1} disabled={page.page >= page.pageCount}>
        Next
        <ChevronRight aria-hidden="true" />
      </PageLink>
    </nav>
  );
}
