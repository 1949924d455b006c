/**
 * The text a screen shows for a failed call. Apart from `client.ts` (the client and the contract), so the
 * app's QueryClient and route guards show it without loading them.
 */
import { isApiError } from '@ebank/contract/errors';

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
