import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@ebank/contract';
import { pngBlob, SAMPLE_PAYEE } from '@ebank/contract/testing';
import { Bank } from './bank/bank';
import { CATALOGUE, DEMO_PASSCODE } from './bank/seed';
import { readStateFile, StateFileError } from './persistence';
import { startBank, type Harness } from './testing/harness';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Long enough that only an explicit save (or shutdown) writes. */
const NEVER = 3_600_000;

let dir: string;
let file: string;
const running: Harness[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-state-'));
  file = path.join(dir, 'bank.json');
});
afterEach(async () => {
  for (const h of running.splice(0)) {
    h.app.closeState();
    await h.close();
  }
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

const start = async (options: { stateWriteDelayMs?: number } = {}) => {
  const h = await startBank({ stateFile: file, ...options });
  running.push(h);
  return h;
};
/** Shuts a server down the way SIGTERM does: a last write, then close. */
const stop = async (h: Harness) => {
  running.splice(running.indexOf(h), 1);
  h.app.closeState();
  await h.close();
};
/** The digest of the bank the file holds now. */
const fileDigest = () => {
  const stored = readStateFile(file);
  return stored && Bank.restore(stored.snapshot, { catalogue: CATALOGUE }).digest();
};
const written = () => fs.readFileSync(file, 'utf8');
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
};
const transfer = {
  ...SAMPLE_PAYEE,
  amount: 100,
};

describe('a state file (MOCK_STATE_FILE)', () => {
  it('keeps a prepared demo across a restart: records, balances, sessions, codes, uploads, counters', async () => {
    const first = await start();
    expect(fileDigest()).toBe(first.app.bank().digest());
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const token = await first.login('demo@bank.test');
    const api = first.client({ user: token });
    await api.call('confirmPin', { pin: '1234', extra: transfer });
    await api.call('createTransfer', { ...transfer, extra: transfer });
    const form = await api.call('getCryptoDepositForm');
    await api.call('createCryptoDeposit', {
      type: 'ETH',
      amount: 250,
      address: form.addresses[0],
      depositPic: pngBlob(),
    });
    const unread = (await api.call('getNotifications')).notifications.find((n) => n.wasread === 'no');
    await api.call('markNotificationRead', { id: unread?.id ?? '' });
    expect((await failure(api.call('confirmPin', { pin: '0000', extra: transfer }))).message).toBe(
      'Incorrect PIN. 4 attempts left.',
    );
    await first.client().call('resendConfirmCode', { email: 'unverified@bank.test' });

    // written shortly after, without being asked
    await vi.waitFor(() => expect(fileDigest()).toBe(first.app.bank().digest()), { timeout: 10_000 });
    const digest = first.app.bank().digest();
    const summary = await api.call('getInstitution');
    const statement = await api.call('getStatement');
    const outbox = await first.outbox('unverified@bank.test');
    const proof = first.app
      .bank()
      .allRequests()
      .find((r) => r.kind === 'crypto-deposit' && r.amountCents === 25_000)?.proof;
    const image = new Uint8Array(await (await fetch(`${first.base}__mock/uploads/${proof ?? ''}`)).arrayBuffer());
    await stop(first);

    const second = await start();
    expect(second.app.bank().digest()).toBe(digest);
    const same = second.client({ user: token });
    expect(await same.call('getInstitution')).toEqual(summary);
    expect((await same.call('getInstitution')).tb.current_balance).toBe(5120 - 100);
    expect(await same.call('getStatement')).toEqual(statement);
    expect(await second.outbox('unverified@bank.test')).toEqual(outbox);
    expect(new Uint8Array(await (await fetch(`${second.base}__mock/uploads/${proof ?? ''}`)).arrayBuffer())).toEqual(
      image,
    );
    await expect(second.login('demo@bank.test', DEMO_PASSCODE)).resolves.toBeTruthy();
    expect((await failure(same.call('confirmPin', { pin: '0000', extra: transfer }))).message).toBe(
      'Incorrect PIN. 3 attempts left.',
    );
    // a code e-mailed before the restart still verifies after it
    expect(
      await second
        .client()
        .call('verifyEmail', { email: 'unverified@bank.test', ver_code: outbox[0]?.code ?? '', action: 'code' }),
    ).toMatchObject({ status: 'success', message: 'Your e-mail address is verified' });
  });

  it('writes a burst of changes once, when asked or when due, and a last time on shutdown', async () => {
    const h = await start({ stateWriteDelayMs: NEVER });
    const seed = fileDigest();
    const renames = vi.spyOn(fs, 'renameSync');
    const api = h.client({ user: await h.login('nopin@bank.test') });
    await api.call('createPin', { pin: '2468' });
    await api.call('updateProfile', { fullname: 'Noah P. Pinless' });
    expect(renames).not.toHaveBeenCalled();
    expect(fileDigest()).toBe(seed);

    h.app.saveState();
    expect(renames).toHaveBeenCalledTimes(1);
    expect(fileDigest()).toBe(h.app.bank().digest());
    h.app.saveState();
    expect(renames).toHaveBeenCalledTimes(1);

    await api.call('updateProfile', { fullname: 'Noah Pinless' });
    await stop(h);
    expect(renames).toHaveBeenCalledTimes(2);
    expect(fileDigest()).toBe(h.app.bank().digest());
  });

  it('a reset writes the seed over the file', async () => {
    const h = await start();
    const api = h.client({ user: await h.login('nopin@bank.test') });
    await api.call('createPin', { pin: '2468' });
    await vi.waitFor(() => expect(fileDigest()).toBe(h.app.bank().digest()), { timeout: 10_000 });
    await h.reset();
    await vi.waitFor(() => expect(fileDigest()).toBe(h.app.bank().digest()), { timeout: 10_000 });
    await stop(h);

    const again = await start();
    const fresh = again.client({ user: await again.login('nopin@bank.test') });
    expect(await fresh.call('checkPin')).toEqual({ haspin: false });
  });

  it('writes to a temp file in the same directory, then renames it over the old file', async () => {
    const h = await start({ stateWriteDelayMs: NEVER });
    const before = written();
    await h.client().call('resendConfirmCode', { email: 'unverified@bank.test' });
    const rename = fs.renameSync.bind(fs);
    const seen: string[] = [];
    vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
      // at this moment the target is still the old file, whole, and the new one is complete
      expect(to).toBe(file);
      expect(path.dirname(String(from))).toBe(dir);
      expect(written()).toBe(before);
      seen.push(fs.readFileSync(from, 'utf8'));
      rename(from, to);
    });
    h.app.saveState();
    expect(seen).toEqual([written()]);
    expect(fileDigest()).toBe(h.app.bank().digest());
    expect(fs.readdirSync(dir)).toEqual(['bank.json']);
  });

  it('a write that fails leaves the old file whole and no temp file; the next write succeeds', async () => {
    const h = await start({ stateWriteDelayMs: NEVER });
    const before = written();
    await h.client().call('resendConfirmCode', { email: 'unverified@bank.test' });
    vi.spyOn(fs, 'renameSync').mockImplementationOnce(() => {
      throw new Error('EIO: the disk went away');
    });
    expect(() => h.app.saveState()).toThrow(StateFileError);
    expect(() => h.app.saveState()).not.toThrow();
    expect(fileDigest()).toBe(h.app.bank().digest());
    expect(written()).not.toBe(before);
    expect(fs.readdirSync(dir)).toEqual(['bank.json']);
  });

  it('a failed write after a request is reported in one line; the server keeps serving and writes later', async () => {
    const h = await start();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = written();
    vi.spyOn(fs, 'renameSync').mockImplementationOnce(() => {
      throw new Error('ENOSPC: no space left on device');
    });
    await h.client().call('resendConfirmCode', { email: 'unverified@bank.test' });
    await vi.waitFor(() => expect(log).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(log.mock.calls[0]).toEqual([`Cannot write the state file ${file}: ENOSPC: no space left on device`]);
    expect(written()).toBe(before);
    await h.client().call('resendConfirmCode', { email: 'unverified@bank.test' });
    await vi.waitFor(() => expect(fileDigest()).toBe(h.app.bank().digest()), { timeout: 10_000 });
  });

  it('keeps the named snapshots across a restart; the clock starts again on the real time', async () => {
    const first = await start({ stateWriteDelayMs: NEVER });
    const api = first.client({ user: await first.login('nopin@bank.test') });
    const saved = (await (await first.post('__mock/snapshots', { name: 'no-pin' })).json()) as unknown;
    await api.call('createPin', { pin: '2468' });
    await first.post('__mock/snapshots', { name: 'with-pin' });
    await first.post('__mock/clock', { advanceMinutes: 60 });
    const listed = (await (await first.send('/__mock/snapshots')).json()) as unknown;
    await stop(first);
    expect(readStateFile(file)?.snapshots.map((s) => s.name)).toEqual(['no-pin', 'with-pin']);

    const second = await start();
    expect(await (await second.send('/__mock/snapshots')).json()).toEqual(listed);
    expect(await (await second.send('/__mock/clock')).json()).toMatchObject({ offsetMinutes: 0 });
    expect(await (await second.send('/__mock/snapshots/no-pin/restore', { method: 'POST' })).json()).toEqual({
      ok: true,
      ...(saved as object),
    });
    const fresh = second.client({ user: await second.login('nopin@bank.test') });
    expect(await fresh.call('checkPin')).toEqual({ haspin: false });
    // a deleted snapshot is gone from the file too
    await second.send('/__mock/snapshots/with-pin', { method: 'DELETE' });
    second.app.saveState();
    expect(readStateFile(file)?.snapshots.map((s) => s.name)).toEqual(['no-pin']);
  });

  it('an older file without named snapshots still loads, with none', async () => {
    const first = await start();
    await first.post('__mock/snapshots', { name: 'gone' });
    await stop(first);
    const { snapshots, ...older } = JSON.parse(written()) as Record<string, unknown>;
    expect(snapshots).toHaveLength(1);
    fs.writeFileSync(file, JSON.stringify(older));
    const digest = fileDigest();

    const second = await start();
    expect(second.app.bank().digest()).toBe(digest);
    expect(await (await second.send('/__mock/snapshots')).json()).toEqual([]);
  });

  it('a request that changed nothing neither reads nor hashes nor writes the bank: a 404, refused calls', async () => {
    const h = await start({ stateWriteDelayMs: 0 });
    const renames = vi.spyOn(fs, 'renameSync');
    const snapshots = vi.spyOn(h.app.bank(), 'snapshot');
    const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });
    const statuses = [
      (await h.send('/nowhere', { method: 'POST' })).status,
      (await h.send('/api/users.php', form({ getinstituition: '1', token: 'not-a-token' }))).status,
      (await h.send('/api/users.php?crud=nothing', form({ email: 'demo@bank.test' }))).status,
      (await h.send('/api/users.php', form({ getinstituition: '1', getprofile: '1' }))).status,
      (await h.send('/__mock/staff/requests/nope/confirm', { method: 'POST' })).status,
      (await h.send('/api/users.php', { method: 'PUT' })).status,
    ];
    expect(statuses).toEqual([404, 401, 400, 400, 404, 405]);
    // Past the limit of lookups: a 429, and the bank is not asked.
    for (let i = 0; i < 21; i += 1) await h.send('/api/users.php?crud=iduser', form({ email: 'demo@bank.test' }));
    expect((await h.send('/api/users.php?crud=iduser', form({ email: 'demo@bank.test' }))).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(snapshots).not.toHaveBeenCalled();
    expect(renames).not.toHaveBeenCalled();

    // A change is still written soon after.
    await h.client().call('resendConfirmCode', { email: 'unverified@bank.test' });
    await vi.waitFor(() => expect(renames).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(snapshots).toHaveBeenCalled();
    expect(fileDigest()).toBe(h.app.bank().digest());
  });

  it('without a state file nothing is written', async () => {
    const opens = vi.spyOn(fs, 'openSync');
    const renames = vi.spyOn(fs, 'renameSync');
    const h = await startBank();
    running.push(h);
    const api = h.client({ user: await h.login('nopin@bank.test') });
    await api.call('createPin', { pin: '2468' });
    h.app.saveState();
    h.app.closeState();
    expect(opens).not.toHaveBeenCalled();
    expect(renames).not.toHaveBeenCalled();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('a state file that cannot be used stops the start with a clear message, and is left as it is', () => {
  /** A real state file, changed by `edit`. */
  const edited = async (edit: (state: Record<string, unknown> & { users: Record<string, unknown>[] }) => void) => {
    await stop(await start());
    const state = JSON.parse(written()) as Record<string, unknown> & { users: Record<string, unknown>[] };
    edit(state);
    return JSON.stringify(state);
  };

  it.each<[string, () => Promise<string> | string, RegExp]>([
    ['not JSON', () => '{"format":"ebank-mock-state","vers', /is not valid JSON: it is damaged or not a state file\./u],
    ['empty', () => '', /is not valid JSON/u],
    ['another kind of JSON', () => '{"hello":"world"}', /is not a mock bank state file\./u],
    [
      'another version',
      () =>
        edited((s) => {
          s.version = 2;
        }),
      /has version 2; this server reads version 1\./u,
    ],
    [
      'a damaged record',
      () =>
        edited((s) => {
          s.users[0] = { ...s.users[0], email: 42 };
        }),
      /is damaged \(users\.0\.email: .+\)\./u,
    ],
    [
      'an unknown field',
      () =>
        edited((s) => {
          s.users[0] = { ...s.users[0], nickname: 'Dee' };
        }),
      /is damaged \(users\.0: .*nickname.*\)\./u,
    ],
    [
      'the same customer twice',
      () =>
        edited((s) => {
          s.users.push({ ...s.users[0] });
        }),
      /is damaged \(users\.\d+: '[\w-]+' is listed twice\)\./u,
    ],
    [
      'a named snapshot with a bad name',
      () =>
        edited((s) => {
          const { format, savedAt, signingKey, ...snapshot } = s;
          s.snapshots = [{ name: 'a b', savedAt, snapshot }];
          expect(format && signingKey).toBeTruthy();
        }),
      /is damaged \(snapshots\.0\.name: name: must be 1 to 64 .+\)\./u,
    ],
    [
      'a record of nobody',
      () =>
        edited((s) => {
          (s.ledger as Record<string, unknown>[])[0] = {
            ...(s.ledger as Record<string, unknown>[])[0],
            userId: 'nobody',
          };
        }),
      /is damaged \(ledger\.0: no user 'nobody'\)\./u,
    ],
  ])('%s', async (_name, content, message) => {
    const text = await content();
    fs.writeFileSync(file, text);
    const error = await startBank({ stateFile: file }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StateFileError);
    const line = (error as Error).message;
    expect(line).toMatch(message);
    expect(line.startsWith(`The state file ${file} (MOCK_STATE_FILE) `)).toBe(true);
    expect(line).toMatch(/Move it away \(or delete it\) to start from the seeded bank\.$/u);
    expect(line).not.toContain('\n');
    expect(written()).toBe(text);
  });

  it('a file that cannot be read', async () => {
    fs.mkdirSync(file);
    await expect(startBank({ stateFile: file })).rejects.toThrow(
      new RegExp(`^The state file ${file} \\(MOCK_STATE_FILE\\) cannot be read: EISDIR`, 'u'),
    );
  });

  it('a directory that cannot be written to', async () => {
    const missing = path.join(dir, 'no-such-dir', 'bank.json');
    await expect(startBank({ stateFile: missing })).rejects.toThrow(`Cannot write the state file ${missing}: ENOENT`);
  });

  it('the server prints that one line and exits with status 1', async () => {
    fs.writeFileSync(file, 'not json');
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        path.join(packageDir, 'node_modules/.bin/tsx'),
        ['src/main.ts'],
        { cwd: packageDir, env: { ...process.env, MOCK_STATE_FILE: file, PORT: '1' }, timeout: 60_000 },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `The state file ${file} (MOCK_STATE_FILE) is not valid JSON: it is damaged or not a state file. Move it away (or delete it) to start from the seeded bank.\n`,
    );
    expect(written()).toBe('not json');
  });
});
