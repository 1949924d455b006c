/**
 * The one toast mechanism: `toast.success|error|warning(message, { description, duration, flow })` from
 * anywhere (call sites, the QueryClient's caches), shown by the one `<Toaster />` the app mounts. Radix
 * Toast gives the live-region announcements, swipe and the F8 hotkey to reach the list. A toast may say
 * what happened under its title ('Action Successful' / 'Passcode changed'). A toast may belong to a flow
 * (the transfer's PIN and code, the PIN creation, the login, the e-mail verification, the passcode reset,
 * each form of the dashboard, the notifications' 'Mark as read'): the flow's success takes its earlier error
 * toasts away, so a wrong PIN never stays beside the transfer's success, a mismatched PIN beside the PIN's
 * creation, nor a wrong current passcode beside the passcode's change.
 *
 * On a phone the toasts sit at the bottom of the screen, above the thumb, where they cover no card's
 * heading; from `sm` up they sit at the top right, beside the page.
 */
import { cva } from 'class-variance-authority';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import XIcon from 'lucide-react/icons/x';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { TOAST_MS } from '@/lib/timings';
import { cn } from '@/lib/cn';

export type ToastVariant = 'success' | 'error' | 'warning';

/**
 * The flows whose success clears their own error toasts, and whose new error replaces the earlier ones: the
 * multi-step ones, each dashboard form, notifications.
 */
export type ToastFlow =
  | 'signup'
  | 'transfer'
  | 'create-pin'
  | 'login'
  | 'verify-email'
  | 'reset'
  | 'change-email'
  | 'change-passcode'
  | 'change-pin'
  | 'profile'
  | 'profile-picture'
  | 'notifications';

export interface ToastItem {
  readonly id: number;
  readonly variant: ToastVariant;
  /** The toast's title: the spec's message ('Action Successful') or the bank's. */
  readonly message: string;
  /** What happened, in a line under the title ('Passcode changed'), when the title alone does not say. */
  readonly description: string | undefined;
  /** How long it stays up, in milliseconds. */
  readonly duration: number;
  readonly flow: ToastFlow | undefined;
}

export interface ToastOptions {
  /** What happened, under the title: 'Action Successful' / 'Passcode changed'. */
  readonly description?: string | undefined;
  /** How long it stays up, in milliseconds; 5 s unless said otherwise (the portal's default toast time). */
  readonly duration?: number;
  /** The flow it belongs to: a success of the flow dismisses the flow's error toasts. */
  readonly flow?: ToastFlow | undefined;
}

/** The most toasts on screen at once; older ones give way. */
const MAX_TOASTS = 4;

let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: readonly ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

/** An error toast of `flow`, which the flow's success takes away. */
const errorOf = (flow: ToastFlow | undefined) => (t: ToastItem) =>
  flow !== undefined && t.variant === 'error' && t.flow === flow;

/**
 * Shows a toast. The same message again (several calls refused at once, each with the bank's
 * 'Your session has ended') replaces the one on screen instead of stacking a copy, and runs its full time;
 * the same title over another description ('Passcode changed', then 'PIN changed') is another toast.
 * A success of a flow dismisses that flow's error toasts, and an error of a flow replaces them.
 */
function show(variant: ToastVariant, message: string, { description, duration = TOAST_MS, flow }: ToastOptions = {}) {
  const id = nextId++;
  // A success of a flow settles its errors; a new error of the flow is its latest word ('3 attempts left'
  // after '4 attempts left'), so it takes the earlier ones' place.
  const settled = variant === 'warning' ? () => false : errorOf(flow);
  const same = (t: ToastItem) => t.variant === variant && t.message === message && t.description === description;
  const others = items.filter((t) => !same(t) && !settled(t));
  emit([...others, { id, variant, message, description, duration, flow }].slice(-MAX_TOASTS));
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss(id: number) {
    emit(items.filter((t) => t.id !== id));
  },
  /** Dismisses the error toasts of `flow`: a step of it succeeded without a toast of its own. */
  dismissErrors(flow: ToastFlow) {
    const settled = errorOf(flow);
    if (items.some(settled)) emit(items.filter((t) => !settled(t)));
  },
  /** Removes every toast (tests, logout). */
  clear() {
    emit([]);
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getItems = () => items;

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border bg-card p-4 pr-10 text-sm shadow-card data-[state=open]:animate-toast-in data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
  {
    variants: {
      variant: {
        success: 'border-success/30 bg-success-soft [&_[data-slot=toast-icon]]:text-success',
        error: 'border-destructive/30 bg-destructive-soft [&_[data-slot=toast-icon]]:text-destructive',
        warning: 'border-warning/40 bg-warning-soft [&_[data-slot=toast-icon]]:text-warning',
      },
    },
  },
);

const icons = { success: CircleCheck, error: CircleAlert, warning: TriangleAlert } as const;

function ToastView({ item }: { item: ToastItem }) {
  const Icon = icons[item.variant];
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={item.variant}
      data-duration={item.duration}
      duration={item.duration}
      // Errors interrupt the screen reader; successes and warnings wait their turn.
      type={item.variant === 'error' ? 'foreground' : 'background'}
      className={cn(toastVariants({ variant: item.variant }))}
      onOpenChange={(open) => {
        if (!open) toast.dismiss(item.id);
      }}
    >
      <Icon data-slot="toast-icon" className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      {item.description === undefined ? (
        <ToastPrimitive.Description className="leading-snug font-medium text-foreground">
          {item.message}
        </ToastPrimitive.Description>
      ) : (
        <div className="grid gap-0.5">
          <ToastPrimitive.Title className="leading-snug font-medium text-foreground">
            {item.message}
          </ToastPrimitive.Title>
          <ToastPrimitive.Description data-slot="toast-description" className="leading-snug text-foreground">
            {item.description}
          </ToastPrimitive.Description>
        </div>
      )}
      <ToastPrimitive.Close
        className="absolute top-3 right-3 cursor-pointer rounded-sm p-0.5 text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
        aria-label="Dismiss"
      >
        <XIcon className="size-4" aria-hidden="true" />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}

/** The toasts and their viewport: mount once, at the top of the app. */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, getItems, getItems);
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={TOAST_MS} label="Notifications">
      {current.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
      <ToastPrimitive.Viewport
        data-slot="toast-viewport"
        // A phone's toasts across the top, the rest top right: at the bottom they covered the notice of a
        // screen's move and its 'Go now' (after a sign-up, a sign-in), which sit low on a phone's screen.
        className="fixed inset-x-0 top-0 z-[100] m-0 flex max-h-dvh list-none flex-col gap-2 p-3 pt-[max(0.75rem,env(safe-area-inset-top))] outline-none sm:top-4 sm:right-4 sm:left-auto sm:w-[380px] sm:p-0 sm:pt-0"
      />
    </ToastPrimitive.Provider>
  );
}
