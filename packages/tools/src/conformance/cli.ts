/**
 * `pnpm contract:check --base URL [--email E --passcode P] [--read-only] [--junit FILE] [--json]`: the
 * conformance check (check.ts) from the command line (command.ts). Prints the table, or the rows as
 * JSON; exit code 0 when every row passes, 1 otherwise, 2 on bad usage or when nothing answers at URL.
 */
import { runCommand } from './command';

process.exitCode = await runCommand(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  // pnpm runs the root script in the root folder; a relative --junit path is the caller's.
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
