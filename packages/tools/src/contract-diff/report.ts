/**
 * The changes as the command shows them: a plain-text table with a summary line, a JSON document
 * (`--json`) and a JUnit XML report (`--junit`), written like the conformance check's (its `shorten`,
 * and its XML text helpers with junit-report-builder).
 */
import junitReportBuilder from 'junit-report-builder';
import { attributeText, bodyText } from '../conformance/junit';
import { shorten, columns } from '../conformance/table';
import { isBreaking, type Change, type ChangeClass } from './diff';

/** What the changes were compared with: the ref as given and the commit it names. */
export interface DiffBase {
  readonly ref: string;
  readonly commit: string;
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

export const TABLE_COLUMNS = ['operation', 'where', 'change', 'class'] as const;
/** Longest change shown in the table (an enum's list of values can be long); the JSON has it whole. */
const MAX_CHANGE = 100;

const breakingCount = (changes: readonly Change[]) => changes.filter((change) => isBreaking(change.class)).length;
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const baseText = (base: DiffBase) => `${base.ref} (${base.commit.slice(0, 12)})`;

/** The last line: how many changes, how many of them breaking and for whom. */
export function summary(changes: readonly Change[], base: DiffBase): string {
  if (changes.length === 0) return `No changes to the contract since ${baseText(base)}`;
  const of = (cls: ChangeClass) => changes.filter((change) => change.class === cls).length;
  const whom = (['host', 'portal', 'both'] as const)
    .filter((cls) => of(cls) > 0)
    .map((cls) => `${of(cls)} for ${cls === 'both' ? 'both' : `the ${cls}`}`);
  const breaking = breakingCount(changes);
  const parts = [breaking > 0 ? `${breaking} breaking (${whom.join(', ')})` : 'none breaking'];
  if (of('compatible') > 0) parts.push(`${of('compatible')} compatible`);
  return `${count(changes.length, 'change')} to the contract since ${baseText(base)}: ${parts.join(', ')}`;
}

export function formatTable(changes: readonly Change[], base: DiffBase): string {
  if (changes.length === 0) return summary(changes, base);
  const cells = changes.map((change) => [
    change.operation,
    change.path,
    shorten(change.change, MAX_CHANGE),
    CLASS_LABELS[change.class],
  ]);
  return [...columns(TABLE_COLUMNS, cells), '', summary(changes, base)].join('\n');
}

export interface JsonReport {
  /** The ref as given. */
  readonly base: string;
  /** The commit it names. */
  readonly commit: string;
  readonly changes: readonly Change[];
  /** How many changes are breaking (for the host, the portal or both). */
  readonly breaking: number;
}

export const jsonReport = (changes: readonly Change[], base: DiffBase): JsonReport => ({
  base: base.ref,
  commit: base.commit,
  changes: changes.map(({ operation, path, change, class: cls }) => ({ operation, path, change, class: cls })),
  breaking: breakingCount(changes),
});

/** The JSON document ending with a line feed. */
export const formatJson = (changes: readonly Change[], base: DiffBase) =>
  `${JSON.stringify(jsonReport(changes, base), null, 2)}\n`;

const changeLine = (change: Change) => `${change.path}: ${change.change} (${CLASS_LABELS[change.class]})`;

/**
 * The JUnit XML report: one `<testcase>` per operation of either version, named by its TypeScript and wire
 * names. An operation with breaking changes fails: JUnit allows one `<failure>` per test case, so its
 * message counts them and its body has one line per breaking change. Compatible changes are in the
 * case's `<system-out>`.
 */
export function formatJUnit(changes: readonly Change[], operations: readonly NamedOperation[], base: DiffBase) {
  const builder = junitReportBuilder.newBuilder();
  builder.name('contract:diff');
  const suite = builder.testSuite().name(attributeText(`contract:diff ${base.ref}`));
  suite.property('base', attributeText(base.ref)).property('commit', base.commit);
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
