/**
 * The command line of the contract diff, as a function of its arguments and its output streams (`cli.ts`
 * gives it the process's): loads the contract before (at `--base`) and the one after (at `--head`, or the
 * working tree's), prints which is which, the changes from before to after in a table and a summary (or
 * with `--json` the JSON document and nothing else on stdout), and with `--junit FILE` also writes a JUnit
 * XML report. Returns the exit code: 0 when no change is breaking, 1 otherwise, 2 on bad usage (a JUnit
 * path that cannot be written too) and when a contract does not load.
 */
import { operations, selectorLabel, type OperationDef } from '@ebank/contract';
import { parseDiffArgs, USAGE } from './args';
import { diffContracts, isBreaking, operationNamesOf, type ContractOperations } from './diff';
import { loadContractAt, UsageError, type LoadedContract } from './load';
import { formatJson, formatJUnit, formatTable, heading, summary, type Compared, type NamedOperation } from './report';
import { answerUsage, describeLoadFailure, plural, UNWRITABLE_REPORT, writeReport } from '../cli-args';

export interface DiffIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Where a relative `--junit` path starts from. */
  readonly cwd: string;
  /** Loads the contract at a ref (tests give fixtures); by default from git. */
  readonly load?: ((ref: string) => Promise<LoadedContract>) | undefined;
  /** The contract after, when there is no `--head`; by default the working tree's. */
  readonly head?: ContractOperations | undefined;
}

const live: ContractOperations = operations;

function namedOperations(base: ContractOperations, head: ContractOperations): NamedOperation[] {
  return operationNamesOf(base, head).flatMap((name) => {
    const operation: OperationDef | undefined = Object.hasOwn(head, name) ? head[name] : base[name];
    return operation ? [{ name, wire: selectorLabel(operation.selector) }] : [];
  });
}

export async function runDiff(argv: readonly string[], io: DiffIo): Promise<number> {
  const parsed = parseDiffArgs(argv);
  if (!parsed.ok || parsed.help) return answerUsage(parsed, USAGE, io);
  const { reports } = parsed;
  let loaded: LoadedContract;
  let head: ContractOperations;
  let after: Compared['after'];
  try {
    const load = io.load ?? loadContractAt;
    loaded = await load(parsed.base);
    if (parsed.head === undefined) head = io.head ?? live;
    else {
      const atHead = await load(parsed.head);
      head = atHead.operations;
      after = { ref: parsed.head, commit: atHead.commit };
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`contract:diff: ${error.message}\n`);
      return 2;
    }
    io.stderr(`contract:diff: a contract does not load: ${describeLoadFailure(error)}\n`);
    return 2;
  }
  const compared: Compared = { before: { ref: parsed.base, commit: loaded.commit }, after };
  const changes = diffContracts(loaded.operations, head);

  // With --json, stdout carries the JSON alone: what a person reads goes to stderr.
  const say = reports.json ? io.stderr : io.stdout;
  say(`${heading(compared)}\n\n`);
  if (reports.json) {
    io.stdout(formatJson(changes, compared));
    io.stderr(`${summary(changes, compared)}\n`);
  } else io.stdout(`${formatTable(changes, compared)}\n`);

  let code = changes.some((change) => isBreaking(change.class)) ? 1 : 0;
  if (reports.junit !== undefined) {
    const named = namedOperations(loaded.operations, head);
    const written = await writeReport(io, reports.junit, formatJUnit(changes, named, compared));
    if (written === undefined) code = UNWRITABLE_REPORT;
    else {
      const failed = new Set(changes.filter((c) => isBreaking(c.class)).map((c) => c.operation)).size;
      io.stderr(
        `JUnit report written to ${written} (${named.length} ${plural(named.length, 'test')}, ${failed} ${plural(failed, 'failure')})\n`,
      );
    }
  }
  return code;
}
