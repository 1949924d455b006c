import { toast } from '@/components/ui/toast';

/** Loan, credit card and bill payments are not offered in the customer's region. */
export const NOT_AVAILABLE_MESSAGE = 'Not Available in your region';

export function showNotAvailable() {
  toast.error(NOT_AVAILABLE_MESSAGE);
}
