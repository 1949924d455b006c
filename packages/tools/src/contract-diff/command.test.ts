/**
 * The command as a whole: the table, `--json` alone on stdout, the JUnit file of `--junit`, the exit
 * codes; on fixture contracts in the process, and from the shell on a real git ref (the contract is
 * loaded from git under tsx, as `pnpm contract:diff` runs it).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
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

const op = (name: string, request: RequestSchema, reply: z.ZodMiniType): OperationDef =>
  operationOf(operation({ selector: marker(name), auth: 'user', kind: 'mutation', summary: name }, { request, reply }));

const COMMIT = 'c0ffee0000000000000000000000000000000000';
const HEAD_COMMIT = 'feed000000000000000000000000000000000000';
const base: ContractOperations = {
  send: op('sendmoney', z.strictObject({ amount: money() }), z.object({ status: str })),
  old: op('oldthing', z.strictObject({}), z.object({ status: str })),
};
const head: ContractOperations = {
  send: op('sendmoney', z.strictObject({ amount: money(), note: z.optional(text()) }), z.object({ status: str })),
  fresh: op('freshthing', z.strictObject({}), z.object({ status: str })),
};

/**
 * Runs the command in the process with its output caught, against the fixture contracts: `base` at any
 * ref but `v2`, `head` in the working tree, `v2` (by default `head`) at `v2`.
 */
async function run(
  argv: readonly string[],
  contracts: { base: ContractOperations; head: ContractOperations; v2?: ContractOperations } = { base, head },
) {
  let stdout = '';
  let stderr = '';
  const code = await runDiff(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: dir,
    load: (ref) =>
      ref === 'gone'
        ? resolveRef(ref).then(() => ({ commit: COMMIT, operations: contracts.base }))
        : Promise.resolve(
            ref === 'v2'
              ? { commit: HEAD_COMMIT, operations: contracts.v2 ?? contracts.head }
              : { commit: COMMIT, operations: contracts.base },
          ),
    head: contracts.head,
  });
  return { code, stdout, stderr };
}

const WORKING_TREE_HEADING = [
  'Before (--base):    main (c0ffee000000)',
  'After (no --head):  the working tree, uncommitted edits included',
  '',
];

describe('contract:diff on fixture contracts', () => {
  it('names the versions before and after, prints the table, what its breaking classes mean, and exits 1', async () => {
    const { code, stdout, stderr } = await run(['--base', 'main']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(stdout.split('\n')).toEqual([
      ...WORKING_TREE_HEADING,
      'operation  where         change                class',
      '---------  ------------  --------------------  -----------------------',
      'send       request.note  optional field added  compatible',
      'fresh      operation     operation added       breaking for the host',
      'old        operation     operation removed     breaking for the portal',
      '',
      'breaking for the host: the host has to change first: a portal built on the contract after fails against a host that still follows the contract before',
      'breaking for the portal: clients have to change first: a portal (or any other client of the host) built on the contract before fails against a host that follows the contract after',
      '',
      '3 changes to the contract from main (c0ffee000000) to the working tree: 2 breaking (1 for the host, 1 for the portal), 1 compatible',
      '',
    ]);
  });

  it('exits 0 when every change is compatible, with no legend', async () => {
    const { code, stdout } = await run(['--base', 'main'], { base: { send: base.send! }, head: { send: head.send! } });
    expect(code).toBe(0);
    expect(stdout).not.toContain('has to change');
    expect(stdout).toMatch(
      /\n\n1 change to the contract from main \(c0ffee000000\) to the working tree: none breaking, 1 compatible\n$/u,
    );
  });

  it('with --head compares the contract at --base (before) with the one at --head (after), not the working tree', async () => {
    const { code, stdout } = await run(['--base', 'main', '--head', 'v2'], { base, head: base, v2: head });
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Before (--base):  main (c0ffee000000)',
      'After (--head):   v2 (feed00000000)',
      '',
    ]);
    expect(lines).toContain('fresh      operation     operation added       breaking for the host');
    expect(lines.at(-2)).toBe(
      '3 changes to the contract from main (c0ffee000000) to v2 (feed00000000): 2 breaking (1 for the host, 1 for the portal), 1 compatible',
    );
    const json = await run(['--base', 'main', '--head', 'v2', '--json'], { base, head: base, v2: head });
    expect(JSON.parse(json.stdout)).toMatchObject({
      base: 'main',
      commit: COMMIT,
      head: 'v2',
      headCommit: HEAD_COMMIT,
    });
    expect(json.stderr).toMatch(/^Before \(--base\): {2}main \(c0ffee000000\)\nAfter \(--head\): {3}v2 /u);
    // The same contract before and after: nothing changed.
    const same = await run(['--base', 'v2', '--head', 'v2']);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/\n\nNo changes to the contract from v2 \(feed00000000\) to v2 \(feed00000000\)\n$/u);
  });

  it('with --json prints only the JSON document on stdout; the versions and the summary on stderr', async () => {
    const { code, stdout, stderr } = await run(['--base', 'main', '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as JsonReport;
    expect(report).toEqual({
      base: 'main',
      commit: COMMIT,
      head: null,
      headCommit: null,
      breaking: 2,
      changes: [
        { operation: 'send', path: 'request.note', change: 'optional field added', class: 'compatible' },
        { operation: 'fresh', path: 'operation', change: 'operation added', class: 'host' },
        { operation: 'old', path: 'operation', change: 'operation removed', class: 'portal' },
      ],
    });
    expect(stderr).toBe(
      `${WORKING_TREE_HEADING.join('\n')}\n3 changes to the contract from main (c0ffee000000) to the working tree: 2 breaking (1 for the host, 1 for the portal), 1 compatible\n`,
    );
  });

  it('with --junit writes one test case per operation, failed for a breaking change', async () => {
    const { code, stderr } = await run(['--base', 'main', '--junit', 'reports/diff.xml']);
    expect(code).toBe(1);
    const file = path.join(dir, 'reports/diff.xml');
    expect(stderr).toContain(`JUnit report written to ${file} (3 tests, 2 failures)`);
    const root = readXml(await readFile(file, 'utf8'));
    expect(root.attributes).toMatchObject({ name: 'contract:diff', tests: '3', failures: '2' });
    const [suite] = childrenNamed(root, 'testsuite');
    expect(childrenNamed(childrenNamed(suite!, 'properties')[0]!, 'property').map((p) => p.attributes)).toEqual([
      { name: 'base', value: 'main' },
      { name: 'commit', value: COMMIT },
      { name: 'head', value: 'working tree' },
    ]);
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

  it('says in --help which version is before and which after, and what each class asks of whom', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}--base REF {8}the contract before: a git ref/mu);
    expect(stdout).toMatch(/^ {2}--head REF {8}the contract after: a git ref \(default: the working tree\)$/mu);
    expect(stdout).toMatch(/^ {2}breaking for the host {4}the host has to change first/mu);
    expect(stdout).toMatch(/^ {2}breaking for the portal {2}clients have to change first/mu);
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

  it('exits 2 with one line, never 1 (a breaking change), when a contract does not load (a syntax error)', async () => {
    let stdout = '';
    let stderr = '';
    const code = await runDiff(['--base', 'broken'], {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      cwd: dir,
      load: () =>
        Promise.reject(
          new Error('Transform failed with 1 error:\n/r/packages/contract/src/fields.ts:3:21: ERROR: Unexpected ";"'),
        ),
      head,
    });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'contract:diff: a contract does not load: /r/packages/contract/src/fields.ts:3:21: ERROR: Unexpected ";"\n',
    );
  });

  it('exits 2, never 1, when the JUnit report cannot be written', async () => {
    await writeFile(path.join(dir, 'a-file'), '');
    const { code, stderr } = await run(['--base', 'main', '--junit', 'a-file/diff.xml'], { base: head, head });
    expect(code).toBe(2);
    expect(stderr).toContain('Could not write the JUnit report to');
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
    const at = `HEAD (${commit.slice(0, 12)})`;
    expect(stderr).toContain(
      `Before (--base):  ${at}\nAfter (--head):   ${at}\n\nNo changes to the contract from ${at} to ${at}\n`,
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      base: 'HEAD',
      commit,
      head: 'HEAD',
      headCommit: commit,
      changes: [],
      breaking: 0,
    });
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
