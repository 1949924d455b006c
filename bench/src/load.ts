/** Load with autocannon on 127.0.0.1, for a bounded time, against servers in child processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Replies that were not 2xx, and socket errors or timeouts. */
  readonly failures: number;
}

const spawnServers = (args: readonly string[]) =>
  spawn(tsx, [path.join(here, 'servers.ts'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });

/** Starts `servers.ts <args>` and waits for its first line. */
export async function startServer(args: readonly string[]): Promise<ChildProcess> {
  const child = spawnServers(args);
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  if (!chunk.toString().includes('ready')) throw new Error(`server ${args.join(' ')} said: ${chunk.toString()}`);
  return child;
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

/** Runs the hash floor in a child process: scrypt with the login's cost, `connections` at a time. */
export async function hashFloor(seconds: number, connections: number): Promise<number> {
  const child = spawnServers(['hash', String(seconds), String(connections)]);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  await once(child, 'exit');
  return (JSON.parse(out) as { perSecond: number }).perSecond;
}

export interface Request {
  readonly url: string;
  readonly contentType: string;
  readonly body: Buffer;
}

const run = (request: Request, connections: number, seconds: number) =>
  autocannon({
    url: request.url,
    method: 'POST',
    headers: { 'content-type': request.contentType, accept: 'application/json' },
    body: request.body,
    connections,
    duration: seconds,
  });

export async function load(request: Request, connections: number, seconds: number): Promise<LoadResult> {
  const result = await run(request, connections, seconds);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** A short warm-up (JIT, connection pools), not measured. */
export async function warmUp(request: Request) {
  await run(request, 10, 1);
}
