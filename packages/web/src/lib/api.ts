/**
 * The app's API: the query/mutation option factories over the one client, and what screens need to show a
 * call's outcome. Tokens come from the session: the user token for user and public calls, the temporary
 * token for the KYC submission.
 */
import { isApiError } from '@ebank/contract/errors';
import { API_BASE } from './api-base';
import { api } from './api-client';
import { createQueryFactories } from './query-factories';

export { API_BASE, api };

export const { queryOptionsFor, mutationOptionsFor } = createQueryFactories(api);

/** An address under the API base (which may be relative), resolved against the page's origin. */
export function apiUrl(path: string) {
  const withSlash = API_BASE.endsWith('/') ? API_BASE : `${API_BASE}/`;
  const base = new URL(withSlash, window.location.origin);
  return new URL(path, base).href;
}

/** The staff console of the mock bank, where an admin who signs in is sent. */
export const staffUrl = () => apiUrl('__mock/staff/');

/** Used when a failed call has no message of its own and the screen names none. */
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong!';

/**
 * The text to show for a failed call: the bank's own message when it gave one, else the screen's
 * fallback (spec section 8: "error with no message shows ..."). A network failure has no message, so
 * it shows the fallback too. Contract mismatches carry technical text and also show the fallback.
 */
export function errorMessage(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  if (isApiError(error) && (error.kind === 'http' || error.kind === 'host') && error.message.trim() !== '')
    return error.message;
  return fallback;
}

/** A picture path from the bank, as an address the browser can load. */
export function pictureUrl(picture: string | undefined) {
  if (picture === undefined || picture.trim() === '') return undefined;
  try {
    return apiUrl(picture);
  } catch {
    return undefined;
  }
}
