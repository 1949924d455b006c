/** The check's rows as a plain-text table, one line per request, and a summary line. */
import type { CheckRow } from './check';

export const TABLE_COLUMNS = ['operation', 'wire', 'status', 'result', 'details'] as const;

/** Longest shown issue, issues shown per row, and longest details cell. */
const MAX_ISSUE = 70;
const MAX_ISSUES = 3;
const MAX_DETAILS = 160;

export const shorten = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 3)}...`);

/** The issues of a failed row (shortened), or the host's message when it refused the call. */
export function details(row: CheckRow): string {
  if (row.issues.length > 0) {
    const shown = row.issues.slice(0, MAX_ISSUES).map((issue) => shorten(issue.replace(/\s+/gu, ' '), MAX_ISSUE));
    const more = row.issues.length > MAX_ISSUES ? ` (+${row.issues.length - MAX_ISSUES} more)` : '';
    return shorten(shown.join('; '), MAX_DETAILS - more.length) + more;
  }
  if (row.note === undefined) return '';
  const how = row.checkedAgainst === 'host-error' ? 'refused with 200' : 'refused';
  return shorten(`${how}: ${row.note.replace(/\s+/gu, ' ')}`, MAX_DETAILS);
}

/** The last line of the table: how many rows pass. */
export function summary(rows: readonly CheckRow[], options: { readonly readOnly?: boolean } = {}): string {
  const passed = rows.filter((row) => row.ok).length;
  return `${passed} of ${rows.length} rows pass${options.readOnly ? ' (read-only: no writes were fired)' : ''}`;
}

/**
 * Rows of text under their titles, each column as wide as its widest cell, two spaces apart, with a rule under
 * the titles; the last column is not padded. Every tool's table is laid out by it.
 */
export function columns(titles: readonly string[], cells: readonly (readonly string[])[]): string[] {
  const widths = titles.map((title, i) => Math.max(title.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => (i === values.length - 1 ? value : value.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(titles), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)];
}

export function formatTable(rows: readonly CheckRow[], options: { readonly readOnly?: boolean } = {}): string {
  const cells = rows.map((row) => [
    row.operation,
    row.wire,
    row.status === undefined ? '-' : String(row.status),
    row.ok ? 'ok' : 'FAIL',
    details(row),
  ]);
  return [...columns(TABLE_COLUMNS, cells), '', summary(rows, options)].join('\n');
}
