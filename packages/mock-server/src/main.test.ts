/**
 * The server as `pnpm start` runs it (main.ts in a process of its own): what it says when it starts, and when
 * it cannot.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');

/**
 * Runs main.ts with `env` until it prints a line with `until` (then stops it) or, without `until`, until it ends;
 * gives its output and exit code.
 */
async function run(env: Record<string, string>, until?: RegExp) {
  const child = spawn(tsx, [path.join(here, 'main.ts')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const seen = new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (until?.test(out)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const ended = once(child, 'exit').then(([code]) => code as number | null);
  await Promise.race([seen, ended]);
  if (child.exitCode === null) child.kill('SIGTERM');
  return { out, code: await ended };
}

/** A port something already listens on, for as long as `use` runs. */
async function withBusyPort<T>(use: (port: number) => Promise<T>) {
  const other = net.createServer().listen(0, '127.0.0.1');
  await once(other, 'listening');
  try {
    return await use((other.address() as net.AddressInfo).port);
  } finally {
    other.close();
  }
}

// A process of its own, started through tsx: slow beside the other checks on two cores.
describe('starting the server', { timeout: 30_000 }, () => {
  it('says which port is taken and how to choose another, and stops', async () => {
    const { out, code } = await withBusyPort((port) => run({ PORT: String(port) }));
    expect(out).toMatch(
      /^Port \d+ is in use on 127\.0\.0\.1: stop the server there, or set PORT to a free port \(for example PORT=\d+\)$/mu,
    );
    expect(code).toBe(1);
  });

  it('names the live portal when it is served elsewhere (pnpm dev)', async () => {
    const port = await withBusyPort((p) => Promise.resolve(p));
    const { out } = await run({ PORT: String(port), MOCK_PORTAL_URL: 'http://localhost:5173/wp-user/' }, /ready/u);
    expect(out).toContain(
      `Mock bank ready at http://localhost:${port}/ (API and developer endpoints); the portal, with live reload: http://localhost:5173/wp-user/  admin area http://localhost:5173/wp-user/admin/`,
    );
  });
});
