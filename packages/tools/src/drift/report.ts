/**
 * The drift report, one row per operation: a plain-text table, JSON (`--json`), and a JUnit XML report
 * (`--junit FILE`), built with the conformance check's helpers (shortening, XML-safe text).
 */
import junitReportBuilder from 'junit-report-builder';
import { attributeText, bodyText } from '../conformance/junit';
import { shorten, columns } from '../conformance/table';
import type { Difference } from './compare';
import type { DriftRow } from './replay';

export const DRIFT_COLUMNS = ['operation', 'wire', 'replayed', 'result', 'details'] as const;

const MAX_SHOWN = 3;
const MAX_DETAILS = 160;

/** A difference in a line: `body.percent.percent: 10 -> 5`. */
export const differenceLine = (d: Difference) =>
  `${d.kind === 'shape' ? 'shape of ' : ''}${d.path}: ${d.recorded} -> ${d.replayed}`;

/** The differences of a row, each once (the same difference in many exchanges is one), in order. */
export const distinctDifferences = (row: DriftRow): string[] => [...new Set(row.differences.map(differenceLine))];

export const resultOf = (row: DriftRow) => (!row.ok ? 'DRIFT' : row.replayed === 0 ? 'skipped' : 'ok');

function details(row: DriftRow): string {
  const lines = row.ok ? row.skipped.map((s) => `skipped: ${s}`) : distinctDifferences(row);
  if (lines.length === 0) return '';
  const more = lines.length > MAX_SHOWN ? ` (+${lines.length - MAX_SHOWN} more)` : '';
  return shorten(lines.slice(0, MAX_SHOWN).join('; '), MAX_DETAILS - more.length) + more;
}

export function driftSummary(rows: readonly DriftRow[]): string {
  const drifting = rows.filter((row) => !row.ok).length;
  const exchanges = rows.reduce((n, row) => n + row.exchanges, 0);
  const replayed = rows.reduce((n, row) => n + row.replayed, 0);
  return `${drifting} of ${rows.length} operations drift (${replayed} of ${exchanges} exchanges replayed)`;
}

export function formatDriftTable(rows: readonly DriftRow[]): string {
  const cells = rows.map((row) => [
    row.operation,
    row.wire,
    `${row.replayed}/${row.exchanges}`,
    resultOf(row),
    details(row),
  ]);
  return [...columns(DRIFT_COLUMNS, cells), '', driftSummary(rows)].join('\n');
}

/** The rows as a JSON document ending with a line feed: every key always present. */
export const formatDriftJson = (rows: readonly DriftRow[]) =>
  `${JSON.stringify(
    rows.map((row) => ({
      operation: row.operation,
      wire: row.wire,
      exchanges: row.exchanges,
      replayed: row.replayed,
      ok: row.ok,
      skipped: row.skipped,
      differences: row.differences.map((d) => ({
        seq: d.seq,
        kind: d.kind,
        path: d.path,
        recorded: d.recorded,
        replayed: d.replayed,
      })),
    })),
    null,
    2,
  )}\n`;

export interface DriftSuite {
  readonly recording: string;
  readonly base: string;
  readonly startedAt: Date;
  readonly durationMs: number;
}

const seconds = (ms: number) => Math.round(Math.max(0, ms)) / 1000;

/** A report's builder with its one suite, named and timed, with the recording and the base as properties. */
function newReport(suite: DriftSuite) {
  const builder = junitReportBuilder.newBuilder();
  builder.name('contract:drift');
  const testSuite = builder
    .testSuite()
    .name(attributeText(`contract:drift ${suite.base}`))
    .timestamp(suite.startedAt.toISOString())
    .time(seconds(suite.durationMs));
  testSuite.property('recording', attributeText(suite.recording));
  testSuite.property('base', attributeText(suite.base));
  return { builder, testSuite };
}

/** The group and names of the one case of a run that could not replay. */
export const DRIFT_ERROR_CASES = {
  recording: { classname: 'contract.drift', name: 'the recording reads' },
  replay: { classname: 'contract.drift', name: 'the replay starts' },
} as const;

/**
 * The report of a run that compared nothing: the recording could not be read, or the replay could not
 * start. One case in error (not a failure: nothing was compared), whose message says why, so that CI
 * shows a run that did not happen, not an empty report or none.
 */
export function formatDriftErrorJUnit(
  suite: DriftSuite,
  stage: keyof typeof DRIFT_ERROR_CASES,
  message: string,
): string {
  const { builder, testSuite } = newReport(suite);
  const { classname, name } = DRIFT_ERROR_CASES[stage];
  testSuite
    .testCase()
    .className(classname)
    .name(name)
    .time(seconds(suite.durationMs))
    .error(attributeText(shorten(message, 500)), stage, bodyText(message));
  return `${builder.build()}\n`;
}

/** One test case per operation (class `contract.drift`); a drifting one fails with its differences. */
export function formatDriftJUnit(rows: readonly DriftRow[], suite: DriftSuite): string {
  const { builder, testSuite } = newReport(suite);
  for (const row of rows) {
    const testCase = testSuite
      .testCase()
      .className('contract.drift')
      .name(attributeText(`${row.operation} (${row.wire})`));
    const lines = distinctDifferences(row);
    if (!row.ok)
      testCase
        .failure(attributeText(shorten(lines.join('; '), 500)), 'drift')
        .stacktrace(bodyText(row.differences.map((d) => `exchange ${d.seq}: ${differenceLine(d)}`).join('\n')));
    else if (row.replayed === 0) testCase.skipped().standardOutput(bodyText(row.skipped.join('\n')));
    else if (row.skipped.length > 0)
      testCase.standardOutput(bodyText(row.skipped.map((s) => `skipped: ${s}`).join('\n')));
  }
  return `${builder.build()}\n`;
}
