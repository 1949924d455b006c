/**
 * The servers under load run in processes of their own (so the load generator never shares their event
 * loop), each on a port read from an environment variable. A port that is taken, or a server that stops
 * before it is ready, is a `SetupError`: one line that says what to change.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');

/** A problem with the machine or the settings, not a missed budget: printed as its message alone. */
export class SetupError extends Error {}

export interface Port {
  readonly port: number;
  /** The environment variable that sets it. */
  readonly variable: string;
}

/** The port in `variable`, or `fallback` when it is unset. */
export function portFromEnv(variable: string, fallback: number): Port {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return { port: fallback, variable };
  const port = Number(raw);
  if (!/^\d+$/u.test(raw) || port < 1 || port > 65535)
    throw new SetupError(`${variable} must be a port number from 1 to 65535, not "${raw}"`);
  return { port, variable };
}

const busy = ({ port, variable }: Port) =>
  new SetupError(
    `Port ${String(port)} is in use: set ${variable} to a free port (for example ${variable}=${String(port + 100)})`,
  );

/** Fails with one clear line when something already listens on the port (on any interface). */
export async function assertPortFree(port: Port) {
  const probe = net.createServer();
  try {
    probe.listen(port.port);
    await once(probe, 'listening');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw busy(port);
    throw error;
  }
  await new Promise((resolve) => probe.close(resolve));
}

export interface StartOptions {
  /** The TypeScript file to run with tsx. */
  readonly script: string;
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** The port it will listen on: checked first, and named when the server cannot listen. */
  readonly port: Port;
}

/** Starts a server and waits until it prints a line with `ready` on its standard output. */
export async function startServer({ script, args = [], env = process.env, port }: StartOptions): Promise<ChildProcess> {
  await assertPortFree(port);
  const child = spawn(tsx, [script, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(chunk);
  });
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/ready/iu.test(out)) {
        child.stdout.off('data', onData);
        child.off('close', onExit);
        resolve();
      }
    };
    const onExit = () => {
      if (errors.includes('EADDRINUSE')) reject(busy(port));
      else reject(new SetupError(`${path.basename(script)} stopped before it was ready: ${(errors || out).trim()}`));
    };
    child.stdout.on('data', onData);
    child.once('close', onExit);
  });
  await ready;
  // Later output is not read: keep the pipe flowing so the child never blocks on it.
  child.stdout.resume();
  return child;
}

/** Stops a server started above (SIGTERM; SIGKILL if it has not gone after 5 s). */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Runs a script to its end and gives what it printed on its standard output. */
export async function runScript(script: string, args: readonly string[]): Promise<string> {
  const child = spawn(tsx, [script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`${path.basename(script)} ${args.join(' ')} ended with ${String(code)}`);
  return out;
}
