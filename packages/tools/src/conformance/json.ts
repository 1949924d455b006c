/**
 * The check's rows as JSON (`--json`), for scripts and `jq`: an array with one object per row, in the
 * order the requests were sent, every key always present.
 */
import type { CheckRow, TimedRow } from './check';

export interface JsonRow {
  readonly operation: string;
  readonly wire: string;
  /** The reply's HTTP status, or null when there was no reply. */
  readonly status: number | null;
  readonly ok: boolean;
  /** Not sent because the sign-in failed (the row fails; the sign-in's row says why). */
  readonly skipped: boolean;
  readonly checkedAgainst: CheckRow['checkedAgainst'];
  /** What does not match, one `path: message` per zod issue (or why the row failed). */
  readonly issues: readonly string[];
  /** The message of an error reply, or null. */
  readonly note: string | null;
  /** How long the request took, in milliseconds, to a tenth (0 when nothing was sent). */
  readonly durationMs: number;
}

export const jsonRow = (row: TimedRow): JsonRow => ({
  operation: row.operation,
  wire: row.wire,
  status: row.status ?? null,
  ok: row.ok,
  skipped: row.skipped ?? false,
  checkedAgainst: row.checkedAgainst,
  issues: row.issues,
  note: row.note ?? null,
  durationMs: Math.round(row.durationMs * 10) / 10,
});

/** The rows as a JSON document ending with a line feed. */
export const formatJson = (rows: readonly TimedRow[]) => `${JSON.stringify(rows.map(jsonRow), null, 2)}\n`;
