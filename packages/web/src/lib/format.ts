/**
 * The one place amounts, dates and statuses are turned into text (amounts always
 * with 2 decimals, through a shared helper).
 */
import { formatMoney } from '@ebank/contract';

/**
 * An amount with the bank's currency symbol, en-US with grouping and 2 decimals (`$1,234.50`,
 * `-$1,234.50`; default `$`). The bank writes amounts in its messages with the same formatter (the
 * contract's `formatMoney`), so the portal and the bank's texts read alike.
 */
export const formatAmount = formatMoney;

/** A calendar date without a time (a date of birth, a date input's value): `YYYY-MM-DD`. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/**
 * Every date the portal shows, in one style: day/month/year with the real month (the original showed the
 * zero-based month, a bug: see docs/decisions/0009). A calendar date is that day wherever the browser is
 * (not midnight UTC, which is the day before west of Greenwich). Dates the browser cannot read are shown
 * as they came.
 */
export function formatDate(value: string): string {
  const day = CALENDAR_DATE.exec(value);
  const date = day === null ? new Date(value) : new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getDate()}/${date.getMonth() + 1}/${date.getFullYear()}`;
}

/** A status as words: `in_progress` becomes `in progress`. */
export const statusLabel = (status: string) => status.replaceAll('_', ' ');
