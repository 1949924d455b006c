/**
 * Every delay of the portal's screens, in milliseconds, in one place. Screens import these; tests
 * advance fake timers by them.
 */

/** How long a toast stays up "in most places". */
export const TOAST_MS = 5000;
/** Toasts of the PIN creation screen. */
export const PIN_CREATION_TOAST_MS = 3000;
/** Toasts of the transfer confirm screen. */
export const CONFIRM_TOAST_MS = 2000;
/** Toasts of the PIN confirmation screen. */
export const PIN_CONFIRMATION_TOAST_MS = 15000;

/** Delay before the redirect after login, signup, e-mail verification, passcode reset and KYC submission. */
export const AUTH_REDIRECT_MS = 5000;
/** Delay before the redirect after a transfer or a PIN creation. */
export const TRANSFER_REDIRECT_MS = 3000;

/** How long a "resend" link waits after a code or link was sent, before it may send another. */
export const RESEND_COOLDOWN_MS = 30_000;
