/**
 * What a sandbox of the mock costs (`POST /__mock/sandboxes`): the memory a number of fresh, used sandboxes
 * add to the server process, and the wall time of one creation beside that of a login, one request at a
 * time. The pure helpers (median, the process table) are exported on their own.
 */
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import pidusage from 'pidusage';
import { SANDBOX_HEADER, staffContract } from '@ebank/contract';
import type { Request } from './load';

const run = promisify(execFile);

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('The median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

export interface ProcessRow {
  readonly pid: number;
  readonly ppid: number;
  /** The executable's name, without its directory. */
  readonly command: string;
}

/** The lines of `ps -A -o pid=,ppid=,comm=`; lines that are not three fields are skipped. */
export function parseProcesses(text: string): ProcessRow[] {
  const rows: ProcessRow[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(.+?)\s*$/u.exec(line);
    if (!match) continue;
    const [, pid = '', ppid = '', command = ''] = match;
    rows.push({ pid: Number(pid), ppid: Number(ppid), command: command.split('/').pop() ?? command });
  }
  return rows;
}

/**
 * The Node process that runs the server started as `root`: the deepest `node` process among `root` and its
 * descendants. tsx's command line (`root`) runs the script in a Node child of its own, which may start
 * helpers of its own (esbuild) that are not Node; the server's memory is that child's.
 */
export function serverProcess(rows: readonly ProcessRow[], root: number): number {
  const children = new Map<number, ProcessRow[]>();
  for (const row of rows) children.set(row.ppid, [...(children.get(row.ppid) ?? []), row]);
  let found = { pid: root, depth: -1 };
  const visit = (pid: number, depth: number, command: string | undefined) => {
    if (command === 'node' && depth > found.depth) found = { pid, depth };
    for (const child of children.get(pid) ?? []) visit(child.pid, depth + 1, child.command);
  };
  visit(root, 0, rows.find((row) => row.pid === root)?.command);
  if (found.depth < 0) throw new Error(`No node process at or under process ${String(root)}`);
  return found.pid;
}

/** The pid of the Node process that serves, started (through tsx) as `root`. */
export async function serverPid(root: number): Promise<number> {
  const { stdout } = await run('ps', ['-A', '-o', 'pid=,ppid=,comm=']);
  return serverProcess(parseProcesses(stdout), root);
}

/** A process's resident memory, in bytes (pidusage). */
export async function rssBytes(pid: number): Promise<number> {
  return (await pidusage(pid)).memory;
}

/** The wall time of `act`, in ms. */
export async function timed(act: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await act();
  return performance.now() - start;
}

/** Sends a call's bytes once, to the default bank or, with `sandbox`, to that sandbox; gives the JSON reply. */
export async function call(request: Request, sandbox?: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(request.url, {
    method: 'POST',
    headers: { 'content-type': request.contentType, ...(sandbox === undefined ? {} : { [SANDBOX_HEADER]: sandbox }) },
    body: new Uint8Array(request.body),
  });
  return { status: response.status, body: await response.json() };
}

/** What the server answered, as one line for an error. */
const answered = async (what: string, response: Response) =>
  new Error(`${what} answered ${String(response.status)}: ${(await response.text()).slice(0, 300)}`);

/** `POST /__mock/sandboxes` with `{}`: a new sandbox from the seed; gives its name. */
export async function createSandbox(base: string): Promise<string> {
  const response = await fetch(new URL(staffContract.createSandbox.path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (response.status !== 201) throw await answered('POST /__mock/sandboxes', response);
  const { name } = (await response.json()) as { name?: unknown };
  if (typeof name !== 'string' || name === '') throw new Error('POST /__mock/sandboxes answered no name');
  return name;
}

/** `DELETE /__mock/sandboxes/:name`. */
export async function deleteSandbox(base: string, name: string): Promise<void> {
  const path = staffContract.deleteSandbox.path.replace(':name', encodeURIComponent(name));
  const response = await fetch(new URL(path, base), { method: 'DELETE' });
  if (response.status !== 200) throw await answered(`DELETE ${path}`, response);
  await response.arrayBuffer();
}

/** `GET /__mock/sandboxes`: the names of the live sandboxes. */
export async function listSandboxes(base: string): Promise<string[]> {
  const response = await fetch(new URL(staffContract.listSandboxes.path, base));
  if (response.status !== 200) throw await answered('GET /__mock/sandboxes', response);
  const { sandboxes } = (await response.json()) as { sandboxes?: readonly { name?: unknown }[] };
  return (sandboxes ?? []).map((s) => String(s.name));
}

/** Runs `act` on every item, `width` at a time, in order. */
export async function inBatches<T>(items: readonly T[], width: number, act: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(act));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
