/**
 * Before the browser tests: builds the portal (`pnpm build`), then starts the one mock bank of the run on
 * E2E_PORT, serving that build; the function it returns stops the bank after the last test. The bank starts
 * here rather than through Playwright's `webServer` option because that one starts before this setup, and
 * the bank only serves a portal that was built before it started. `E2E_SKIP_BUILD=1` skips the build when
 * it has just been made (scripts/e2e.sh builds it as a step of its own).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { basePort, portIsFree, startMockServer } from './fixtures';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default async function globalSetup() {
  const port = basePort();
  const busy = `E2E_PORT: port ${port} is in use; stop what listens there or set E2E_PORT to a free port`;
  if (!(await portIsFree(port))) throw new Error(busy);
  if (process.env.E2E_SKIP_BUILD !== '1') {
    // pnpm names itself to the processes it runs; otherwise it must be on the PATH.
    const pnpm = process.env.npm_execpath;
    if (pnpm?.includes('pnpm')) execFileSync(process.execPath, [pnpm, 'build'], { cwd: REPO, stdio: 'inherit' });
    else execFileSync('pnpm', ['build'], { cwd: REPO, stdio: 'inherit' });
  }
  return startMockServer(port, { busy });
}
