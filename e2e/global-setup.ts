/**
 * Before the browser tests: builds the portal once (`pnpm build`), the build every worker's mock bank then
 * serves, after checking that the first worker's port is free. `E2E_SKIP_BUILD=1` skips the build when it
 * has just been made (scripts/e2e.sh builds it as a step of its own).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { basePort, portIsFree } from './fixtures';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default async function globalSetup() {
  const port = basePort();
  const free = await portIsFree(port);
  if (!free)
    throw new Error(`E2E_PORT: port ${port} is in use; stop what listens there or set E2E_PORT to a free base port`);
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // pnpm names itself to the processes it runs; otherwise it must be on the PATH.
  const pnpm = process.env.npm_execpath;
  if (pnpm?.includes('pnpm')) execFileSync(process.execPath, [pnpm, 'build'], { cwd: REPO, stdio: 'inherit' });
  else execFileSync('pnpm', ['build'], { cwd: REPO, stdio: 'inherit' });
}
