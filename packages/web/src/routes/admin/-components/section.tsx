/**
 * The parts every section of the admin area is made of: its heading, its titled parts, its pending screen,
 * a button that reads its list again, a result line (alone or beside the controls that started it), an
 * empty list's message.
 */
import LoaderCircle from 'lucide-react/icons/loader-circle';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** The heading of a section: its title and a line on what it is for. */
export function SectionHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="grid gap-1">
      <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
      {children !== undefined && <p className="text-sm text-muted-foreground">{children}</p>}
    </header>
  );
}

/**
 * A titled part of a section (a form, a list), named by its heading for a screen reader's list of
 * regions; a `card` stands on its own panel.
 */
export function SectionPart({
  title,
  card = false,
  className,
  children,
}: {
  title: string;
  card?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn('grid gap-3', card && 'rounded-xl border bg-card p-4 shadow-card sm:p-5', className)}
    >
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A section while its data loads: its heading at once, and a spinner that says so. */
export function SectionPending({ title }: { title: string }) {
  return (
    <div className="grid gap-6">
      <SectionHeader title={title} />
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Loading…
      </p>
    </div>
  );
}

/** Reads a section's list again; its arrow gives way to a spinner while it reads. */
export function RefreshButton({ pending, onRefresh }: { pending: boolean; onRefresh: () => Promise<unknown> }) {
  return (
    <div>
      <Button variant="outline" size="sm" pending={pending} onClick={() => void onRefresh()}>
        {!pending && <RotateCcw aria-hidden="true" />}
        Refresh
      </Button>
    </div>
  );
}

/** What an action came to, as {@link ActionStatus} shows it. */
export interface ActionState {
  readonly pending: boolean;
  /** The failure, with the bank's message. */
  readonly error: Error | null;
  /** What the action did, once it succeeded. */
  readonly done?: string | undefined;
}

/** Whether the focus is nowhere a key press can act: on the page itself, or on a button held while it works. */
const focusIsLost = () => {
  const active = document.activeElement;
  return active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
};

/**
 * The result of an action, next to the control that started it: a live region (read out when it
 * changes), empty until the action is taken. Once the action has settled, the line is brought into view
 * (a restore at the foot of a long list says so where the person is looking), and when the control that
 * started it is held or gone (a decision taken, a confirmed dialog handing the focus back to a held button,
 * a deleted row) the focus goes to the line instead of the page, so a keyboard user goes on from here.
 */
export function ActionStatus({ pending, error, done, className }: ActionState & { className?: string }) {
  const line = useRef<HTMLParagraphElement>(null);
  const settled = !pending && (error !== null || done !== undefined);
  useEffect(() => {
    const element = line.current;
    if (!settled || element === null) return;
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: 'center' });
    if (focusIsLost()) element.focus({ preventScroll: true });
  }, [settled, error, done]);
  return (
    <p
      role="status"
      ref={line}
      tabIndex={-1}
      className={cn(
        'min-h-5 text-sm break-words outline-none',
        error === null ? 'text-muted-foreground' : 'font-medium text-destructive',
        className,
      )}
    >
      {pending ? 'Working…' : error !== null ? error.message : done}
    </p>
  );
}

/** Controls with the result of what they started beside them. */
export function ActionRow({ state, children }: { state: ActionState; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {children}
      <ActionStatus {...state} />
    </div>
  );
}

/** An empty list's message. */
export function Nothing({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{children}</p>
  );
}
