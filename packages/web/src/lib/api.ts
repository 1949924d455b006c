/**
 * The app's API: the query/mutation option factories over the one client, and what screens need to show a
 * call's outcome. Tokens come from the session: the user token for user and public calls, the temporary
 * token for the KYC submission.
 *
 * The client (with the contract's schemas and zod) is loaded on first use, or when the browser is idle
 * after the first render (`preloadApi`), so a page paints before that code has arrived.
 */
import { isApiError } from '@ebank/contract/errors';
import type * as ApiClientModule from './api-client';
import { API_BASE } from './api-base';
import { createQueryFactories } from './query-factories';
import { nextTask } from './when-idle';

export { API_BASE };

let client: Promise<typeof ApiClientModule> | undefined;

/** Keeps a load in progress or done; one that failed (the network dropped) is tried again next time. */
function keep(load: () => Promise<typeof ApiClientModule>) {
  const loading = load();
  loading.catch(() => {
    if (client === loading) client = undefined;
  });
  return loading;
}

/** Needed now: the client and everything it imports, fetched side by side and run at once. */
const loadModule = () => (client ??= keep(() => import('./api-client')));

/**
 * For later: the same code, run in steps a task apart (zod's core; the contract's reply shapes; its
 * operations and the client), so that no step holds the main thread for long. Run at once, they are one task of
 * about 35 ms here, four times that on a slow phone, while the page may be taking its first input.
 */
const loadInSteps = async () => {
  await import('./zod-config');
  await nextTask();
  await import('@ebank/contract/replies');
  await nextTask();
  return import('./api-client');
};

/** The API client, once loaded. */
export const loadApi = async () => (await loadModule()).api;

/** Starts loading the client in small steps, without waiting for it. */
export function preloadApi() {
  client ??= keep(loadInSteps);
}

export const { queryOptionsFor, mutationOptionsFor } = createQueryFactories(loadApi);

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
