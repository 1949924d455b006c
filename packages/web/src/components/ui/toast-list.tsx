/**
 * The toasts' view: Radix Toast gives the live-region announcements, swipe and the F8 hotkey to reach the
 * list. Loaded by `Toaster` (toast.tsx) when the first toast is to show.
 */
import { cva } from 'class-variance-authority';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import XIcon from 'lucide-react/icons/x';
import { Toast as ToastPrimitive } from 'radix-ui';
import { TOAST_MS } from '@/lib/timings';
import { cn } from '@/lib/cn';
import { toast, type ToastItem } from './toast';

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

/** The toasts and their viewport, as Radix Toast shows them (loaded by `Toaster`, toast.tsx). */
export function ToastList({ items }: { readonly items: readonly ToastItem[] }) {
  return (
    <ToastPrimitive.Provider swipeDirection="right" duration={TOAST_MS} label="Notifications">
      {items.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
      <ToastPrimitive.Viewport
        data-slot="toast-viewport"
        // A phone's toasts across the top, the rest top right: at the bottom they covered the notice of a
        // screen's move and its 'Go now' (after a sign-up, a sign-in), which sit low on a phone's screen.
        // Below the dashboard's top bar (64 px and its border) when there is one: over it they covered its
        // menu button, the notifications and the user menu for as long as they stayed.
        className="fixed inset-x-0 top-0 z-[100] [body:has([data-slot=top-bar])_&]:top-[65px] sm:[body:has([data-slot=top-bar])_&]:top-[81px] m-0 flex max-h-dvh list-none flex-col gap-2 p-3 pt-[max(0.75rem,env(safe-area-inset-top))] outline-none sm:top-4 sm:right-4 sm:left-auto sm:w-[380px] sm:p-0 sm:pt-0"
      />
    </ToastPrimitive.Provider>
  );
}
