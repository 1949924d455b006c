/**
 * The command line of every tool here (`contract:check`, `contract:diff`, `contract:drift`), read one way:
 * node:util's parseArgs, strict, no positionals, with the options they all take (`--junit FILE`, `--json`,
 * `--help`) beside their own; a separator `--` that pnpm passes on is skipped; a refusal is one line.
 * Also here: how each writes its `--junit` report.
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** What parseArgs takes for one option. */
type OptionSpec =
  | { readonly type: 'string'; readonly short?: string }
  | { readonly type: 'boolean'; readonly short?: string; readonly default?: boolean };

const COMMON = {
  junit: { type: 'string' },
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies Record<string, OptionSpec>;

type Value<S extends OptionSpec> = S extends { readonly type: 'boolean' } ? boolean : string | undefined;
type Values<O extends Record<string, OptionSpec>> = { readonly [K in keyof O]: Value<O[K]> } & {
  readonly junit: string | undefined;
  readonly json: boolean;
  readonly help: boolean;
};

/** The options read (each tool's own and the common ones), or one line saying what is wrong. */
export function readArgs<O extends Record<string, OptionSpec>>(
  argv: readonly string[],
  options: O,
): { readonly ok: true; readonly values: Values<O> } | { readonly ok: false; readonly message: string } {
  // `pnpm contract:xxx -- --base ...` passes the separator on.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  try {
    const { values } = parseArgs({ args, strict: true, allowPositionals: false, options: { ...options, ...COMMON } });
    const read: Record<string, unknown> = values;
    const junit = read.junit;
    if (typeof junit === 'string' && junit.trim() === '') return { ok: false, message: '--junit needs a file name' };
    return { ok: true, values: read as Values<O> };
  } catch (error) {
    // One line: node's message for an option value that starts with a dash spans three.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message: message.replace(/\s*\n\s*/gu, ' ') };
  }
}

/** An error's message, as a line a person reads. */
export const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Why code did not load, on one line: a compiler's message names the file, line and problem on its second
 * line (`Transform failed with 1 error:` then `src/x.ts:3:21: ERROR: Unexpected ";"`); any other error its message.
 */
export function describeLoadFailure(error: unknown): string {
  const lines = describeError(error)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const located = lines.find((line) => /:\d+:\d+: /u.test(line));
  return located ?? lines[0] ?? 'an unknown error';
}

/**
 * A tool's answer when it does not run: to arguments it cannot read, the reason and its usage on stderr
 * (exit code 2); to `--help`, its usage on stdout (0).
 */
export function answerUsage(
  parsed: { readonly ok: false; readonly message: string } | { readonly ok: true },
  usage: string,
  io: { readonly stdout: (text: string) => void; readonly stderr: (text: string) => void },
): number {
  if (!parsed.ok) {
    io.stderr(`${parsed.message}\n\n${usage}\n`);
    return 2;
  }
  io.stdout(`${usage}\n`);
  return 0;
}

/** The exit code of a run whose report could not be written where asked: the caller's mistake, as bad usage is. */
export const UNWRITABLE_REPORT = 2;

/** A noun as a count of `n` takes it: `failure` for one, `failures` otherwise. */
export const plural = (n: number, noun: string) => `${noun}${n === 1 ? '' : 's'}`;

/**
 * Writes a report (`--junit FILE`, relative to `cwd`), making its folder: the file written, or undefined
 * when it could not be, which is said on stderr in words (the caller exits {@link UNWRITABLE_REPORT}).
 */
export async function writeReport(
  io: { readonly stderr: (text: string) => void; readonly cwd: string },
  name: string,
  text: string,
): Promise<string | undefined> {
  const file = path.resolve(io.cwd, name);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    return file;
  } catch (error) {
    io.stderr(`Could not write the JUnit report to ${file}: ${await whyNotWritten(file, error)}\n`);
    return undefined;
  }
}

/** Why a report could not be written, in words where the system's code says little ("EEXIST ... mkdir"). */
async function whyNotWritten(file: string, error: unknown): Promise<string> {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'EEXIST' || code === 'ENOTDIR') {
    // A folder on the way is a file: name the first one, from the top.
    const folders: string[] = [];
    for (let dir = path.dirname(file); !folders.includes(dir); dir = path.dirname(dir)) folders.unshift(dir);
    for (const folder of folders)
      if ((await stat(folder).catch(() => undefined))?.isFile()) return `${folder} is a file, not a folder`;
  }
  if (code === 'EISDIR') return 'that is a folder; give a file name, such as report.xml';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the file system is read-only';
  if (code === 'ENOSPC') return 'the disk is full';
  return describeError(error);
}
