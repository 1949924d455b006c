/**
 * The app's one API client, created from the contract (ts-rest's client with the host's wire, decision 0022),
 * its query/mutation option factories, and the addresses under its base. Tokens come from the session: the
 * user token for user and public calls, the temporary token for the KYC submission. Every read's query
 * options are in `queries.ts`; what a failed call shows is `error-message.ts`.
 */
import { createApiClient } from '@ebank/contract';
import { session } from '@/session/session';
import '@/forms/zod-config';
import { createQueryFactories } from './query-factories';

/** The API base address; the same origin unless the build says otherwise. */
export const API_BASE = import.meta.env.VITE_API_BASE ?? '/';

export const api = createApiClient({
  baseUrl: API_BASE,
  token: (auth) => (auth === 'kyc' ? session.tempToken() : session.token()),
});

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
