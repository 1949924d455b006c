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

/**
 * The symbol of the account's currency, which the amounts a customer types are in: the one the bank sends,
 * or the spec's default `$` when it sends none.
 */
export const accountCurrency = (currency: string | undefined) =>
  currency === undefined || currency.trim() === '' ? '$' : currency.trim();

/** What an amount field takes: `In your account's currency ($)`, said under each one. */
export const inAccountCurrency = (currency: string | undefined) =>
  `In your account's currency (${accountCurrency(currency)})`;

/** A calendar date without a time (a date of birth, a date input's value): `YYYY-MM-DD`. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/u;

/** A moment, or a calendar date at its midnight where the browser is; undefined when it cannot be read. */
function readDate(value: string): Date | undefined {
  const day = CALENDAR_DATE.exec(value);
  const date = day === null ? new Date(value) : new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const dayMonthYear = (date: Date) => `${date.getDate()}/${date.getMonth() + 1}/${date.getFullYear()}`;
const pad = (n: number) => String(n).padStart(2, '0');

/** A date's calendar day, `YYYY-MM-DD`, in the customer's own time zone (a date input's value, a file's name). */
export const calendarDay = (date: Date) =>
  `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const clockTime = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/**
 * Every date the portal shows, in one style, on both sides (the customer's and the staff's): day/month/year
 * with the real month (`26/11/2026`; the original showed the zero-based month, a bug: see
 * docs/decisions/0009). A calendar date is that day wherever the browser is (not midnight UTC, which is
 * the day before west of Greenwich). Dates the browser cannot read are shown as they came.
 */
export function formatDate(value: string): string {
  const date = readDate(value);
  return date === undefined ? value : dayMonthYear(date);
}

/** A moment with its time of day, in the same style, on a 24-hour clock: `26/11/2026, 06:49:36`. */
export function formatDateTime(value: string): string {
  const date = readDate(value);
  return date === undefined ? value : `${dayMonthYear(date)}, ${clockTime(date)}`;
}

/** A moment's time of day alone, on a 24-hour clock (`06:49:36`), for a list whose day is said once. */
export function formatTime(value: string): string {
  const date = readDate(value);
  return date === undefined ? value : clockTime(date);
}

/** How a date is typed where the portal asks for one, said beside the field. */
export const DATE_HINT = 'Day/month/year, such as 26/11/2026';

/** A typed date: day/month/year, each separated by `/`, `.` or `-`, with or without leading zeros. */
const TYPED_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/u;

/**
 * A date typed in the portal's style (`26/11/2026`, `5/1/2026`, `05/01/2026`) as a calendar date,
 * `YYYY-MM-DD`, or undefined when it is not a real day (`31/2/2026`, `2026-11-26`, `26/11`).
 */
export function parseDate(text: string): string | undefined {
  const match = TYPED_DATE.exec(text.trim());
  if (match === null) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return undefined;
  return calendarDay(date);
}

/** A status as words: `in_progress` becomes `in progress`. */
export const statusLabel = (status: string) => status.replaceAll('_', ' ');
