/**
 * The one way an amount of money is written, by the portal on screen and by the bank in its messages
 * (step-up codes, notifications, the staff console): grouped with commas, always 2 decimals, the bank's
 * currency symbol before the number (`$1,234.50`, `-$75.00`).
 *
 * The number is currency.js's (decision 0057): `Intl.NumberFormat` would load the browser's locale data on
 * first use, about 40 ms of a page's main thread in Chromium, on the dashboard's way to its balance. The
 * bank's currency is a symbol ('$', '€') or a code, taken as it comes, so the symbol goes before the
 * number here rather than through the library's pattern (which reads `$` in it as a replacement pattern).
 */
import currency from 'currency.js';

/** `$1,234.50`; a negative amount is `-$1,234.50`. The currency is the bank's symbol (default `$`). */
export function formatMoney(amount: number, symbol = '$'): string {
  const text = `${symbol}${currency(Math.abs(amount)).format({ symbol: '' })}`;
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
