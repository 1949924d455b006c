/**
 * `pnpm contract:drift --recording DIR --base URL [...]`: the drift report (command.ts) from the command
 * line. Exit code 0 when nothing drifts, 1 otherwise, 2 on bad usage.
 */
import { runDrift } from './command';

process.exitCode = await runDrift(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  // pnpm runs the root script in the root folder; relative paths are the caller's.
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
