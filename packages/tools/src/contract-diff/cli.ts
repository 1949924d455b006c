/**
 * `pnpm contract:diff --base REF [--head REF] [--json] [--junit FILE]`: what changed in the contract from
 * the version at a git ref (before) to the working tree's or the one at `--head` (after) (command.ts).
 * Prints the table, or the changes as JSON; exit code 0 when no change is breaking, 1 otherwise, 2 on
 * bad usage.
 */
import { runDiff } from './command';

process.exitCode = await runDiff(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  // pnpm runs the root script in the root folder; a relative --junit path is the caller's.
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
