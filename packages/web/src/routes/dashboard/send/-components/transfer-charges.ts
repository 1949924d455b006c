/** Spec section 9: the service charge percent when the bank gives none. */
export const DEFAULT_SERVICE_CHARGE_PERCENT = 10;

/**
 * The fee (that percent of the amount) and the amount received (the amount minus the fee), worked out
 * in cents as the bank does, so the review shows exactly what the bank will book.
 */
export function transferCharges(amount: number, percent: number) {
  const amountCents = Math.round(amount * 100);
  const feeCents = Math.round((amountCents * percent) / 100);
  return { fee: feeCents / 100, received: (amountCents - feeCents) / 100 };
}
