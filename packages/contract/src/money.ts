/**
 * The one way an amount of money is written, by the portal on screen and by the bank in its messages
 * (step-up codes, notifications, the staff console): en-US, grouped, always 2 decimals, the bank's
 * currency symbol before the number (`$1,234.50`, `-$75.00`).
 *
 * The bank's currency is a symbol ('$', '€') or a code, which `Intl.NumberFormat` cannot take as its
 * currency (it takes ISO codes, and writes a code with a space after it), so one number formatter
 * serves every currency and the symbol goes before its number.
 */
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** `$1,234.50`; a negative amount is `-$1,234.50`. The currency is the bank's symbol (default `$`). */
export function formatMoney(amount: number, currency = '$'): string {
  const text = `${currency}${twoDecimals.format(Math.abs(amount))}`;
  return amount < 0 ? `-${text}` : text;
}

/**
 * The service charge on a transfer of `amountCents`: `percent` of it, rounded to the nearest cent (half a
 * cent up). The bank books it and the portal shows it before the transfer is confirmed, so both work it out
 * here, in cents, and agree to the cent.
 */
export function serviceChargeCents(amountCents: number, percent: number): number {
  return Math.round((amountCents * percent) / 100);
}
