/**
 * The proxy's recording (MOCK_RECORD_DIR) and its replay (`pnpm contract:drift`): the pseudonyms, then a
 * mock bank recorded through the proxy (ending with a session the host ended) and replayed against a
 * second mock with another service charge (the report names getperc, and nothing else) and against a
 * third one like the first (nothing drifts, the ended session included).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { date, email, phone, text } from '@ebank/contract';
import { pngBlob } from '@ebank/contract/testing/images';
import { configFromEnv } from '../config';
import { ROOT } from '../testing/conformance-cli';
import { startBank, type Harness } from '../testing/harness';
import { MANIFEST_FILE, PSEUDONYM_PATTERN, Pseudonyms, pseudonymise, type RecordedExchange } from './recorder';

/** `pnpm contract:drift` as the README gives it (the root script is `tsx packages/tools/src/drift/cli.ts`). */
const driftCli = (args: readonly string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['packages/tools/src/drift/cli.ts', ...args],
      { cwd: ROOT },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });

describe('pseudonyms', () => {
  const names = new Pseudonyms(new Uint8Array(32).fill(7));

  it('gives the same value the same pseudonym, another value another, each valid for its field', () => {
    const first = names.of('email', 'Demo@Bank.test');
    expect(first).toMatch(/^anon-[0-9a-f]{8}@example\.invalid$/u);
    expect(names.of('email', 'demo@bank.test')).toBe(first);
    expect(names.of('email', 'other@bank.test')).not.toBe(first);
    expect(new Pseudonyms(new Uint8Array(32).fill(8)).of('email', 'demo@bank.test')).not.toBe(first);

    expect(email().safeParse(first).success).toBe(true);
    expect(phone().safeParse(names.of('phone', '+1 555 010 0100')).success).toBe(true);
    expect(date().safeParse(names.of('birth', '1990-04-23')).success).toBe(true);
    expect(text({ max: 34 }).safeParse(names.of('account', '1234567890')).success).toBe(true);
    for (const kind of ['email', 'name', 'phone', 'address', 'account', 'birth'] as const)
      expect(names.of(kind, 'Some Value 42')).toMatch(new RegExp(`^(?:${PSEUDONYM_PATTERN})$`, 'u'));
  });

  it('replaces personal data by key, inside JSON text and inside other text, and masks a reply token', () => {
    const changed: string[] = [];
    const out = pseudonymise(
      {
        jwt: 'eyJ.secret.token',
        data: { fullname: 'Dana Demo', email: 'demo@bank.test', phone: '+1 555 1234', country: 'Ireland' },
        extra: '{"act_no":"998877","act_hold_name":"Bob Payee","amount":10}',
        message: 'Your transfer to Bob Payee is pending; we wrote to demo@bank.test.',
        account: { account_no: 12345678 },
        address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      },
      names,
      { at: 'reply.body', changed, maskTokens: true },
    );
    const bob = names.of('name', 'Bob Payee');
    const demo = names.of('email', 'demo@bank.test');
    expect(out).toEqual({
      jwt: '***',
      data: {
        fullname: names.of('name', 'Dana Demo'),
        email: demo,
        phone: names.of('phone', '+1 555 1234'),
        country: 'Ireland',
      },
      extra: JSON.stringify({ act_no: names.of('account', '998877'), act_hold_name: bob, amount: 10 }),
      message: `Your transfer to ${bob} is pending; we wrote to ${demo}.`,
      account: { account_no: expect.any(Number) as unknown },
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    });
    expect(changed).toEqual([
      'reply.body.data.fullname',
      'reply.body.data.email',
      'reply.body.data.phone',
      'reply.body.extra.act_no',
      'reply.body.extra.act_hold_name',
      'reply.body.account.account_no',
    ]);
  });
});

describe('MOCK_RECORD_DIR', () => {
  it('is a folder from where pnpm was started, and needs MOCK_UPSTREAM', () => {
    const config = configFromEnv({ MOCK_UPSTREAM: 'http://host.test', MOCK_RECORD_DIR: 'rec', INIT_CWD: '/tmp/x' });
    expect(config.app.recordDir).toBe(path.resolve('/tmp/x', 'rec'));
    expect(configFromEnv({}).app.recordDir).toBeUndefined();
    expect(() => configFromEnv({ MOCK_RECORD_DIR: 'rec' })).toThrow(/set MOCK_UPSTREAM too/u);
  });
});

describe('record through the proxy, replay against other mocks', () => {
  let host: Harness;
  let proxy: Harness;
  let dir: string;
  let demoAccount: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'drift-recording-'));
    host = await startBank();
    proxy = await startBank({ upstream: host.base, recordDir: dir });
    demoAccount = host.app.bank().findByEmail('demo@bank.test')?.accountNumber ?? '';

    // The portal's calls, through the proxy: the sign-in, the home page, the transfer review, a deposit.
    const anonymous = proxy.client();
    await anonymous.call('lookupUser', { email: 'demo@bank.test' });
    const token = await proxy.login('demo@bank.test');
    const api = proxy.client({ user: token });
    await api.call('getInstitution');
    await api.call('getServiceCharge');
    await api.call('getProfile');
    await api.call('checkPin');
    await api.call('getNotifications');
    await api.call('getContact');
    await proxy.client({ user: token }, 'multipart').call('createCryptoDeposit', {
      type: 'BTC',
      amount: 25,
      depositPic: pngBlob('dana-proof.png'),
    });
    await api.call('getCryptoDepositForm');
    await api.call('getServiceCharge');
    // The session times out on the host: its next request is refused (401), as in real recordings.
    host.app.bank().clock.advance(31);
    await expect(api.call('getInstitution')).rejects.toMatchObject({ status: 401 });
  });
  afterAll(async () => {
    await proxy.close();
    await host.close();
    await rm(dir, { recursive: true, force: true });
  });

  const exchangesOf = async (operation: string) => {
    const folder = path.join(dir, operation);
    const files = (await readdir(folder)).sort();
    return Promise.all(
      files.map(async (f) => JSON.parse(await readFile(path.join(folder, f), 'utf8')) as RecordedExchange),
    );
  };

  it('files each exchange under its operation, masked and pseudonymised, and names the persona', async () => {
    expect((await readdir(dir)).sort()).toEqual(
      [
        MANIFEST_FILE,
        'checkPin',
        'createCryptoDeposit',
        'getContact',
        'getCryptoDepositForm',
        'getInstitution',
        'getNotifications',
        'getProfile',
        'getServiceCharge',
        'login',
        'lookupUser',
      ].sort(),
    );
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as {
      personas: { pseudonym: string }[];
    };
    expect(manifest.personas).toEqual([
      { pseudonym: expect.stringMatching(/^anon-[0-9a-f]{8}@example\.invalid$/u) as unknown },
    ]);
    const pseudonym = manifest.personas[0]?.pseudonym;

    const [login] = await exchangesOf('login');
    expect(login?.request.fields).toEqual({ email: pseudonym, password: '***', remeber: '0' });
    expect(login?.reply).toMatchObject({ status: 200, json: true, body: { jwt: '***', role: 'user' } });

    const charges = await exchangesOf('getServiceCharge');
    expect(charges.map((c) => c.seq)).toEqual([4, 11]);
    expect(charges[0]).toMatchObject({
      operation: 'getServiceCharge',
      wire: 'getperc',
      persona: pseudonym,
      request: { contentType: 'application/x-www-form-urlencoded', fields: { getperc: '1', token: '***' } },
      reply: { status: 200, body: { percent: { percent: 10 } } },
    });

    const [deposit] = await exchangesOf('createCryptoDeposit');
    expect(deposit?.request.contentType).toBe('multipart/form-data');
    expect(deposit?.request.fields.depositPic).toEqual({
      name: 'dana-proof.png',
      type: 'image/png',
      size: expect.any(Number) as unknown,
    });

    const [profile] = await exchangesOf('getProfile');
    expect(profile?.pseudonymised).toEqual(
      expect.arrayContaining(['reply.body.data.fullname', 'reply.body.data.email', 'reply.body.it.account_no']),
    );

    const [, ended] = await exchangesOf('getInstitution');
    expect(ended).toMatchObject({
      persona: pseudonym,
      request: { fields: { token: '***' } },
      reply: { status: 401, body: { message: 'Your session has ended. Please log in again.' } },
    });
  });

  it('writes no personal data of the persona or of the people it paid anywhere, its address in recording.json and `persona` neither', async () => {
    const files = [MANIFEST_FILE];
    for (const folder of await readdir(dir, { withFileTypes: true }))
      if (folder.isDirectory())
        files.push(...(await readdir(path.join(dir, folder.name))).map((f) => path.join(folder.name, f)));
    expect(files).toHaveLength(13);
    for (const file of files) {
      const raw = await readFile(path.join(dir, file), 'utf8');
      expect(raw).not.toMatch(/demo@bank\.test|Dana|Demo\b/u);
      // Nor the people the host's texts name: payees in notifications and transaction descriptions.
      expect(raw).not.toMatch(/Sam Lee|Jane Cooper|Alex Morgan|Transfer to/u);
      expect(raw).not.toContain(demoAccount);
    }
  });

  // The command runs in a process of its own (tsx starts slowly on a busy machine).
  it('reports getperc when the second mock charges 5%, and nothing else', { timeout: 90_000 }, async () => {
    const other = await startBank({ bank: { serviceChargePercent: 5 } });
    const junit = path.join(dir, '..', `${path.basename(dir)}-drift.xml`);
    try {
      const table = await driftCli(['--recording', dir, '--base', other.base, '--junit', junit]);
      // The report, as the command prints it.
      console.log(`contract:drift against a mock charging 5%:\n${table.stdout}`);
      expect(table.code).toBe(1);
      expect(table.stdout).toMatch(/^getServiceCharge\s+getperc\s+2\/2\s+DRIFT\s+body\.percent\.percent: 10 -> 5$/mu);
      expect(table.stdout.match(/ DRIFT /gu)).toHaveLength(1);
      expect(table.stdout).toContain('1 of 10 operations drift (12 of 12 exchanges replayed)');
      const xml = await readFile(junit, 'utf8');
      expect(xml).toContain('name="getServiceCharge (getperc)"');
      expect(xml.match(/<failure /gu)).toHaveLength(1);
      expect(xml).toMatch(/exchange 4: body\.percent\.percent: 10 -(?:>|&gt;) 5/u);
    } finally {
      await other.close();
      await rm(junit, { force: true });
    }
  });

  it(
    'reports nothing against a mock like the one recorded, the ended session included',
    { timeout: 90_000 },
    async () => {
      const same = await startBank();
      try {
        const run = await driftCli(['--recording', dir, '--base', same.base]);
        // The recording names the persona by pseudonym only; the replay signs in as the demo persona.
        expect(run.stdout).toMatch(/^Signing in as demo@bank\.test for anon-[0-9a-f]{8}@example\.invalid$/mu);
        expect(run.stdout).toMatch(/^getInstitution\s+getinstituition\s+2\/2\s+ok/mu);
        expect(run.stdout).toContain('0 of 10 operations drift (12 of 12 exchanges replayed)');
        expect(run.code).toBe(0);
      } finally {
        await same.close();
      }
    },
  );
});
