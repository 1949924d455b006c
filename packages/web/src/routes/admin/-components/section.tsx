/**
 * The parts every section of the admin area is made of: its heading, its titled parts, its pending screen,
 * a button that reads its list again, a result line (alone or beside the controls that started it), an
 * empty list's message.
 */
import LoaderCircle from 'lucide-react/icons/loader-circle';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
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

/**
 * The result of an action, next to the control that started it: a live region (read out when it
 * changes), empty until the action is taken.
 */
export function ActionStatus({
  pending,
  error,
  done,
  className,
  ref,
}: ActionState & { className?: string; ref?: Ref<HTMLParagraphElement> }) {
  return (
    <p
      role="status"
      ref={ref}
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

/** Whether the focus is nowhere a key press can act: on the page itself, or on a button held while it works. */
const focusIsLost = () => {
  const active = document.activeElement;
  return active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
};

/**
 * Controls with the result of what they started beside them. A control the action holds or removes (a
 * decision taken, a confirmed dialog handing the focus back to its held button) would leave a keyboard user
 * on the page itself, back at its top: once the action has settled, the focus goes to its result line
 * instead, which is read out, and the next Tab goes on from this row. Focus that went elsewhere stays.
 */
export function ActionRow({ state, children }: { state: ActionState; children: ReactNode }) {
  const status = useRef<HTMLParagraphElement>(null);
  /** The person was last working in this row, or in a dialog it opened (React's focus events come through portals). */
  const working = useRef(false);
  const settled = !state.pending && (state.error !== null || state.done !== undefined);
  useEffect(() => {
    if (settled && working.current && focusIsLost()) status.current?.focus();
  }, [settled, state.error, state.done]);
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      onFocus={() => {
        working.current = true;
      }}
      onBlur={(event) => {
        // Focus taken to another control; not focus dropped to the page (`relatedTarget` null).
        if (event.relatedTarget !== null && !event.currentTarget.contains(event.relatedTarget)) working.current = false;
      }}
    >
      {children}
      <ActionStatus {...state} ref={status} />
    </div>
  );
}

/** An empty list's message. */
export function Nothing({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{children}</p>
  );
}
