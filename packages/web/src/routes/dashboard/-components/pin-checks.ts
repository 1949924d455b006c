/**
 * The dashboard's checks of the transaction PIN, run by the loaders of the screens that depend on it. They
 * call the bank, so they stay in the (split) loaders: a route's `beforeLoad` loads with the app's first
 * chunk, which holds neither the API client nor the contract. `pinDraft` (read by a route guard) is apart.
 */
import { isApiError } from '@ebank/contract/errors';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { pinQuery } from '@/api/queries';

/**
 * Whether the user has a transaction PIN, or undefined when the bank could not say: the screen then opens
 * anyway (the failure has its toast, and the transfer checks again). A token the bank refuses still fails
 * the load, so the session ends. A cached answer is asked again once stale (a PIN may have been created).
 */
export async function hasPin(queryClient: QueryClient): Promise<boolean | undefined> {
  try {
    return (await queryClient.query(pinQuery)).haspin;
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && (error.status === 401 || error.status === 403)) throw error;
    return undefined;
  }
}

/** A user who already has a PIN changes it in Settings instead. */
export async function redirectIfPinExists(queryClient: QueryClient) {
  const { haspin } = await queryClient.query(pinQuery);
  if (haspin) throw redirect({ to: '/dashboard/settings', replace: true });
}
