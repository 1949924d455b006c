/**
 * The command as a whole: the table, `--json` alone on stdout, the JUnit file of `--junit`, the exit
 * codes; on fixture contracts in the process, and from the shell on a real git ref (the contract is
 * loaded from git under tsx, as `pnpm contract:diff` runs it).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { money, operationNames, str, text, type OperationDef, type RequestSchema } from '@ebank/contract';
import { childrenNamed, readXml } from '../conformance/read-report';
import { marker, operation, operationOf } from '../../../contract/src/route';
import { runDiff } from './command';
import type { ContractOperations } from './diff';
import { REPO_ROOT, resolveRef } from './load';
import type { JsonReport } from './report';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'contract-diff-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const op = (name: string, request: RequestSchema, reply: z.ZodType): OperationDef =>
  operationOf(operation({ selector: marker(name), auth: 'user', kind: 'mutation', summary: name }, { request, reply }));

const COMMIT = 'c0ffee0000000000000000000000000000000000';
const base: ContractOperations = {
  send: op('sendmoney', z.strictObject({ amount: money() }), z.object({ status: str })),
  old: op('oldthing', z.strictObject({}), z.object({ status: str })),
};
const head: ContractOperations = {
  send: op('sendmoney', z.strictObject({ amount: money(), note: text().optional() }), z.object({ status: str })),
  fresh: op('freshthing', z.strictObject({}), z.object({ status: str })),
};

/** Runs the command in the process with its output caught, against the fixture contracts. */
async function run(argv: readonly string[], contracts = { base, head }) {
  let stdout = '';
  let stderr = '';
  const code = await runDiff(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: dir,
    load: (ref) =>
      ref === 'gone'
        ? resolveRef(ref).then(() => ({ commit: COMMIT, operations: contracts.base }))
        : Promise.resolve({ commit: COMMIT, operations: contracts.base }),
    head: contracts.head,
  });
  return { code, stdout, stderr };
}

describe('contract:diff on fixture contracts', () => {
  it('prints the table and exits 1 on a breaking change', async () => {
    const { code, stdout, stderr } = await run(['--base', 'main']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout.split('\n')).toEqual([
      'operation  where         change                class',
      '---------  ------------  --------------------  -----------------------',
      'send       request.note  optional field added  compatible',
      'fresh      operation     operation added       breaking for the host',
      'old        operation     operation removed     breaking for the portal',
      '',
      '3 changes to the contract since main (c0ffee000000): 2 breaking (1 for the host, 1 for the portal), 1 compatible',
      '',
    ]);
  });

  it('exits 0 when every change is compatible', async () => {
    const { code, stdout } = await run(['--base', 'main'], { base: { send: base.send! }, head: { send: head.send! } });
    expect(code).toBe(0);
    expect(stdout).toMatch(/1 change to the contract since main \(c0ffee000000\): none breaking, 1 compatible\n$/u);
  });

  it('with --json prints only the JSON document on stdout, the summary on stderr', async () => {
    const { code, stdout, stderr } = await run(['--base', 'main', '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as JsonReport;
    expect(report).toEqual({
      base: 'main',
      commit: COMMIT,
      breaking: 2,
      changes: [
        { operation: 'send', path: 'request.note', change: 'optional field added', class: 'compatible' },
        { operation: 'fresh', path: 'operation', change: 'operation added', class: 'host' },
        { operation: 'old', path: 'operation', change: 'operation removed', class: 'portal' },
      ],
    });
    expect(stderr).toMatch(/^3 changes to the contract since main/u);
  });

  it('with --junit writes one test case per operation, failed for a breaking change', async () => {
    const { code, stderr } = await run(['--base', 'main', '--junit', 'reports/diff.xml']);
    expect(code).toBe(1);
    const file = path.join(dir, 'reports/diff.xml');
    expect(stderr).toContain(`JUnit report written to ${file} (3 tests, 2 failures)`);
    const root = readXml(await readFile(file, 'utf8'));
    expect(root.attributes).toMatchObject({ name: 'contract:diff', tests: '3', failures: '2' });
    const [suite] = childrenNamed(root, 'testsuite');
    const cases = childrenNamed(suite!, 'testcase');
    expect(cases.map((c) => c.attributes.name)).toEqual(['send (sendmoney)', 'fresh (freshthing)', 'old (oldthing)']);
    expect(childrenNamed(cases[0]!, 'failure')).toEqual([]);
    expect(childrenNamed(cases[0]!, 'system-out')[0]?.text).toBe('request.note: optional field added (compatible)');
    const [failure] = childrenNamed(cases[2]!, 'failure');
    expect(failure?.attributes).toEqual({
      message: '1 breaking change: operation: operation removed (breaking for the portal)',
      type: 'portal',
    });
    expect(failure?.text).toBe('operation: operation removed (breaking for the portal)');
  });

  it('exits 2 with one line on bad usage or an unknown ref', async () => {
    for (const argv of [[], ['--base'], ['--base', 'main', '--nope'], ['--base', 'main', '--junit', ' ']]) {
      const { code, stderr } = await run(argv);
      expect(code).toBe(2);
      expect(stderr).toMatch(/^.+\n\nUsage: pnpm contract:diff/u);
    }
    const { code, stdout, stderr } = await run(['--base', 'gone']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe("contract:diff: 'gone' is not a commit of this repository (git rev-parse found nothing)\n");
  });
});

/** Runs `tsx cli.ts` from the repository's root, as `pnpm contract:diff` does. */
function shell(argv: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
  return new Promise((resolve) => {
    execFile(tsx, [cli, ...argv], { cwd: REPO_ROOT }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr });
    });
  });
}

describe('contract:diff from the shell, on a git ref', () => {
  it('--base HEAD --head HEAD: the same contract, so no changes and exit 0', { timeout: 90_000 }, async () => {
    const commit = await resolveRef('HEAD');
    const junit = path.join(dir, 'head.xml');
    const { code, stdout, stderr } = await shell(['--base', 'HEAD', '--head', 'HEAD', '--json', '--junit', junit]);
    expect(stderr).toContain(`No changes to the contract since HEAD (${commit.slice(0, 12)})`);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ base: 'HEAD', commit, changes: [], breaking: 0 });
    const root = readXml(await readFile(junit, 'utf8'));
    expect(root.attributes).toMatchObject({ tests: String(operationNames.length), failures: '0' });
    // The extracted contract is gone.
    const left = await readdir(path.join(REPO_ROOT, 'packages/contract/node_modules/.contract-diff')).catch(() => []);
    expect(left.filter((name) => name.startsWith(commit.slice(0, 12)))).toEqual([]);
  });

  it(
    'between two commits of this history: the reply extensions of decisions 0028 and 0041, all compatible',
    { timeout: 90_000 },
    async () => {
      // b41aac6 is the first contract on ts-rest; 4751bb4 the one with sandboxes (the API unchanged by them).
      const { code, stdout, stderr } = await shell(['--base', 'b41aac6', '--head', '4751bb4', '--json']);
      const present = await resolveRef('b41aac6').then(
        () => true,
        () => false,
      );
      if (!present) {
        // A clone without this history (a shallow one): the command says so, as for any unknown ref.
        expect({ code, stderr }).toEqual({
          code: 2,
          stderr: "contract:diff: 'b41aac6' is not a commit of this repository (git rev-parse found nothing)\n",
        });
        return;
      }
      expect(code).toBe(0);
      const report = JSON.parse(stdout) as { changes: { operation: string; path: string; class: string }[] };
      expect(report.changes.map((c) => `${c.operation} ${c.path} ${c.class}`)).toEqual([
        'getInstitution reply.verification_deposit compatible',
        'getFixedDepositForm reply.transactions[].plan compatible',
        'getFixedDepositForm reply.plans[].price compatible',
        'getFixedDepositForm reply.plans[].features compatible',
        'getUpgradeForm reply.transactions[].plan compatible',
        'getUpgradeForm reply.plans[].price compatible',
        'getUpgradeForm reply.plans[].features compatible',
      ]);
    },
  );

  it('an unknown ref: one line and exit 2', { timeout: 90_000 }, async () => {
    const { code, stdout, stderr } = await shell(['--base', 'no-such-ref-anywhere']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      "contract:diff: 'no-such-ref-anywhere' is not a commit of this repository (git rev-parse found nothing)\n",
    );
  });
});
