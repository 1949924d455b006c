/**
 * The changes as the command shows them: a plain-text table under the two versions compared (before and
 * after) with a summary line, a JSON document (`--json`) and a JUnit XML report (`--junit`), written like
 * the conformance check's (its `shorten`, and its XML text helpers with junit-report-builder).
 */
import junitReportBuilder from 'junit-report-builder';
import { attributeText, bodyText } from '../conformance/junit';
import { shorten, columns } from '../conformance/table';
import { isBreaking, type Change, type ChangeClass } from './diff';

/** A version of the contract at a git ref: the ref as given and the commit it names. */
export interface DiffBase {
  readonly ref: string;
  readonly commit: string;
}

/** The two versions compared: before (`--base`) and after (`--head`; undefined for the working tree). */
export interface Compared {
  readonly before: DiffBase;
  readonly after: DiffBase | undefined;
}

/** An operation as the JUnit report names it: its TypeScript name and its wire name. */
export interface NamedOperation {
  readonly name: string;
  readonly wire: string;
}

export const CLASS_LABELS: Readonly<Record<ChangeClass, string>> = {
  host: 'breaking for the host',
  portal: 'breaking for the portal',
  both: 'breaking for both',
  compatible: 'compatible',
};

/** What each breaking class asks of whom, as the table's legend says it. */
export const CLASS_MEANINGS: Readonly<Record<Exclude<ChangeClass, 'compatible'>, string>> = {
  host: 'the host has to change first: a portal built on the contract after fails against a host that still follows the contract before',
  portal:
    'clients have to change first: a portal (or any other client of the host) built on the contract before fails against a host that follows the contract after',
  both: 'each side fails against the other one as it was: the host and its clients have to change together',
};

export const TABLE_COLUMNS = ['operation', 'where', 'change', 'class'] as const;
/** Longest change shown in the table (an enum's list of values can be long); the JSON has it whole. */
const MAX_CHANGE = 100;

const breakingCount = (changes: readonly Change[]) => changes.filter((change) => isBreaking(change.class)).length;
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const refText = (version: DiffBase) => `${version.ref} (${version.commit.slice(0, 12)})`;
/** A version as the output names it: its ref and commit, or the working tree. */
const versionText = (version: DiffBase | undefined) => (version === undefined ? 'the working tree' : refText(version));
/** From which version to which one. */
const span = ({ before, after }: Compared) => `from ${refText(before)} to ${versionText(after)}`;

/** The first lines: which version of the contract is before and which after, and which option named each. */
export function heading({ before, after }: Compared): string {
  const lines = [
    ['Before (--base):', refText(before)],
    after === undefined
      ? ['After (no --head):', 'the working tree, uncommitted edits included']
      : ['After (--head):', refText(after)],
  ] as const;
  const width = Math.max(...lines.map(([label]) => label.length));
  return lines.map(([label, version]) => `${label.padEnd(width)}  ${version}`).join('\n');
}

/** The last line: how many changes from before to after, how many of them breaking and for whom. */
export function summary(changes: readonly Change[], compared: Compared): string {
  if (changes.length === 0) return `No changes to the contract ${span(compared)}`;
  const of = (cls: ChangeClass) => changes.filter((change) => change.class === cls).length;
  const whom = (['host', 'portal', 'both'] as const)
    .filter((cls) => of(cls) > 0)
    .map((cls) => `${of(cls)} for ${cls === 'both' ? 'both' : `the ${cls}`}`);
  const breaking = breakingCount(changes);
  const parts = [breaking > 0 ? `${breaking} breaking (${whom.join(', ')})` : 'none breaking'];
  if (of('compatible') > 0) parts.push(`${of('compatible')} compatible`);
  return `${count(changes.length, 'change')} to the contract ${span(compared)}: ${parts.join(', ')}`;
}

/**
 * The table of changes, what each breaking class in it means, and the summary (the heading is printed
 * before it).
 */
export function formatTable(changes: readonly Change[], compared: Compared): string {
  if (changes.length === 0) return summary(changes, compared);
  const cells = changes.map((change) => [
    change.operation,
    change.path,
    shorten(change.change, MAX_CHANGE),
    CLASS_LABELS[change.class],
  ]);
  const present = (['host', 'portal', 'both'] as const).filter((cls) => changes.some((c) => c.class === cls));
  const legend = present.map((cls) => `${CLASS_LABELS[cls]}: ${CLASS_MEANINGS[cls]}`);
  return [
    ...columns(TABLE_COLUMNS, cells),
    ...(legend.length > 0 ? ['', ...legend] : []),
    '',
    summary(changes, compared),
  ].join('\n');
}

export interface JsonReport {
  /** The version before: the `--base` ref as given. */
  readonly base: string;
  /** The commit it names. */
  readonly commit: string;
  /** The version after: the `--head` ref as given, or null for the working tree. */
  readonly head: string | null;
  /** The commit it names, or null for the working tree. */
  readonly headCommit: string | null;
  /** What changed from before to after. */
  readonly changes: readonly Change[];
  /** How many changes are breaking (for the host, the portal or both). */
  readonly breaking: number;
}

export const jsonReport = (changes: readonly Change[], { before, after }: Compared): JsonReport => ({
  base: before.ref,
  commit: before.commit,
  head: after?.ref ?? null,
  headCommit: after?.commit ?? null,
  changes: changes.map(({ operation, path, change, class: cls }) => ({ operation, path, change, class: cls })),
  breaking: breakingCount(changes),
});

/** The JSON document ending with a line feed. */
export const formatJson = (changes: readonly Change[], compared: Compared) =>
  `${JSON.stringify(jsonReport(changes, compared), null, 2)}\n`;

const changeLine = (change: Change) => `${change.path}: ${change.change} (${CLASS_LABELS[change.class]})`;

/**
 * The JUnit XML report: one `<testcase>` per operation of either version, named by its TypeScript and wire
 * names. An operation with breaking changes fails: JUnit allows one `<failure>` per test case, so its
 * message counts them and its body has one line per breaking change. Compatible changes are in the
 * case's `<system-out>`. The suite's properties name the two versions: `base` and `commit` before,
 * `head` (`working tree` when there is no `--head`) and `headCommit` after.
 */
export function formatJUnit(changes: readonly Change[], operations: readonly NamedOperation[], compared: Compared) {
  const { before, after } = compared;
  const builder = junitReportBuilder.newBuilder();
  builder.name('contract:diff');
  const suite = builder.testSuite().name(attributeText(`contract:diff ${before.ref}`));
  suite.property('base', attributeText(before.ref)).property('commit', before.commit);
  if (after === undefined) suite.property('head', 'working tree');
  else suite.property('head', attributeText(after.ref)).property('headCommit', after.commit);
  for (const { name, wire } of operations) {
    const own = changes.filter((change) => change.operation === name);
    const breaking = own.filter((change) => isBreaking(change.class));
    const compatible = own.filter((change) => !isBreaking(change.class));
    const testCase = suite
      .testCase()
      .className('contract.diff')
      .name(attributeText(`${name} (${wire})`));
    if (breaking.length > 0) {
      const classes = [...new Set(breaking.map((change) => change.class))].join(', ');
      const first = breaking[0];
      const message = `${count(breaking.length, 'breaking change')}${first ? `: ${changeLine(first)}` : ''}${breaking.length > 1 ? ', ...' : ''}`;
      testCase.failure(attributeText(message), classes).stacktrace(bodyText(breaking.map(changeLine).join('\n')));
    }
    if (compatible.length > 0) testCase.standardOutput(bodyText(compatible.map(changeLine).join('\n')));
  }
  return `${builder.build()}\n`;
}
