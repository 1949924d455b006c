/** Load with autocannon on 127.0.0.1, for a bounded time, against servers in child processes (processes.ts). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pidusage from 'pidusage';
import { runScript } from './processes';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Replies that were not 2xx, and socket errors or timeouts. */
  readonly failures: number;
  /**
   * The CPU time (user and system) the server spent per request, in µs, where the server's process is known and
   * the system tells it; otherwise null. Unlike requests per second, other work on the machine barely
   * moves it: it says whether a slow run was the server's work or the machine's.
   */
  readonly cpuMicrosPerRequest: number | null;
}

/** The CPU time (user and system) process `pid` has used so far, in ms (pidusage); null where it cannot tell. */
export async function cpuMs(pid: number): Promise<number | null> {
  try {
    return (await pidusage(pid)).ctime;
  } catch {
    return null;
  }
}

/** Runs the hash floor (hash-floor.ts) in a child process: PBKDF2 with the login's cost, `connections` at a time. */
export async function hashFloor(seconds: number, connections: number): Promise<number> {
  const out = await runScript(path.join(here, 'hash-floor.ts'), [String(seconds), String(connections)]);
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

/** One run of load; `serverPid`, the server's Node process, for its CPU time per request. */
export async function load(
  request: Request,
  connections: number,
  seconds: number,
  serverPid?: number,
): Promise<LoadResult> {
  const cpuBefore = serverPid === undefined ? null : await cpuMs(serverPid);
  const result = await run(request, connections, seconds);
  const cpuAfter = serverPid === undefined ? null : await cpuMs(serverPid);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuMicrosPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
  };
}

/** A short warm-up (JIT, connection pools), not measured. */
export async function warmUp(request: Request) {
  await run(request, 10, 1);
}

/**
 * Measures `a` and `b` three times each in the order a, b, b, a, a, b, so that a slow spell of the shared
 * machine falls on both sides alike, and gives the runs of each. Three rather than two (decision 0026): one
 * side's five seconds moved by half from one run of the benchmark to the next, and the better of three more
 * often catches each side in a spell the machine left alone.
 */
export async function inTurn<A, B>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A[], B[]]> {
  const as: A[] = [];
  const bs: B[] = [];
  for (const order of ['ab', 'ba', 'ab'] as const) {
    for (const side of order) {
      if (side === 'a') as.push(await a());
      else bs.push(await b());
    }
  }
  return [as, bs];
}

/** The better of a few runs, figure by figure: other work on the machine only ever slows a run down. */
export function best(runs: readonly LoadResult[]): LoadResult {
  return {
    requestsPerSecond: Math.max(...runs.map((r) => r.requestsPerSecond)),
    p50Ms: Math.min(...runs.map((r) => r.p50Ms)),
    p99Ms: Math.min(...runs.map((r) => r.p99Ms)),
    failures: runs.reduce((sum, r) => sum + r.failures, 0),
    cpuMicrosPerRequest: lowest(runs.map((r) => r.cpuMicrosPerRequest)),
  };
}

/** The lowest of the figures that were measured; null when none was. */
function lowest(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : Math.min(...known);
}
