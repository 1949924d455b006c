/**
 * The one toast mechanism: `toast.success|error|warning(message, { duration })` from anywhere (call
 * sites, the QueryClient's caches), shown by the one `<Toaster />` the app mounts. Radix Toast gives
 * the live-region announcements, swipe and the F8 hotkey to reach the list. Its code (./toast-region)
 * loads with the first toast, or when the browser is idle after the first render (`preloadToaster`).
 */
import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { TOAST_MS } from '@/lib/timings';

export type ToastVariant = 'success' | 'error' | 'warning';

export interface ToastItem {
  readonly id: number;
  readonly variant: ToastVariant;
  readonly message: string;
  /** How long it stays up, in milliseconds. */
  readonly duration: number;
}

export interface ToastOptions {
  /** How long it stays up, in milliseconds; 5 s unless said otherwise (spec section 9). */
  readonly duration?: number;
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

/**
 * Shows a toast. The same message again (several calls refused at once, each with the bank's
 * 'Your session has ended') replaces the one on screen instead of stacking a copy, and runs its full time.
 */
function show(variant: ToastVariant, message: string, options: ToastOptions = {}) {
  const id = nextId++;
  const others = items.filter((t) => t.variant !== variant || t.message !== message);
  emit([...others, { id, variant, message, duration: options.duration ?? TOAST_MS }].slice(-MAX_TOASTS));
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss(id: number) {
    emit(items.filter((t) => t.id !== id));
  },
  /** Removes every toast (tests, logout). */
  clear() {
    emit([]);
  },
};

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getItems = () => items;

/** The region's component once its module has loaded; until then nothing is mounted. */
let Region: ComponentType | undefined;
let loading: Promise<void> | undefined;
const loadRegion = () =>
  (loading ??= import('./toast-region').then((module) => {
    Region = module.default;
    for (const listener of listeners) listener();
  }));
const isReady = () => Region !== undefined;

function LoadedRegion() {
  return Region === undefined ? null : <Region />;
}

/** Loads the toast region's code; the region mounts (empty) once it has arrived. */
export function preloadToaster(): Promise<void> {
  return loadRegion();
}

/** Mount once, at the top of the app. */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, getItems, getItems);
  const ready = useSyncExternalStore(subscribe, isReady, isReady);
  useEffect(() => {
    if (current.length > 0) void loadRegion();
  }, [current.length]);
  return ready ? <LoadedRegion /> : null;
}
