/**
 * The PIN creation screens' loader check. It reads the dashboard's queries, so it lives apart from
 * `pinDraft` (read by a route guard, part of the app's route tree that loads with every page) and loads
 * with the screens.
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { pinQuery } from './queries';

/** A user who already has a PIN changes it in Settings instead. */
export async function redirectIfPinExists(queryClient: QueryClient) {
  const { haspin } = await queryClient.query(pinQuery);
  if (haspin) throw redirect({ to: '/dashboard/settings', replace: true });
}
