import { redirect } from '@tanstack/react-router';
import { toast } from '@/components/ui/toast';
import { DEFAULT_ERROR_MESSAGE } from '@/api/error-message';
import { keptTransfer } from './transfer-storage';

/**
 * 'Something went wrong!' and back to the form, for the review and PIN screens when their transfer is
 * missing or bad. A preload says nothing; only a real visit does.
 */
export function backToTransferForm(preload: boolean, toastMs: number): never {
  if (!preload) toast.error(DEFAULT_ERROR_MESSAGE, { duration: toastMs });
  throw redirect({ to: '/dashboard/send', replace: true });
}

/**
 * For the review and PIN screens' `beforeLoad` (part of the route tree every page loads, so it checks
 * no more than that a transfer is kept): without one, back to the form. Their loaders check the kept
 * transfer itself (`transferDraft.transfer()`).
 */
export function requireKeptTransfer(preload: boolean, toastMs: number) {
  if (keptTransfer.get() === undefined) backToTransferForm(preload, toastMs);
}
