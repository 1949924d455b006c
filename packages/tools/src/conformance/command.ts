/**
 * The command line of the conformance check, as a function of its arguments and its output streams
 * (`cli.ts` gives it the process's): prints the table, or with `--json` the rows as JSON and nothing
 * else on stdout; with `--junit FILE` also writes a JUnit XML report. Returns the exit code: 0 when
 * every row passes, 1 otherwise, 2 when it could not run: bad usage, or nothing answered at the host's
 * address (then one line says so instead of the rows, and the JUnit report holds one case in error), or
 * the report could not be written where asked.
 */
import { parseCheckArgs, USAGE } from './args';
import { allPass, CheckStopped, runConformance, type CheckRow, type TimedRow } from './check';
import { formatJson } from './json';
import { formatJUnit, formatUnreachableJUnit, junitCounts, type JUnitSuite } from './junit';
import { formatTable, summary } from './table';
import { answerUsage, plural, UNWRITABLE_REPORT, writeReport } from '../cli-args';

export interface CommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Where a relative `--junit` path starts from. */
  readonly cwd: string;
  /** The host's fetch (tests give a stand-in host). */
  readonly fetch?: typeof fetch | undefined;
}

export async function runCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseCheckArgs(argv);
  if (!parsed.ok || parsed.help) return answerUsage(parsed, USAGE, io);
  const { options, reports } = parsed;
  const readOnly = options.readOnly ?? false;
  // With --json, stdout carries the JSON alone: what a person reads goes to stderr.
  const say = reports.json ? io.stderr : io.stdout;
  say(`Checking ${options.base} against the contract${readOnly ? ' (read-only)' : ''}\n\n`);

  const startedAt = new Date();
  const start = performance.now();
  const durations = new Map<CheckRow, number>();
  const suite = (): JUnitSuite => ({
    base: options.base,
    startedAt,
    durationMs: performance.now() - start,
    properties: {
      readOnly: String(readOnly),
      encoding: options.encoding ?? 'urlencoded',
      ...(options.email === undefined ? {} : { email: options.email }),
    },
  });
  let rows: CheckRow[];
  try {
    rows = await runConformance({
      ...options,
      fetch: io.fetch,
      onRow: (row, durationMs) => durations.set(row, durationMs),
    });
  } catch (error) {
    if (error instanceof CheckStopped) {
      // One line, not a row per operation with the same error; the exit code of a run that could not start.
      io.stderr(`${error.message}\n${error.advice}\n`);
      if (reports.junit !== undefined) {
        const written = await writeReport(io, reports.junit, formatUnreachableJUnit(error, suite()));
        if (written !== undefined) io.stderr(`JUnit report written to ${written} (1 test, 1 error, no rows)\n`);
      }
      return 2;
    }
    io.stderr(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
  const timed: TimedRow[] = rows.map((row) => ({ ...row, durationMs: durations.get(row) ?? 0 }));

  if (reports.json) {
    io.stdout(formatJson(timed));
    io.stderr(`${summary(rows, { readOnly })}\n`);
  } else io.stdout(`${formatTable(rows, { readOnly })}\n`);

  let code = allPass(rows) ? 0 : 1;
  if (reports.junit !== undefined) {
    const written = await writeReport(io, reports.junit, formatJUnit(timed, suite()));
    if (written === undefined) code = UNWRITABLE_REPORT;
    else {
      const { tests, failures, skipped } = junitCounts(rows);
      io.stderr(
        `JUnit report written to ${written} (${tests} ${plural(tests, 'test')}, ${failures} ${plural(failures, 'failure')}, ${skipped} skipped)\n`,
      );
    }
  }
  return code;
}
