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
 * The toasts' view (Radix Toast, toast-list.tsx) loads when the first toast is to show, or once a call
 * starts (`prepareToasts`, which the QueryClient calls for every write): a page that never toasts never
 * loads it. Once loaded it stays, with its region and its F8 key.
 */
import { useSyncExternalStore, type ComponentType } from 'react';
import { TOAST_MS } from '@/lib/timings';

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

/** What `Toaster` renders: the toasts, and their view once it has loaded. */
interface Shown {
  readonly items: readonly ToastItem[];
  readonly View: ComponentType<{ readonly items: readonly ToastItem[] }> | undefined;
}

let shown: Shown = { items: [], View: undefined };
let nextId = 1;
const listeners = new Set<() => void>();

function update(next: Partial<Shown>) {
  shown = { ...shown, ...next };
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
  prepareToasts();
  // A success of a flow settles its errors; a new error of the flow is its latest word ('3 attempts left'
  // after '4 attempts left'), so it takes the earlier ones' place.
  const settled = variant === 'warning' ? () => false : errorOf(flow);
  const same = (t: ToastItem) => t.variant === variant && t.message === message && t.description === description;
  const others = shown.items.filter((t) => !same(t) && !settled(t));
  update({ items: [...others, { id, variant, message, description, duration, flow }].slice(-MAX_TOASTS) });
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss(id: number) {
    update({ items: shown.items.filter((t) => t.id !== id) });
  },
  /** Dismisses the error toasts of `flow`: a step of it succeeded without a toast of its own. */
  dismissErrors(flow: ToastFlow) {
    const settled = errorOf(flow);
    if (shown.items.some(settled)) update({ items: shown.items.filter((t) => !settled(t)) });
  },
  /** Removes every toast (tests, logout). */
  clear() {
    update({ items: [] });
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getShown = () => shown;

let loading: Promise<void> | undefined;

/**
 * Starts loading the toasts' view, once: the first toast calls it, and every write as its call starts, so
 * that its toast need not wait. The view shows the toasts from then on. Should the file not come (the
 * network is gone), the next toast tries again.
 */
export function prepareToasts() {
  loading ??= import('./toast-list').then(
    ({ ToastList }) => {
      update({ View: ToastList });
    },
    () => {
      loading = undefined;
    },
  );
}

/** The toasts and their viewport: mount once, at the top of the app. Renders nothing until their view has loaded. */
export function Toaster() {
  const { items, View } = useSyncExternalStore(subscribe, getShown, getShown);
  return View === undefined ? null : <View items={items} />;
}
