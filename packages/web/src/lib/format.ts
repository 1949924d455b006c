/**
 * The one place amounts, dates and statuses are turned into text (spec section 9: amounts always
 * with 2 decimals, through a shared helper).
 */

/**
 * An amount's number, en-US with 2 decimals (`1,234.50`). The bank's currency is a symbol ('$', '€') or a
 * code, which `Intl.NumberFormat` cannot take as its currency (it takes ISO codes, and writes a code with a
 * space after it), so one formatter serves every currency and the bank's symbol goes before its number.
 */
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `$1,234.50`; a negative amount is `-$1,234.50`. The currency is the bank's symbol (default `$`). */
export function formatAmount(amount: number, currency = '$'): string {
  const text = `${currency}${twoDecimals.format(Math.abs(amount))}`;
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
