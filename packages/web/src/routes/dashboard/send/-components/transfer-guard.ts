import { redirect } from '@tanstack/react-router';
import { toast } from '@/components/ui/toast';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/api';
import { transferDraft, type StoredTransfer } from './transfer-draft';

/**
 * For the review and PIN screens' `beforeLoad`: the kept transfer, or (when it is missing or bad) 'Something
 * went wrong!' and back to the form. A preload says nothing; only a real visit does.
 */
export function requireStoredTransfer(preload: boolean, toastMs: number): StoredTransfer {
  const stored = transferDraft.transfer();
  if (stored === undefined) {
    if (!preload) toast.error(DEFAULT_ERROR_MESSAGE, { duration: toastMs });
    throw redirect({ to: '/dashboard/send', replace: true });
  }
  return stored;
}
