/**
 * The one place amounts, dates and statuses are turned into text (spec section 9: amounts always
 * with 2 decimals, through a shared helper).
 */

let intlTwoDecimals: Intl.NumberFormat | undefined;

/**
 * A number of 0 or more as en-US text with 2 decimals, as `Intl.NumberFormat('en-US')` writes it: the
 * number's shortest decimal form rounded half away from zero, thousands grouped. Done by hand because
 * the first `Intl.NumberFormat` on a page loads the browser's locale data, a long task on a slow phone
 * (docs/decisions/0016); the rare number JavaScript writes with an exponent still goes through Intl.
 */
function twoDecimals(value: number): string {
  const shortest = String(value);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(shortest);
  if (match === null) {
    intlTwoDecimals ??= new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return intlTwoDecimals.format(value);
  }
  const [, whole = '0', fraction = ''] = match;
  let cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${grouped}.${digits.slice(-2)}`;
}

/** `$1,234.50`; a negative amount is `-$1,234.50`. The currency is the bank's symbol (default `$`). */
export function formatAmount(amount: number, currency = '$'): string {
  const text = `${currency}${twoDecimals(Math.abs(amount))}`;
  return amount < 0 ? `-${text}` : text;
}

/**
 * A transaction date as day/month/year with the real month (the original showed the zero-based month,
 * a bug: see docs/decisions/0009). Dates the browser cannot read are shown as they came.
 */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getDate()}/${date.getMonth() + 1}/${date.getFullYear()}`;
}

/** A status as words: `in_progress` becomes `in progress`. */
export const statusLabel = (status: string) => status.replaceAll('_', ' ');
