/**
 * The app's API: the query/mutation option factories over the one client, and the addresses under its
 * base. Tokens come from the session: the user token for user and public calls, the temporary token for
 * the KYC submission. What a failed call shows is `error-message.ts`.
 */
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

/** A picture path from the bank, as an address the browser can load. */
export function pictureUrl(picture: string | undefined) {
  if (picture === undefined || picture.trim() === '') return undefined;
  try {
    return apiUrl(picture);
  } catch {
    return undefined;
  }
}
