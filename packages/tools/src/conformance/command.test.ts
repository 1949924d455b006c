/**
 * The command line as a whole, against the stand-in host (stand-in.ts): the table, `--json` alone on
 * stdout, the JUnit file of `--junit`, the exit codes. The run against the real mock bank, from the
 * shell, is in packages/mock-server/src/http/conformance-reports.test.ts.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationNames, operations } from '@ebank/contract';
import { REFUSALS, SIGN_IN } from './check';
import { runCommand } from './command';
import type { JsonRow } from './json';
import { childrenNamed, readXml } from './read-report';
import { refusal, standIn } from './stand-in';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'contract-check-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const BASE = 'http://host.test/';
const queries = operationNames.filter((n) => operations[n].kind === 'query');
const readRows = [...SIGN_IN, ...queries, ...Object.values(REFUSALS)];

/** Runs the command with its output caught, against a host. */
async function run(argv: readonly string[], host: typeof fetch = standIn().fetch) {
  let stdout = '';
  let stderr = '';
  const code = await runCommand(argv, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: dir,
    fetch: host,
  });
  return { code, stdout, stderr };
}

/** A real server on a free port of this machine, with its base and how to stop it. */
async function serve(listener: RequestListener) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
  return { base: `http://127.0.0.1:${port}/`, port, close };
}

/** A host whose getContact reply does not match the contract. */
const brokenContact = standIn((d) => (d.name === 'getContact' ? { status: 200, body: { ct: 'nope' } } : undefined));

describe('contract:check', () => {
  it('prints the table and exits 0 when every row passes, nothing on stderr', async () => {
    const { code, stdout, stderr } = await run(['--base', BASE, '--read-only']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Checking http:\/\/host\.test\/ against the contract \(read-only\)\n\noperation +wire/u);
    // The stand-in refuses what it does not know, in the error shape: a pass.
    expect(stdout).toMatch(/^getInstitution +getinstituition +400 +ok +refused: getInstitution is not in/mu);
    expect(
      stdout.endsWith(`${readRows.length} of ${readRows.length} rows pass (read-only: no writes were fired)\n`),
    ).toBe(true);
  });

  it('with --json prints only the rows as JSON on stdout, the rest on stderr', async () => {
    const { code, stdout, stderr } = await run(['--base', BASE, '--read-only', '--json']);
    expect(code).toBe(0);
    const rows = JSON.parse(stdout) as JsonRow[];
    expect(rows.map((r) => r.operation)).toEqual(readRows);
    // Every key on every row, null where there is nothing, in one order.
    const keys = ['operation', 'wire', 'status', 'ok', 'skipped', 'checkedAgainst', 'issues', 'note', 'durationMs'];
    expect(rows.filter((r) => Object.keys(r).join() !== keys.join())).toEqual([]);
    const { durationMs, ...first } = rows[0]!;
    expect(first).toEqual({
      operation: 'lookupUser',
      wire: 'crud=iduser',
      status: 400,
      ok: true,
      skipped: false,
      checkedAgainst: 'error',
      issues: [],
      note: 'lookupUser is not in this stand-in',
    });
    expect(durationMs).toBeGreaterThanOrEqual(0);
    expect(rows.find((r) => r.operation === REFUSALS.noMarker)).toMatchObject({ status: 400, ok: true });
    expect(stderr).toBe(
      `Checking ${BASE} against the contract (read-only)\n\n${readRows.length} of ${readRows.length} rows pass (read-only: no writes were fired)\n`,
    );
  });

  it('with --json and a failing row exits 1, the row with its zod issues', async () => {
    const { code, stdout } = await run(['--base', BASE, '--read-only', '--json'], brokenContact.fetch);
    expect(code).toBe(1);
    const rows = JSON.parse(stdout) as JsonRow[];
    expect(rows.filter((r) => !r.ok)).toEqual([
      expect.objectContaining({
        operation: 'getContact',
        status: 200,
        ok: false,
        checkedAgainst: 'reply',
        issues: [expect.stringMatching(/^ct: .*expected object/u)],
      }),
    ]);
  });

  it('with --junit writes the report, making its folder, beside the table or the JSON', async () => {
    const file = path.join(dir, 'reports', 'nested', 'contract.xml');
    const { code, stdout, stderr } = await run(['--base', BASE, '--json', '--junit', file], brokenContact.fetch);
    expect(code).toBe(1);
    const rows = JSON.parse(stdout) as JsonRow[];
    const all = operationNames.length + Object.keys(REFUSALS).length;
    expect(rows).toHaveLength(all);
    const failed = rows.filter((r) => !r.ok).length;
    expect(failed).toBeGreaterThanOrEqual(1);
    expect(stderr).toContain(
      `JUnit report written to ${file} (${all} tests, ${failed} failure${failed === 1 ? '' : 's'}, 0 skipped)\n`,
    );

    const root = readXml(await readFile(file, 'utf8'));
    const suite = childrenNamed(root, 'testsuite')[0]!;
    expect(suite.attributes).toMatchObject({ tests: String(all), failures: String(failed), skipped: '0' });
    const testcases = childrenNamed(suite, 'testcase');
    expect(testcases).toHaveLength(all);
    const contact = testcases.find((c) => c.attributes.name === 'getContact (getcontact)');
    expect(contact?.children[0]?.attributes.message).toMatch(/^ct: .*expected object/u);
    expect(childrenNamed(childrenNamed(suite, 'properties')[0]!, 'property').map((p) => p.attributes)).toEqual([
      { name: 'base', value: BASE },
      { name: 'readOnly', value: 'false' },
      { name: 'encoding', value: 'urlencoded' },
    ]);
  });

  it('reports the rows a failed sign-in leaves unfired as skipped, the sign-in as the failure', async () => {
    const host = standIn((d) =>
      d.name === 'login' ? { status: 401, body: refusal('Incorrect passcode.') } : undefined,
    );
    const { code, stderr } = await run(['--base', BASE, '--read-only', '--junit', 'signin.xml'], host.fetch);
    expect(code).toBe(1);
    // A relative path is the caller's.
    const file = path.join(dir, 'signin.xml');
    const suite = childrenNamed(readXml(await readFile(file, 'utf8')), 'testsuite')[0]!;
    const userQueries = queries.filter((n) => operations[n].auth === 'user').length;
    expect(suite.attributes).toMatchObject({ skipped: String(userQueries), failures: '1' });
    expect(stderr).toContain(`JUnit report written to ${file}`);
  });

  it('says so and exits 2, as on bad usage, when the report cannot be written', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, '');
    const { code, stdout, stderr } = await run(['--base', BASE, '--read-only', '--junit', `${blocker}/x.xml`]);
    expect(code).toBe(2);
    expect(stdout).toContain('rows pass');
    expect(stderr).toMatch(
      /^Could not write the JUnit report to .*a-file\/x\.xml: .*a-file is a file, not a folder$/mu,
    );
  });

  describe('against an address where nothing answers (a port just closed)', () => {
    let closed: { base: string; port: number };
    beforeAll(async () => {
      const server = await serve(() => undefined);
      await server.close();
      closed = server;
    });

    it('says so once, with the URL and the error, prints no rows and exits 2', async () => {
      const { code, stdout, stderr } = await run(['--base', closed.base, '--read-only'], fetch);
      expect(code).toBe(2);
      expect(stdout).toBe(`Checking ${closed.base} against the contract (read-only)\n\n`);
      expect(stderr).toBe(
        `Nothing answered at ${closed.base}: connect ECONNREFUSED 127.0.0.1:${closed.port}\n` +
          'No operation was checked: is the host running, and listening at that address?\n',
      );
    });

    it('with --json prints nothing on stdout; --junit writes one case in error, not a failure per row', async () => {
      const file = path.join(dir, 'unreachable', 'contract.xml');
      const { code, stdout, stderr } = await run(['--base', closed.base, '--json', '--junit', file], fetch);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(/^Checking .*\n\nNothing answered at .*: connect ECONNREFUSED /u);
      expect(stderr).toContain(`JUnit report written to ${file} (1 test, 1 error, no rows)\n`);
      const root = readXml(await readFile(file, 'utf8'));
      expect(root.attributes).toMatchObject({ tests: '1', failures: '0', errors: '1', skipped: '0' });
      const suite = childrenNamed(root, 'testsuite')[0]!;
      const cases = childrenNamed(suite, 'testcase');
      expect(cases.map((c) => c.attributes)).toEqual([
        expect.objectContaining({ classname: 'contract.host', name: 'the host answers' }),
      ]);
      const [error] = childrenNamed(cases[0]!, 'error');
      expect(error?.attributes).toEqual({
        message: `Nothing answered at ${closed.base}: connect ECONNREFUSED 127.0.0.1:${closed.port}`,
        type: 'unreachable',
      });
      expect(error?.text).toMatch(/\nNo operation was checked: is the host running/u);
    });
  });

  it('keeps a row per operation for a server that answers, even when it answers with errors', async () => {
    const server = await serve((_, res) => res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>down</h1>'));
    try {
      const { code, stdout, stderr } = await run(['--base', server.base, '--read-only'], fetch);
      expect(code).toBe(1);
      expect(stderr).toBe('');
      expect(stdout).toMatch(/^lookupUser +crud=iduser +503 +FAIL +\(body\): the reply is not JSON/mu);
      expect(stdout).toMatch(/^refusal: unknown crud +\S+ +503 +FAIL/mu);
      expect(stdout).toMatch(/\n0 of \d+ rows pass \(read-only: no writes were fired\)\n$/u);
    } finally {
      await server.close();
    }
  });

  it('documents --junit and --json in --help', async () => {
    const { code, stdout, stderr } = await run(['--help']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^ {2}--junit FILE {6}\S/mu);
    expect(stdout).toMatch(/^ {2}--json {12}\S/mu);
  });

  it.each([
    [['--base', BASE, '--junit'], "Option '--junit <value>' argument missing"],
    [['--base', BASE, '--json', '--junit='], '--junit needs a file name'],
    [['--junit', 'x.xml', '--json'], '--base URL is required'],
  ])('exits 2 on bad usage %j: the message on one line, then the usage, nothing on stdout', async (argv, message) => {
    const host = standIn();
    const { code, stdout, stderr } = await run(argv, host.fetch);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toBe(message);
    expect(stderr).toContain('Usage: pnpm contract:check');
    expect(host.received).toEqual([]);
  });
});
