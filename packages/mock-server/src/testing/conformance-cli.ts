/** `pnpm contract:check` as the README gives it, run from the repository root, for the tests of its output. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Runs the command line (the root script is `tsx packages/tools/src/conformance/cli.ts`) with these arguments. */
export const conformanceCli = (args: readonly string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['packages/tools/src/conformance/cli.ts', ...args],
      { cwd: ROOT },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
