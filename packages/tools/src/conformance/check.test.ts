/**
 * The conformance check against a stand-in host built from the contract's own decoder (stand-in.ts;
 * the run against the real mock bank is in packages/mock-server/src/http/conformance.test.ts), the
 * table it prints, and its command line.
 */
import { describe, expect, it } from 'vitest';
import { operationNames, operations, type OperationName } from '@ebank/contract';
import { parseCheckArgs } from './args';
import {
  allPass,
  HostUnreachable,
  networkReason,
  REFUSALS,
  runConformance,
  SIGN_IN,
  SignInNotFound,
  type CheckRow,
} from './check';
import { json, refusal, standIn } from './stand-in';
import { formatTable } from './table';

const queries = operationNames.filter((n) => operations[n].kind === 'query');
const rowOf = (rows: readonly CheckRow[], operation: string) => rows.find((r) => r.operation === operation);

// --- the check -------------------------------------------------------------------------------------

describe('the conformance check', () => {
  it('with --read-only fires the sign-in, every query and the four refusals, nothing else', async () => {
    const host = standIn();
    const rows = await runConformance({ base: 'http://host.test', readOnly: true, fetch: host.fetch });

    expect(host.sent()).toEqual([
      ...SIGN_IN,
      ...queries,
      // the refusal with a bad token names a real operation
      'getInstitution',
    ]);
    expect(host.sent().filter((n) => operations[n].kind === 'mutation')).toEqual(SIGN_IN);
    expect(rows.map((r) => r.operation)).toEqual([...SIGN_IN, ...queries, ...Object.values(REFUSALS)]);
    // Every refusal of this stand-in is in the error shape, so every row passes.
    expect(rows.every((r) => r.ok)).toBe(true);
    expect(allPass(rows)).toBe(true);
  });

  it('sends the four refusals the contract describes, each refused in the error shape', async () => {
    const host = standIn();
    const rows = await runConformance({ base: 'http://host.test/', readOnly: true, fetch: host.fetch });
    const failures = host.received.flatMap((r) => (r.decoded.ok ? [] : [r.decoded.code]));
    expect(failures).toEqual(['no_operation', 'several_operations', 'unknown_crud']);
    const badToken = host.received.find((r) => r.decoded.ok && r.decoded.token === 'conformance-bad-token');
    expect(badToken).toBeDefined();
    expect(rowOf(rows, REFUSALS.noMarker)).toMatchObject({ status: 400, ok: true, checkedAgainst: 'error' });
    expect(rowOf(rows, REFUSALS.badToken)).toMatchObject({ status: 401, ok: true, note: 'Please log in' });
  });

  it('without --read-only fires every operation once, reads before writes, with inputs the contract accepts', async () => {
    const host = standIn();
    const rows = await runConformance({ base: 'http://host.test/', fetch: host.fetch });
    const positive = host.received.filter((r) => !(r.decoded.ok && r.decoded.token === 'conformance-bad-token'));
    const invalid = positive.filter((r) => !r.decoded.ok && r.decoded.code === 'invalid_request');
    expect(invalid.map((r) => !r.decoded.ok && r.decoded.message)).toEqual([]);

    const sent = positive.flatMap((r) => (r.decoded.ok ? [r.decoded.name] : []));
    expect([...sent].sort()).toEqual([...operationNames].sort());
    const lastRead = Math.max(...queries.map((q) => sent.indexOf(q)));
    const firstWrite = Math.min(
      ...sent.filter((n) => operations[n].kind === 'mutation' && !SIGN_IN.includes(n)).map((n) => sent.indexOf(n)),
    );
    expect(lastRead).toBeLessThan(firstWrite);
    expect(sent.at(-1)).toBe('changePasscode');
    expect(rows).toHaveLength(operationNames.length + Object.keys(REFUSALS).length);
  });

  it('sends the multipart encoding when asked, as the portal may', async () => {
    const host = standIn();
    await runConformance({ base: 'http://host.test/', readOnly: true, encoding: 'multipart', fetch: host.fetch });
    const types = host.received.map((r) => r.contentType.split(';')[0]);
    expect(new Set(types)).toEqual(new Set(['multipart/form-data']));
  });

  it('writes change as little as they can: the same e-mail, PIN and passcode, the profile as it was read', async () => {
    const profile = {
      fullname: 'Dana Demo',
      email: 'dana@host.test',
      phone: '+44 20 7946 0958',
      dob: '1990-04-23',
      country: 'United Kingdom',
      gender: null,
      home_address: 'not\u0000valid',
    };
    const host = standIn((d) =>
      d.name === 'getProfile' ? { status: 200, body: { data: profile, it: { account_no: '1' } } } : undefined,
    );
    await runConformance({
      base: 'http://host.test/',
      email: 'dana@host.test',
      passcode: '246810',
      pin: '4321',
      fetch: host.fetch,
    });
    const inputOf = (name: OperationName) => {
      const found = host.received.find((r) => r.decoded.ok && r.decoded.name === name);
      return found?.decoded.ok ? found.decoded.input : undefined;
    };
    expect(inputOf('login')).toEqual({ email: 'dana@host.test', password: '246810', remeber: false });
    expect(inputOf('changeEmail')).toEqual({ email: 'dana@host.test' });
    expect(inputOf('changePin')).toEqual({ c_pwd: '4321', n_pwd: '4321', con_pwd: '4321' });
    expect(inputOf('changePasscode')).toEqual({ c_pwd: '246810', n_pwd: '246810', con_pwd: '246810' });
    expect(inputOf('confirmPin')).toMatchObject({ pin: '4321', extra: { amount: 10 } });
    // The profile goes back as it came; a value the contract would refuse is left out, not changed.
    expect(inputOf('updateProfile')).toEqual({
      fullname: 'Dana Demo',
      phone: '+44 20 7946 0958',
      dob: '1990-04-23',
      country: 'United Kingdom',
    });
  });

  it('catches a reply that does not match, with its zod issue', async () => {
    const host = standIn((d) => {
      switch (d.name) {
        case 'getContact':
          return { status: 200, body: { ct: 'nope' } };
        case 'getDocumentTypes':
          return { status: 200, body: { docs: [{ doc_name: 'Passport' }] } };
        case 'checkPin':
          return { status: 200, body: { status: 'error', message: 'Try later' } };
        case 'getProfile':
          return { status: 400, body: { message: 'no error flag' } };
        case 'getStatement':
          return { status: 500, body: refusal('boom') };
        case 'getNotifications':
          return '<html>oops</html>';
        default:
          return undefined;
      }
    });
    const rows = await runConformance({ base: 'http://host.test/', readOnly: true, fetch: host.fetch });
    expect(rowOf(rows, 'getContact')).toMatchObject({ status: 200, ok: false, checkedAgainst: 'reply' });
    expect(rowOf(rows, 'getContact')?.issues).toEqual([expect.stringMatching(/^ct: .*expected object/u)]);
    expect(rowOf(rows, 'getDocumentTypes')).toMatchObject({ ok: true, checkedAgainst: 'reply', issues: [] });
    // The host's habit of answering 200 with an error body is what the portal copes with.
    expect(rowOf(rows, 'checkPin')).toMatchObject({ ok: true, checkedAgainst: 'host-error', note: 'Try later' });
    expect(rowOf(rows, 'getProfile')).toMatchObject({ status: 400, ok: false, checkedAgainst: 'error' });
    expect(rowOf(rows, 'getProfile')?.issues).toContain('error: Invalid input: expected true');
    expect(rowOf(rows, 'getStatement')).toMatchObject({ status: 500, ok: false });
    expect(rowOf(rows, 'getNotifications')).toMatchObject({ ok: false, issues: [expect.stringMatching(/not JSON/u)] });
    expect(allPass(rows)).toBe(false);
  });

  it('fails a refusal that the host answers as if it were a call', async () => {
    const host = standIn();
    const lenient: typeof fetch = async (url, init) => {
      const response = await host.fetch(url, init);
      return response.status === 400 ? json(200, { ok: true }) : response;
    };
    const rows = await runConformance({ base: 'http://host.test/', readOnly: true, fetch: lenient });
    expect(rowOf(rows, REFUSALS.unknownCrud)).toMatchObject({
      status: 200,
      ok: false,
      issues: [expect.stringMatching(/expected a refusal/u)],
    });
  });

  it('says so when the sign-in gives no token, and fires no call that needs one', async () => {
    const host = standIn((d) =>
      d.name === 'login' ? { status: 401, body: refusal('Incorrect passcode.') } : undefined,
    );
    const rows = await runConformance({ base: 'http://host.test/', readOnly: true, fetch: host.fetch });
    expect(rowOf(rows, 'sign-in')).toMatchObject({ ok: false, issues: [expect.stringMatching(/Incorrect passcode/u)] });
    expect(rowOf(rows, 'getInstitution')).toMatchObject({
      ok: false,
      issues: ['not fired: the sign-in gave no token'],
    });
    expect(host.sent().filter((n) => operations[n].auth === 'user')).toEqual(['getInstitution']);
    expect(allPass(rows)).toBe(false);
    // The rows not fired are marked skipped: the sign-in's row is the one failure they share.
    const skipped = rows.filter((r) => r.skipped).map((r) => r.operation);
    expect(skipped).toEqual(queries.filter((n) => operations[n].auth === 'user'));
    expect(rows.filter((r) => !r.ok && !r.skipped).map((r) => r.operation)).toEqual(['sign-in']);
  });

  it('stops at a sign-in answered 404 (the API is not at that base), asking whether the base is right', async () => {
    const host = standIn(() => ({ status: 404, body: refusal('Nothing at POST /wrong/api/users.php') }));
    const told: CheckRow[] = [];
    const error = await runConformance({
      base: 'http://host.test/wrong',
      readOnly: true,
      fetch: host.fetch,
      onRow: (row) => told.push(row),
    }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SignInNotFound);
    expect(error).toMatchObject({
      message:
        'The sign-in at http://host.test/wrong/api/users.php was answered 404: Nothing at POST /wrong/api/users.php',
      advice:
        "No operation was checked: is http://host.test/wrong/ the API's base (the calls go to http://host.test/wrong/api/users.php), and the account's address right?",
      kind: 'not-found',
    });
    // Nothing past the sign-in was sent.
    expect(host.sent()).toEqual(SIGN_IN);
    // Another refusal of the sign-in is a row, as before.
    const refused = standIn((d) =>
      d.name === 'login' ? { status: 401, body: refusal('Incorrect passcode.') } : undefined,
    );
    const again = await runConformance({ base: 'http://host.test/', readOnly: true, fetch: refused.fetch });
    expect(rowOf(again, 'sign-in')?.issues).toEqual(['no user token for demo@bank.test: Incorrect passcode.']);
  });

  it('sends every request to the sandbox it is given, by the header the mock reads', async () => {
    const host = standIn();
    const seen: (string | null)[] = [];
    const rows = await runConformance({
      base: 'http://host.test/',
      readOnly: true,
      sandbox: 'ci-42',
      fetch: (url, init) => {
        seen.push(new Headers(init?.headers).get('X-Mock-Sandbox'));
        return host.fetch(url, init);
      },
    });
    expect(allPass(rows)).toBe(true);
    expect(seen.length).toBe(rows.length);
    expect(new Set(seen)).toEqual(new Set(['ci-42']));
  });

  it('tells of every row as it is made, with how long its request took', async () => {
    const host = standIn();
    const told: [CheckRow, number][] = [];
    const rows = await runConformance({
      base: 'http://host.test/',
      readOnly: true,
      fetch: host.fetch,
      onRow: (row, ms) => told.push([row, ms]),
    });
    expect(told.map(([row]) => row)).toEqual(rows);
    expect(told.every(([, ms]) => Number.isFinite(ms) && ms >= 0)).toBe(true);
    expect(rows.some((r) => r.skipped)).toBe(false);
  });

  it('stops at the first request when nothing answers, with the network error and no rows', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), { code: 'ECONNREFUSED' });
    let tries = 0;
    const down: typeof fetch = () => {
      tries += 1;
      return Promise.reject(new TypeError('fetch failed', { cause: refused }));
    };
    const told: CheckRow[] = [];
    const run = runConformance({ base: 'http://host.test', fetch: down, onRow: (row) => told.push(row) });
    const error = await run.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(HostUnreachable);
    expect(error).toMatchObject({
      base: 'http://host.test/',
      reason: 'connect ECONNREFUSED 127.0.0.1:8080',
      message: 'Nothing answered at http://host.test/: connect ECONNREFUSED 127.0.0.1:8080',
      advice: 'No operation was checked: is the host running, and listening at that address?',
    });
    expect(tries).toBe(1);
    expect(told).toEqual([]);
  });

  it('keeps a row per request for a host that answered and then stopped', async () => {
    const host = standIn();
    const flaky: typeof fetch = async (url, init) => {
      if (host.received.length >= SIGN_IN.length)
        throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
      return host.fetch(url, init);
    };
    const rows = await runConformance({ base: 'http://host.test/', readOnly: true, fetch: flaky });
    expect(rows.map((r) => r.operation)).toEqual([...SIGN_IN, ...queries, ...Object.values(REFUSALS)]);
    expect(rowOf(rows, 'login')).toMatchObject({ status: 200, ok: true });
    expect(rowOf(rows, 'getInstitution')?.issues).toEqual(['no reply: fetch failed (socket hang up)']);
    expect(rowOf(rows, REFUSALS.noMarker)?.issues).toEqual(['no reply: fetch failed (socket hang up)']);
  });

  it('says a reply that broke off midway had no reply, not that the request was not sent', async () => {
    const host = standIn();
    const cut: typeof fetch = async (url, init) => {
      const whole = await host.fetch(url, init);
      if (host.received.length <= SIGN_IN.length) return whole;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"data":'));
          controller.error(new TypeError('terminated', { cause: new Error('other side closed') }));
        },
      });
      return new Response(body, { status: whole.status, headers: whole.headers });
    };
    const rows = await runConformance({ base: 'http://host.test/', readOnly: true, fetch: cut });
    expect(rowOf(rows, 'login')).toMatchObject({ status: 200, ok: true });
    expect(rowOf(rows, 'getInstitution')).toMatchObject({
      ok: false,
      issues: ['no reply: terminated (other side closed)'],
    });
  });

  it("names the network's own error: the innermost cause, each address tried, the blocked port", () => {
    const attempt = (message: string) => Object.assign(new Error(message), { code: 'ECONNREFUSED' });
    const both = new AggregateError([
      attempt('connect ECONNREFUSED ::1:8080'),
      attempt('connect ECONNREFUSED 127.0.0.1:8080'),
    ]);
    expect(networkReason(new TypeError('fetch failed', { cause: both }))).toBe(
      'connect ECONNREFUSED ::1:8080; connect ECONNREFUSED 127.0.0.1:8080',
    );
    expect(
      networkReason(new TypeError('fetch failed', { cause: Object.assign(new Error(''), { code: 'ETIMEDOUT' }) })),
    ).toBe('ETIMEDOUT');
    expect(networkReason('down')).toBe('down');
    expect(new HostUnreachable('http://127.0.0.1:9/', 'bad port').advice).toBe(
      'No operation was checked: fetch never connects to port 9, one the fetch standard blocks; use another.',
    );
  });
});

// --- the table -------------------------------------------------------------------------------------

describe('the table', () => {
  const rows: CheckRow[] = [
    {
      operation: 'getInstitution',
      wire: 'getinstituition',
      status: 200,
      ok: true,
      checkedAgainst: 'reply',
      issues: [],
    },
    {
      operation: 'getContact',
      wire: 'getcontact',
      status: 200,
      ok: false,
      checkedAgainst: 'reply',
      issues: ['ct: Invalid input: expected object, received string', 'a: one', 'b: two', `c: ${'x'.repeat(200)}`],
    },
    {
      operation: 'createPin',
      wire: 'updatepin',
      status: 409,
      ok: true,
      checkedAgainst: 'error',
      issues: [],
      note: 'You already have a transaction PIN.',
    },
    { operation: 'lookupUser', wire: 'crud=iduser', status: undefined, ok: false, checkedAgainst: 'none', issues: [] },
  ];

  it('has a header, one aligned line per row and a summary', () => {
    const lines = formatTable(rows).split('\n');
    expect(lines[0]).toMatch(/^operation\s+wire\s+status\s+result\s+details$/u);
    expect(lines[1]).toMatch(/^-+ {2}-+ {2}-+ {2}-+ {2}-+$/u);
    const body = lines.slice(2, 6);
    const statusColumn = lines[0]!.indexOf('status');
    expect(body.map((l) => l.slice(statusColumn, statusColumn + 3))).toEqual(['200', '200', '409', '-  ']);
    const resultColumn = lines[0]!.indexOf('result');
    expect(body.map((l) => l.slice(resultColumn).split(' ')[0])).toEqual(['ok', 'FAIL', 'ok', 'FAIL']);
    expect(lines.at(-1)).toBe('2 of 4 rows pass');
    expect(formatTable(rows, { readOnly: true }).split('\n').at(-1)).toBe(
      '2 of 4 rows pass (read-only: no writes were fired)',
    );
  });

  it('shows the zod issues of a failed row, shortened, and the message of a refused call', () => {
    const lines = formatTable(rows).split('\n');
    const contact = lines.find((l) => l.startsWith('getContact')) ?? '';
    expect(contact).toContain('ct: Invalid input: expected object, received string; a: one; b: two (+1 more)');
    expect(contact).not.toContain('xxxxx');
    expect(lines.find((l) => l.startsWith('createPin'))).toMatch(/refused: You already have a transaction PIN\.$/u);
    expect(lines.find((l) => l.startsWith('getInstitution'))).toMatch(/ok$/u);
    const long = formatTable([{ ...rows[1]!, issues: [`z: ${'y'.repeat(500)}`] }]).split('\n')[2] ?? '';
    expect(long).toMatch(/y\.\.\.$/u);
    expect(long.length).toBeLessThan(200);
  });
});

// --- the command line ------------------------------------------------------------------------------

describe('the command line', () => {
  it('needs only --base; the account defaults to the demo persona', () => {
    expect(parseCheckArgs(['--base', 'http://localhost:8080/'])).toEqual({
      ok: true,
      help: false,
      options: {
        base: 'http://localhost:8080/',
        email: undefined,
        passcode: undefined,
        pin: undefined,
        readOnly: false,
        sandbox: undefined,
        encoding: undefined,
      },
      reports: { junit: undefined, json: false },
    });
  });

  it('reads every option, also after the `--` pnpm may pass on', () => {
    const parsed = parseCheckArgs([
      '--',
      '--base=https://host.example/bank/',
      '--email',
      'qa@host.example',
      '--passcode',
      '135790',
      '--pin',
      '2468',
      '--read-only',
      '--sandbox',
      'ci-42',
      '--encoding',
      'multipart',
      '--junit',
      'reports/contract.xml',
      '--json',
    ]);
    expect(parsed).toEqual({
      ok: true,
      help: false,
      options: {
        base: 'https://host.example/bank/',
        email: 'qa@host.example',
        passcode: '135790',
        pin: '2468',
        readOnly: true,
        sandbox: 'ci-42',
        encoding: 'multipart',
      },
      reports: { junit: 'reports/contract.xml', json: true },
    });
    expect(parseCheckArgs(['--base', 'http://h/', '--junit=out.xml'])).toMatchObject({
      reports: { junit: 'out.xml', json: false },
    });
    expect(parseCheckArgs(['--help'])).toEqual({ ok: true, help: true });
    expect(parseCheckArgs(['--json', '--help'])).toEqual({ ok: true, help: true });
  });

  it.each([
    [[], /--base URL is required/u],
    [['--base'], /argument missing/u],
    [['--base', 'localhost:8080'], /--base must be an http or https URL/u],
    [['--base', 'not a url'], /--base must be a URL/u],
    [['--base', 'http://h/', '--email', 'a@b.c'], /--email and --passcode go together/u],
    [['--base', 'http://h/', '--passcode', '123456'], /--email and --passcode go together/u],
    [['--base', 'http://h/', '--encoding', 'json'], /--encoding must be urlencoded or multipart/u],
    [['--base', 'http://h/', '--pin', '12'], /--pin must be 4 digits/u],
    [
      ['--base', 'http://h/', '--sandbox', 'CI 42'],
      /^--sandbox must be 1 to 40 lowercase letters, digits or dashes, not 'CI 42'$/u,
    ],
    [['--base', 'http://h/', '--readonly'], /Unknown option '--readonly'/u],
    [['--base', 'http://h/', 'extra'], /positional/u],
    [['--base', 'http://h/', '--junit'], /^Option '--junit <value>' argument missing$/u],
    [['--base', 'http://h/', '--junit', '--json'], /'--junit' argument is ambiguous/u],
    [['--base', 'http://h/', '--junit='], /^--junit needs a file name$/u],
    [['--base', 'http://h/', '--json=yes'], /does not take an argument/u],
  ])('refuses %j in one line', (argv, message) => {
    const parsed = parseCheckArgs(argv);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.message).toMatch(message);
      expect(parsed.message).not.toContain('\n');
    }
  });
});
