/**
 * The command line of the conformance check, as a function of its arguments and its output streams
 * (`cli.ts` gives it the process's): prints the table, or with `--json` the rows as JSON and nothing
 * else on stdout; with `--junit FILE` also writes a JUnit XML report. Returns the exit code: 0 when
 * every row passes, 1 otherwise, 2 on bad usage.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCheckArgs, USAGE } from './args';
import { allPass, runConformance, type CheckRow, type TimedRow } from './check';
import { formatJson } from './json';
import { formatJUnit, junitCounts } from './junit';
import { formatTable, summary } from './table';
import { answerUsage, describeError } from '../cli-args';

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
  let rows: CheckRow[];
  try {
    rows = await runConformance({
      ...options,
      fetch: io.fetch,
      onRow: (row, durationMs) => durations.set(row, durationMs),
    });
  } catch (error) {
    io.stderr(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
  const durationMs = performance.now() - start;
  const timed: TimedRow[] = rows.map((row) => ({ ...row, durationMs: durations.get(row) ?? 0 }));

  if (reports.json) {
    io.stdout(formatJson(timed));
    io.stderr(`${summary(rows, { readOnly })}\n`);
  } else io.stdout(`${formatTable(rows, { readOnly })}\n`);

  let code = allPass(rows) ? 0 : 1;
  if (reports.junit !== undefined) {
    const file = path.resolve(io.cwd, reports.junit);
    const properties = {
      readOnly: String(readOnly),
      encoding: options.encoding ?? 'urlencoded',
      ...(options.email === undefined ? {} : { email: options.email }),
    };
    const xml = formatJUnit(timed, { base: options.base, startedAt, durationMs, properties });
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, xml);
      const { tests, failures, skipped } = junitCounts(rows);
      io.stderr(`JUnit report written to ${file} (${tests} tests, ${failures} failures, ${skipped} skipped)\n`);
    } catch (error) {
      io.stderr(`Could not write the JUnit report to ${file}: ${describeError(error)}\n`);
      code = 1;
    }
  }
  return code;
}
