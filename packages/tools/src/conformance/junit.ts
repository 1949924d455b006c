/**
 * The check's rows as a JUnit XML report, the format CI servers read, written with junit-report-builder:
 * one `<testcase>` per row, grouped by area (`contract.sign-in`, `contract.queries`, `contract.writes`,
 * `contract.refusals`) and named by the row's operation and how it goes on the wire. A failed row carries
 * a `<failure>` whose message is its zod issues and whose body details them; a row that was not sent
 * because the sign-in failed is `<skipped/>`, with why in its `<system-out>`; a row the host refused as
 * the contract says has how in its `<system-out>`. When nothing answered at the host's address there are
 * no rows: the report holds one case in error (`contract.host`), so CI shows a run that could not start,
 * not a row of failures.
 */
import { operations, type OperationName } from '@ebank/contract';
import junitReportBuilder, { type TestCase } from 'junit-report-builder';
import { REFUSALS, SIGN_IN, type CheckRow, type CheckStopped, type TimedRow } from './check';

export interface JUnitSuite {
  /** The host's API base, as checked. */
  readonly base: string;
  /** When the run started. */
  readonly startedAt: Date;
  /** How long the whole run took, in milliseconds. */
  readonly durationMs: number;
  /** Fixed facts of the run, written as `<property>` elements (`readOnly`, `encoding`, `email`). */
  readonly properties?: Readonly<Record<string, string>>;
}

/**
 * What XML 1.0 cannot carry at all, not even as a character reference: the control characters other
 * than tab, line feed and carriage return, lone surrogates, U+FFFE and U+FFFF. They are written as
 * visible `\uXXXX` text, so an issue about such a character still shows which one it was.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const unicodeEscape = (c: string) => `\\u${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Text for an attribute: what XML cannot carry made visible (the builder escapes the rest). */
export const attributeText = (text: string) => text.replace(NOT_XML, unicodeEscape);

/**
 * Text for an element's body, which the builder writes as CDATA: what XML cannot carry made visible,
 * line ends as any parser reads them back (CR LF and CR are LF), and the `>` of a `]]>`, which would
 * end the CDATA section, as `\u003E`.
 */
export const bodyText = (text: string) =>
  attributeText(text)
    .replace(/\r\n?/gu, '\n')
    .replaceAll(']]>', `]]${unicodeEscape('>')}`);

/** Seconds, to the millisecond, as JUnit wants them, from milliseconds. */
const seconds = (ms: number) => Math.round(Math.max(0, ms)) / 1000;

const refusalLabels: readonly string[] = Object.values(REFUSALS);
const isOperation = (name: string): name is OperationName => Object.hasOwn(operations, name);

/** The group of a row: the sign-in, the queries, the writes or the requests the contract refuses. */
export function junitClassname(row: CheckRow): string {
  if (refusalLabels.includes(row.operation)) return 'contract.refusals';
  if (!isOperation(row.operation) || SIGN_IN.includes(row.operation)) return 'contract.sign-in';
  return operations[row.operation].kind === 'query' ? 'contract.queries' : 'contract.writes';
}

/** The name of a row's case: its operation (or refusal) and how it goes on the wire. */
export const junitName = (row: CheckRow) => `${row.operation.replace(/^refusal: /u, '')} (${row.wire})`;

const CHECKED_AGAINST: Readonly<Record<CheckRow['checkedAgainst'], string>> = {
  reply: "the operation's reply schema",
  error: 'the error shape',
  'host-error': "the host's 200 with an error body",
  none: 'nothing',
};

/** The body of a failure: the status, what the reply was checked against, every issue, the host's message. */
function failureDetails(row: CheckRow): string {
  const status = row.status === undefined ? 'no reply' : `HTTP ${row.status}`;
  return [
    `${status}, checked against ${CHECKED_AGAINST[row.checkedAgainst]}`,
    ...row.issues,
    ...(row.note === undefined ? [] : [`host's message: ${row.note}`]),
  ].join('\n');
}

function fillCase(testCase: TestCase, row: TimedRow): void {
  testCase
    .className(junitClassname(row))
    .name(attributeText(junitName(row)))
    .time(seconds(row.durationMs));
  const message = attributeText(row.issues.join('; ') || 'failed');
  if (row.skipped) testCase.skipped().standardOutput(bodyText(message));
  else if (!row.ok) testCase.failure(message, row.checkedAgainst).stacktrace(bodyText(failureDetails(row)));
  else if (row.note !== undefined) {
    const how = row.checkedAgainst === 'host-error' ? 'refused with 200' : `refused with ${String(row.status)}`;
    testCase.standardOutput(bodyText(`${how}: ${row.note}`));
  }
}

/** The counts of a report, as its `<testsuite>` gives them. */
export function junitCounts(rows: readonly CheckRow[]) {
  const skipped = rows.filter((row) => row.skipped).length;
  const failures = rows.filter((row) => !row.ok && !row.skipped).length;
  return { tests: rows.length, failures, errors: 0, skipped };
}

/** A report's builder with its one suite, named and timed, with the run's properties. */
function newReport(suite: JUnitSuite) {
  const builder = junitReportBuilder.newBuilder();
  // The builder counts tests, failures, errors and skipped on both levels; the time is the suite's.
  builder.name('contract:check');
  const testSuite = builder
    .testSuite()
    .name(attributeText(`contract:check ${suite.base}`))
    .timestamp(suite.startedAt.toISOString())
    .time(seconds(suite.durationMs));
  for (const [name, value] of Object.entries({ base: suite.base, ...suite.properties }))
    testSuite.property(attributeText(name), attributeText(value));
  return { builder, testSuite };
}

/** The whole report, an XML document ending with a line feed. */
export function formatJUnit(rows: readonly TimedRow[], suite: JUnitSuite): string {
  const { builder, testSuite } = newReport(suite);
  for (const row of rows) fillCase(testSuite.testCase(), row);
  return `${builder.build()}\n`;
}

/** The group and name of the one case of a run that nothing answered. */
export const UNREACHABLE_CASE = { classname: 'contract.host', name: 'the host answers' } as const;

/**
 * The report of a run that nothing answered: one case in error (not a failure: nothing was checked), whose
 * message says where and why.
 */
export function formatUnreachableJUnit(unreachable: CheckStopped, suite: JUnitSuite): string {
  const { builder, testSuite } = newReport(suite);
  testSuite
    .testCase()
    .className(UNREACHABLE_CASE.classname)
    .name(UNREACHABLE_CASE.name)
    .time(seconds(suite.durationMs))
    .error(
      attributeText(unreachable.message),
      unreachable.kind,
      bodyText(`${unreachable.message}\n${unreachable.advice}`),
    );
  return `${builder.build()}\n`;
}
