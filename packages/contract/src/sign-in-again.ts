/**
 * A refusal that a fresh sign-in lifts: the mock bank changes an e-mail address only for a session signed in
 * within the last minutes (docs/decisions/0048), and says so with this code; the portal offers the sign-in
 * where it shows the refusal. A module of its own, so that only the page that offers it carries it.
 */
import { isApiError, type ApiError } from './api-error';

/** The error code of such a refusal (HTTP 403). */
export const SIGN_IN_AGAIN = 'sign_in_again';

/** Whether a failed call asks the customer to sign in again before it can succeed. */
export const asksToSignInAgain = (error: unknown): error is ApiError =>
  isApiError(error) && error.code === SIGN_IN_AGAIN;
