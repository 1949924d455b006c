/**
 * Why a signed-in session ended on its own, as the login page is told in its address
 * (`/account/login?ended=idle`). Kept apart from `idle-session.ts` so the login route reads it without
 * loading the watcher.
 */

/** Nobody used the session for the idle time, or its token ran out (or the bank refused it). */
export type SessionEndReason = 'idle' | 'expired';

export const isSessionEndReason = (value: unknown): value is SessionEndReason =>
  value === 'idle' || value === 'expired';

/** The login page's search: the reason when it is a known one; anything else is dropped. */
export function validateSessionEndSearch(search: Record<string, unknown>): { ended?: SessionEndReason } {
  return isSessionEndReason(search.ended) ? { ended: search.ended } : {};
}
