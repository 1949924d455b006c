/**
 * `pnpm contract:diff --base REF [--head REF] [--json] [--junit FILE]`: what changed in the contract from
 * the version at a git ref (before) to the working tree's or the one at `--head` (after) (command.ts).
 * Prints the table, or the changes as JSON; exit code 0 when no change is breaking, 1 otherwise, 2 on
 * bad usage and when a contract does not load.
 */
import { describeLoadFailure } from '../cli-args';

// The command reads the working tree's contract as it starts: one that does not load is one line and
// bad usage (2), never a stack trace that CI would read as a breaking change (1).
const command = await import('./command').catch((error: unknown) => {
  process.stderr.write(
    `contract:diff: the working tree's contract does not load, and this command runs on it: ${describeLoadFailure(error)}\n`,
  );
  return undefined;
});
process.exitCode =
  command === undefined
    ? 2
    : await command.runDiff(process.argv.slice(2), {
        stdout: (text) => process.stdout.write(text),
        stderr: (text) => process.stderr.write(text),
        // pnpm runs the root script in the root folder; a relative --junit path is the caller's.
        cwd: process.env.INIT_CWD ?? process.cwd(),
      });
