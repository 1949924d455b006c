/**
 * The check's rows as a JUnit XML report, the format CI servers read: one `<testcase>` per row, grouped
 * by area (`contract.sign-in`, `contract.queries`, `contract.writes`, `contract.refusals`) and named by
 * the row's operation and how it goes on the wire. A failed row carries a `<failure>` whose message is
 * its zod issues; a row that was not sent because the sign-in failed is `<skipped>`.
 *
 * The report is a handful of elements, so it is written here with two small escaping functions rather
 * than with an XML library.
 */
import { operations, type OperationName } from '../operations';
import { REFUSALS, SIGN_IN, type CheckRow, type TimedRow } from './check';

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
const visible = (text: string) =>
  text.replace(NOT_XML, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`);

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  ...TEXT_ESCAPES,
  '"': '&quot;',
  "'": '&apos;',
  // A parser turns these into spaces in an attribute unless they are written as references.
  '\t': '&#9;',
  '\n': '&#10;',
};

/** Text as element content. */
export const escapeText = (text: string) => visible(text).replace(/[&<>\r]/gu, (c) => TEXT_ESCAPES[c] ?? c);

/** Text as an attribute value (in either kind of quotes). */
export const escapeAttribute = (text: string) =>
  visible(text).replace(/[&<>"'\t\n\r]/gu, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

const attributes = (values: Readonly<Record<string, string | number>>) =>
  Object.entries(values)
    .map(([name, value]) => ` ${name}="${escapeAttribute(String(value))}"`)
    .join('');

/** Seconds, as JUnit wants them, from milliseconds. */
const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

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

function testcase(row: TimedRow): string {
  const open = `    <testcase${attributes({ classname: junitClassname(row), name: junitName(row), time: seconds(row.durationMs) })}`;
  const message = row.issues.join('; ') || 'failed';
  if (row.skipped) return `${open}>\n      <skipped${attributes({ message })}/>\n    </testcase>`;
  if (!row.ok)
    return `${open}>\n      <failure${attributes({ message, type: row.checkedAgainst })}>${escapeText(failureDetails(row))}</failure>\n    </testcase>`;
  if (row.note !== undefined) {
    const how = row.checkedAgainst === 'host-error' ? 'refused with 200' : `refused with ${String(row.status)}`;
    return `${open}>\n      <system-out>${escapeText(`${how}: ${row.note}`)}</system-out>\n    </testcase>`;
  }
  return `${open}/>`;
}

/** The counts of a report, as its `<testsuite>` gives them. */
export function junitCounts(rows: readonly CheckRow[]) {
  const skipped = rows.filter((row) => row.skipped).length;
  const failures = rows.filter((row) => !row.ok && !row.skipped).length;
  return { tests: rows.length, failures, errors: 0, skipped };
}

/** The whole report, an XML document ending with a line feed. */
export function formatJUnit(rows: readonly TimedRow[], suite: JUnitSuite): string {
  const counts = { ...junitCounts(rows), time: seconds(suite.durationMs) };
  const properties = Object.entries({ base: suite.base, ...suite.properties });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attributes({ name: 'contract:check', ...counts })}>`,
    `  <testsuite${attributes({ name: `contract:check ${suite.base}`, timestamp: suite.startedAt.toISOString(), ...counts })}>`,
    '    <properties>',
    ...properties.map(([name, value]) => `      <property${attributes({ name, value })}/>`),
    '    </properties>',
    ...rows.map(testcase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
