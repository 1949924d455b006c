/** The app-wide screens the router shows by itself: loading, not found, and an unexpected error. */
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export function PagePending() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

export function StateScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background px-4 py-12">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 text-center shadow-card sm:p-8">
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <StateScreen title="Page not found">
      <p className="mt-2 text-sm text-muted-foreground">The page you asked for does not exist or has moved.</p>
      <Button asChild className="mt-6">
        <Link to="/">Go to the start page</Link>
      </Button>
    </StateScreen>
  );
}

/** Runs a failed route again: clears its error and reads its data afresh. */
export function TryAgainButton({ reset }: Pick<ErrorComponentProps, 'reset'>) {
  const router = useRouter();
  return (
    <Button
      onClick={() => {
        reset();
        void router.invalidate();
      }}
    >
      Try again
    </Button>
  );
}

export function UnexpectedErrorPage({ reset }: ErrorComponentProps) {
  return (
    <StateScreen title="Unexpected Application Error!">
      <p className="mt-2 text-sm text-muted-foreground">
        Something went wrong on this page. Please try again; if it keeps happening, contact support.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <TryAgainButton reset={reset} />
        <Button asChild variant="outline">
          <Link to="/">Go to the start page</Link>
        </Button>
      </div>
    </StateScreen>
  );
}
