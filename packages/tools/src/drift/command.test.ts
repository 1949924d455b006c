/**
 * The drift command against a stand-in host: a recording written by hand, replayed in order with the
 * persona's fresh token, passcode and PIN put back, a masked one-time code skipped, a refused token
 * replayed as a refused one; which address each recorded persona signs in with; the table, the JSON, the
 * JUnit report, and the exit codes (a folder that holds no recording is bad usage).
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
  // The recorder names the persona by the pseudonym of its address, as in the fields.
  persona: fields.token === '***' ? PSEUDONYM : null,
  request: {
    contentType: 'application/x-www-form-urlencoded',
    query: wire.startsWith('crud=') ? { crud: wire.slice(5) } : {},
    fields,
  },
  reply: { status, body: reply, json: true },
  pseudonymised: [],
});

const writeIn = async (folder: string, operation: string, seq: number, content: unknown) => {
  await mkdir(path.join(folder, operation), { recursive: true });
  await writeFile(path.join(folder, operation, `${String(seq).padStart(6, '0')}.json`), JSON.stringify(content));
};
const write = (operation: string, seq: number, content: unknown) => writeIn(dir, operation, seq, content);
const manifest = (pseudonyms: readonly string[]) =>
  JSON.stringify({
    format: 1,
    pseudonymPattern: 'anon-[0-9a-f]{8}(?:@example\\.invalid)?',
    personas: pseudonyms.map((pseudonym) => ({ pseudonym })),
  });

/** The persona's sign-in as the proxy records it, the passcode and the token masked. */
const loginExchange = (seq: number) =>
  exchange(
    seq,
    'login',
    'crud=userlogin',
    { email: PSEUDONYM, password: '***', remeber: '0' },
    { role: 'user', jwt: '***' },
  );

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'drift-command-'));
  await writeFile(path.join(dir, 'recording.json'), manifest([PSEUDONYM]));
  await write('login', 1, loginExchange(1));
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
  const answer = (url: string, init: RequestInit | undefined): Response => {
    const body = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams();
    const fields = Object.fromEntries(body);
    seen.push(fields);
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
    // The e-mail lookup knows the persona only; the sign-in refuses a stranger as a wrong passcode, as the mock does.
    if (new URL(url).searchParams.get('crud') === 'iduser')
      return fields.email === 'demo@bank.test'
        ? json({ role: 'user', user: { picture: null, fullname: 'Dana Demo' } })
        : json(
            { error: true, message: 'We could not find an account with that e-mail address', code: 'not_found' },
            404,
          );
    if (fields.email !== undefined)
      return fields.email === 'demo@bank.test' && fields.password === '654321'
        ? json({ role: 'user', jwt: 'fresh' })
        : json({ error: true, message: 'no' }, 401);
    if (fields.token !== 'fresh') return json({ error: true, message: 'bad token' }, 401);
    if (fields.getperc !== undefined) return json({ percent: { percent }, tb: { current_balance: 99 } });
    if (fields.confirmmypin !== undefined) return json({ status: fields.pin === '4321' ? 'success' : 'error' });
    return json({ error: true, message: 'unexpected' }, 400);
  };
  const host: typeof fetch = (url, init) =>
    Promise.resolve(answer(url instanceof Request ? url.url : String(url), init));
  return { host, seen };
}

/**
 * Runs the command against a stand-in host for the API; the mock's developer endpoints (the removal of the
 * replay's sandbox) are answered here, and what reached them is noted with the sandbox each API call named.
 */
const runIn = async (cwd: string, args: string[], host: typeof fetch) => {
  let stdout = '';
  let stderr = '';
  const sandboxes: (string | null)[] = [];
  const developer: string[] = [];
  const code = await runDrift(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    cwd,
    fetch: (url, init) => {
      const { pathname } = new URL(url instanceof Request ? url.url : url);
      if (pathname.startsWith('/__mock/')) {
        developer.push(`${init?.method ?? 'GET'} ${pathname}`);
        return Promise.resolve(new Response(JSON.stringify({ ok: true })));
      }
      sandboxes.push(new Headers(init?.headers).get('X-Mock-Sandbox'));
      return host(url, init);
    },
  });
  return { code, stdout, stderr, sandboxes, developer };
};
const run = (args: string[], host: typeof fetch) => runIn(dir, args, host);
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

  it('replays in a sandbox of its own, named in every call, and removes it at the end; --sandbox keeps the one named', async () => {
    const fresh = await run(base, standIn(10).host);
    expect(fresh.code).toBe(0);
    const [name] = fresh.sandboxes;
    expect(name).toMatch(/^drift-[0-9a-f]{8}$/u);
    expect(new Set(fresh.sandboxes)).toEqual(new Set([name]));
    expect(fresh.stdout).toContain(`in sandbox ${name ?? ''}`);
    expect(fresh.developer).toEqual([`DELETE /__mock/sandboxes/${name ?? ''}`]);

    const named = await run([...base, '--sandbox', 'ci-drift'], standIn(10).host);
    expect(new Set(named.sandboxes)).toEqual(new Set(['ci-drift']));
    expect(named.developer).toEqual([]);
    const bad = await run([...base, '--sandbox', 'Not A Name'], standIn(10).host);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--sandbox must be 1 to 40 lowercase letters, digits or dashes, not 'Not A Name'");
  });

  it('stops with one line and exit 2 when nothing answers, or the mock refuses the sign-in', async () => {
    const down: typeof fetch = () =>
      Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:80') }));
    const none = await run(base, down);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'Nothing answered at http://host.test/ (connect ECONNREFUSED 127.0.0.1:80): is the mock running, and listening there?\n',
    );
    expect(none.stdout).not.toContain('DRIFT');

    const wrong = standIn(10);
    const refused = await run([...base.slice(0, 4), '--passcode', '999999'], wrong.host);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe('The mock at http://host.test/ refused the sign-in of demo@bank.test: no\n');
    expect(refused.stdout).not.toContain('DRIFT');
    // Tried once: another try would only count one more wrong passcode against the persona.
    expect(wrong.seen.filter((fields) => fields.password !== undefined)).toHaveLength(1);

    // A stranger is refused as a wrong passcode would be: the lookup tells which it was.
    const stranger = await run([...base.slice(0, 4), '--email', 'nobody@bank.test'], standIn(10).host);
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toBe(
      "No account on the mock at http://host.test/ uses nobody@bank.test: name the mock's personas with --email (default demo@bank.test)\n",
    );
  });

  it('writes a JUnit report of one case in error when it compared nothing, so CI shows a run that did not happen', async () => {
    const down: typeof fetch = () =>
      Promise.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:80') }));
    const none = await run([...base, '--junit', 'out/stopped.xml'], down);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /^JUnit report written to .*out\/stopped\.xml \(1 test, 1 error, nothing compared\)$/mu,
    );
    const xml = await readFile(path.join(dir, 'out/stopped.xml'), 'utf8');
    expect(xml).toContain('<testsuites name="contract:drift" tests="1" failures="0" errors="1"');
    expect(xml).toMatch(
      /<testcase classname="contract\.drift" name="the replay starts"[^>]*>\s*<error message="Nothing answered at http:\/\/host\.test\/ \(connect ECONNREFUSED 127\.0\.0\.1:80\)/u,
    );
  });

  it('exits 2, as on bad usage, when the JUnit report cannot be written, after the table', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, '');
    const result = await run([...base, '--junit', `${blocker}/x.xml`], standIn(10).host);
    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/operations? drift|no operation drifts/iu);
    expect(result.stderr).toMatch(
      /^Could not write the JUnit report to .*a-file\/x\.xml: .*a-file is a file, not a folder$/mu,
    );
  });

  it('exits 2 on bad usage and 1 when the recording cannot be read', async () => {
    const { host } = standIn(10);
    expect((await run(['--base', 'http://host.test/'], host)).code).toBe(2);
    expect((await run(['--recording', '.', '--base', 'ftp://x/'], host)).code).toBe(2);
    expect((await run([...base, '--email', 'demo@bank.test,'], host)).code).toBe(2);

    const broken = await mkdtemp(path.join(os.tmpdir(), 'drift-broken-'));
    try {
      await writeFile(path.join(broken, 'recording.json'), manifest([PSEUDONYM]));
      await mkdir(path.join(broken, 'getInstitution'));
      await writeFile(path.join(broken, 'getInstitution', '000001.json'), '{"format": 1, "seq":');
      const unreadable = await run(
        ['--recording', broken, '--base', 'http://host.test/', '--junit', 'broken.xml'],
        host,
      );
      expect(unreadable.code).toBe(1);
      expect(unreadable.stderr).toMatch(/^Cannot read the recording in .*000001\.json/u);
      expect(await readFile(path.join(dir, 'broken.xml'), 'utf8')).toMatch(
        /name="the recording reads"[^>]*>\s*<error message="Cannot read the recording in /u,
      );
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});

describe('contract:drift on a folder that holds no recording', () => {
  let empty: string;
  beforeAll(async () => {
    empty = await mkdtemp(path.join(os.tmpdir(), 'drift-empty-'));
    await mkdir(path.join(empty, 'none'));
    // Exchanges but no recording.json: not a folder the proxy wrote (it writes recording.json first).
    await writeIn(
      path.join(empty, 'no-manifest'),
      'getInstitution',
      1,
      exchange(1, 'getInstitution', 'getinstituition', {}, {}),
    );
    // recording.json but no exchange: the proxy started and nothing went through it.
    await mkdir(path.join(empty, 'no-exchange', 'login'), { recursive: true });
    await writeFile(path.join(empty, 'no-exchange', 'recording.json'), manifest([]));
    await writeFile(path.join(empty, 'a-file'), 'not a folder');
  });
  afterAll(async () => {
    await rm(empty, { recursive: true, force: true });
  });

  it.each([
    ['a folder that does not exist', 'nowhere', /^No recording in .*nowhere: the folder does not exist\n$/u],
    ['a file', 'a-file', /^No recording in .*a-file: it is not a folder\n$/u],
    ['an empty folder', 'none', /^No recording in .*none: it has no recording\.json/u],
    ['a folder without recording.json', 'no-manifest', /^No recording in .*no-manifest: it has no recording\.json/u],
    ['a folder without an exchange', 'no-exchange', /^No recording in .*no-exchange: it has no recorded exchange/u],
  ])('is bad usage: %s (one line, exit 2)', async (_what, folder, line) => {
    const result = await runIn(empty, ['--recording', folder, '--base', 'http://host.test/'], standIn(10).host);
    expect(result.stderr).toMatch(line);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
    expect(result.code).toBe(2);
  });
});

describe('contract:drift on a session the host ended', () => {
  let ended: string;
  beforeAll(async () => {
    ended = await mkdtemp(path.join(os.tmpdir(), 'drift-ended-'));
    await writeFile(path.join(ended, 'recording.json'), manifest([PSEUDONYM]));
    const refused = { error: true, message: 'Your session has ended. Please log in again.' };
    await writeIn(
      ended,
      'getInstitution',
      1,
      exchange(1, 'getInstitution', 'getinstituition', { getinstituition: '1', token: '***' }, refused, 401),
    );
    await writeIn(ended, 'login', 2, loginExchange(2));
    await writeIn(
      ended,
      'getInstitution',
      3,
      exchange(3, 'getInstitution', 'getinstituition', { getinstituition: '1', token: '***' }, { data: [] }),
    );
  });
  afterAll(async () => {
    await rm(ended, { recursive: true, force: true });
  });

  /** A host that refuses any token but the fresh one, as a session that ended; or, `lax`, accepts any. */
  function sessions(lax = false) {
    const tokens: (string | undefined)[] = [];
    const host: typeof fetch = (_url, init) => {
      const fields = Object.fromEntries(init?.body instanceof URLSearchParams ? init.body : new URLSearchParams());
      const json = (value: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(value), { status }));
      if (fields.email !== undefined) return json({ role: 'user', jwt: 'fresh' });
      tokens.push(fields.token);
      return lax || fields.token === 'fresh'
        ? json({ data: [] })
        : json({ error: true, message: 'Your session has ended. Please log in again.' }, 401);
    };
    return { host, tokens };
  }

  it('replays a refused token as one the mock must refuse, and compares the two refusals', async () => {
    const { host, tokens } = sessions();
    const result = await runIn(ended, ['--recording', '.', '--base', 'http://host.test/'], host);
    expect(result.stdout).toMatch(/^getInstitution\s+getinstituition\s+2\/2\s+ok/mu);
    expect(result.stdout).toContain('0 of 2 operations drift (3 of 3 exchanges replayed)');
    expect(result.code).toBe(0);
    // The first request carried a token, but not the persona's fresh one.
    expect(tokens).toEqual([expect.not.stringMatching(/^(?:fresh)?$/u) as unknown, 'fresh']);
  });

  it('reports a mock that accepts a token the host refused', async () => {
    const result = await runIn(ended, ['--recording', '.', '--base', 'http://host.test/'], sessions(true).host);
    expect(result.stdout).toMatch(/^getInstitution\s+getinstituition\s+2\/2\s+DRIFT\s+status: 401 -> 200/mu);
    expect(result.code).toBe(1);
  });
});

describe('contract:drift with several personas', () => {
  const OTHER = 'anon-99887766@example.invalid';
  let two: string;
  beforeAll(async () => {
    two = await mkdtemp(path.join(os.tmpdir(), 'drift-personas-'));
    await writeFile(path.join(two, 'recording.json'), manifest([PSEUDONYM, OTHER]));
    const asPersona = (seq: number, persona: string) => ({
      ...exchange(seq, 'getServiceCharge', 'getperc', { getperc: '1', token: '***' }, { percent: { percent: 10 } }),
      persona,
    });
    await writeIn(two, 'lookupUser', 1, exchange(1, 'lookupUser', 'crud=iduser', { email: OTHER }, { status: 'ok' }));
    await writeIn(two, 'getServiceCharge', 2, asPersona(2, OTHER));
    await writeIn(two, 'getServiceCharge', 3, asPersona(3, PSEUDONYM));
  });
  afterAll(async () => {
    await rm(two, { recursive: true, force: true });
  });

  /** A host that gives each address a token of its own and notes who sent each request. */
  function people() {
    const seen: string[] = [];
    const host: typeof fetch = (_url, init) => {
      const fields = Object.fromEntries(init?.body instanceof URLSearchParams ? init.body : new URLSearchParams());
      const json = (value: unknown) => Promise.resolve(new Response(JSON.stringify(value)));
      if (fields.password !== undefined) return json({ role: 'user', jwt: `token-of-${fields.email}` });
      seen.push(fields.email ?? fields.token ?? '');
      return json(fields.email === undefined ? { percent: { percent: 10 } } : { status: 'ok' });
    };
    return { host, seen };
  }

  it('signs each one in with the address --email gives, in the order recording.json lists them', async () => {
    const { host, seen } = people();
    const args = ['--recording', '.', '--base', 'http://host.test/', '--email', 'demo@bank.test,nopin@bank.test'];
    const result = await runIn(two, args, host);
    expect(result.code).toBe(0);
    expect(seen).toEqual(['nopin@bank.test', 'token-of-nopin@bank.test', 'token-of-demo@bank.test']);
    expect(result.stdout).toContain(`Signing in as nopin@bank.test for ${OTHER}`);
  });

  it('signs every one in as the demo persona by default', async () => {
    const { host, seen } = people();
    const result = await runIn(two, ['--recording', '.', '--base', 'http://host.test/'], host);
    expect(result.code).toBe(0);
    expect(seen).toEqual(['demo@bank.test', 'token-of-demo@bank.test', 'token-of-demo@bank.test']);
  });
});

describe('contract:drift with values taken from an earlier reply', () => {
  let folder: string;
  const notification = (id: string) => ({ id, title: 'Deposit', body: 'anon-00000000', wasread: 'no', date: 'x' });
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'drift-values-'));
    await writeFile(path.join(folder, 'recording.json'), manifest([PSEUDONYM]));
    await writeIn(folder, 'login', 1, loginExchange(1));
    const list = { notifications: [notification('n-host-1'), notification('n-host-2')], nc: 2 };
    await writeIn(
      folder,
      'getNotifications',
      2,
      exchange(2, 'getNotifications', 'getnotifications', { getnotifications: '1', token: '***' }, list),
    );
    await writeIn(
      folder,
      'markNotificationRead',
      3,
      exchange(
        3,
        'markNotificationRead',
        'mnotificationar',
        { mnotificationar: '1', token: '***', id: 'n-host-2' },
        { status: 'success' },
      ),
    );
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("sends the id the mock listed in the same place: a notification's id differs from bank to bank", async () => {
    const marked: string[] = [];
    const host: typeof fetch = (_url, init) => {
      const fields = Object.fromEntries(init?.body instanceof URLSearchParams ? init.body : new URLSearchParams());
      const json = (value: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(value), { status }));
      if (fields.password !== undefined) return json({ role: 'user', jwt: 'fresh' });
      if (fields.getnotifications !== undefined)
        return json({ notifications: [notification('n-mock-a'), notification('n-mock-b')], nc: 2 });
      marked.push(fields.id ?? '');
      return fields.id === 'n-mock-b'
        ? json({ status: 'success' })
        : json({ error: true, message: 'Notification not found' }, 404);
    };
    const result = await runIn(folder, ['--recording', '.', '--base', 'http://host.test/'], host);
    expect(marked).toEqual(['n-mock-b']);
    expect(result.stdout).toContain('0 of 3 operations drift');
    expect(result.code).toBe(0);
  });
});
