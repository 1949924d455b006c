/**
 * The drift command against a stand-in host: a recording written by hand, replayed in order with the
 * persona's fresh token, passcode and PIN put back, a masked one-time code skipped; the table, the JSON,
 * the JUnit report, and the exit codes.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDrift } from './command';

let dir: string;
const PSEUDONYM = 'anon-0a1b2c3d@example.invalid';

const exchange = (
  seq: number,
  operation: string,
  wire: string,
  fields: Record<string, unknown>,
  reply: unknown,
  status = 200,
) => ({
  format: 1,
  seq,
  at: '2026-01-01T00:00:00.000Z',
  operation,
  wire,
  persona: fields.token === '***' ? 'demo@bank.test' : null,
  request: {
    contentType: 'application/x-www-form-urlencoded',
    query: wire.startsWith('crud=') ? { crud: wire.slice(5) } : {},
    fields,
  },
  reply: { status, body: reply, json: true },
  pseudonymised: [],
});

const write = async (operation: string, seq: number, content: unknown) => {
  await mkdir(path.join(dir, operation), { recursive: true });
  await writeFile(path.join(dir, operation, `${String(seq).padStart(6, '0')}.json`), JSON.stringify(content));
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'drift-command-'));
  await writeFile(
    path.join(dir, 'recording.json'),
    JSON.stringify({
      format: 1,
      pseudonymPattern: 'anon-[0-9a-f]{8}(?:@example\\.invalid)?',
      personas: [{ email: 'demo@bank.test', pseudonym: PSEUDONYM }],
    }),
  );
  await write(
    'login',
    1,
    exchange(
      1,
      'login',
      'crud=userlogin',
      { email: PSEUDONYM, password: '***', remeber: '0' },
      { role: 'user', jwt: '***' },
    ),
  );
  await write(
    'getServiceCharge',
    2,
    exchange(
      2,
      'getServiceCharge',
      'getperc',
      { getperc: '1', token: '***' },
      { percent: { percent: 10 }, tb: { current_balance: 5 } },
    ),
  );
  await write(
    'confirmPin',
    3,
    exchange(
      3,
      'confirmPin',
      'confirmmypin',
      { confirmmypin: '1', token: '***', pin: '***', extra: '{}' },
      { status: 'success' },
    ),
  );
  await write(
    'confirmTransferCode',
    4,
    exchange(
      4,
      'confirmTransferCode',
      'confirmtpin',
      { confirmtpin: '1', token: '***', code: '***', extra: '{}' },
      { status: 'success' },
    ),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A host that checks what the replay puts back, and charges `percent`. */
function standIn(percent: number) {
  const seen: Record<string, string>[] = [];
  const answer = (init: RequestInit | undefined): Response => {
    const body = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams();
    const fields = Object.fromEntries(body);
    seen.push(fields);
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    if (fields.email !== undefined)
      return fields.email === 'demo@bank.test' && fields.password === '654321'
        ? json({ role: 'user', jwt: 'fresh' })
        : json({ error: true, message: 'no' }, 401);
    if (fields.token !== 'fresh') return json({ error: true, message: 'bad token' }, 401);
    if (fields.getperc !== undefined) return json({ percent: { percent }, tb: { current_balance: 99 } });
    if (fields.confirmmypin !== undefined) return json({ status: fields.pin === '4321' ? 'success' : 'error' });
    return json({ error: true, message: 'unexpected' }, 400);
  };
  const host: typeof fetch = (_url, init) => Promise.resolve(answer(init));
  return { host, seen };
}

const run = async (args: string[], host: typeof fetch) => {
  let stdout = '';
  let stderr = '';
  const code = await runDrift(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    cwd: dir,
    fetch: host,
  });
  return { code, stdout, stderr };
};
const base = ['--recording', '.', '--base', 'http://host.test/', '--passcode', '654321', '--pin', '4321'];

describe('contract:drift', () => {
  it('replays with the persona put back and reports nothing when the replies agree', async () => {
    const { host, seen } = standIn(10);
    const result = await run(base, host);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(seen.map((f) => [f.email, f.password, f.token, f.pin])).toEqual([
      ['demo@bank.test', '654321', undefined, undefined],
      [undefined, undefined, 'fresh', undefined],
      [undefined, undefined, 'fresh', '4321'],
    ]);
    expect(result.stdout).toMatch(
      /^confirmTransferCode\s+confirmtpin\s+0\/1\s+skipped\s+skipped: the one-time code in 'code' was masked/mu,
    );
    expect(result.stdout).toContain('0 of 4 operations drift (3 of 4 exchanges replayed)');
  });

  it('reports the operation that drifts, as a table, as JSON and as JUnit, and exits 1', async () => {
    const table = await run(base, standIn(5).host);
    expect(table.code).toBe(1);
    expect(table.stdout).toMatch(/^getServiceCharge\s+getperc\s+1\/1\s+DRIFT\s+body\.percent\.percent: 10 -> 5$/mu);

    const json = await run([...base, '--json', '--junit', 'out/drift.xml'], standIn(5).host);
    expect(json.code).toBe(1);
    const rows = JSON.parse(json.stdout) as { operation: string; ok: boolean; differences: unknown[] }[];
    expect(rows.map((r) => [r.operation, r.ok])).toEqual([
      ['login', true],
      ['getServiceCharge', false],
      ['confirmPin', true],
      ['confirmTransferCode', true],
    ]);
    expect(rows[1]?.differences).toEqual([
      { seq: 2, kind: 'value', path: 'body.percent.percent', recorded: '10', replayed: '5' },
    ]);
    expect(json.stderr).toContain('1 of 4 operations drift');
    const xml = await readFile(path.join(dir, 'out/drift.xml'), 'utf8');
    expect(xml).toContain('<testsuites name="contract:drift"');
    expect(xml).toMatch(/<testcase classname="contract\.drift" name="getServiceCharge \(getperc\)"[^>]*>\s*<failure/u);
    expect(xml).toMatch(/name="confirmTransferCode \(confirmtpin\)"[^>]*>\s*<skipped/u);
  });

  it('exits 2 on bad usage and 1 when the recording cannot be read', async () => {
    const { host } = standIn(10);
    expect((await run(['--base', 'http://host.test/'], host)).code).toBe(2);
    expect((await run(['--recording', '.', '--base', 'ftp://x/'], host)).code).toBe(2);
    const missing = await run(['--recording', 'nowhere', '--base', 'http://host.test/'], host);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Cannot read the recording/u);
  });
});
