/**
 * The request journal over HTTP (GET and DELETE /__mock/journal on the real app): the portal's calls as
 * they were answered, secrets masked, newest first, filtered; refusals, decode failures and simulated
 * faults recorded too; a bad filter refused in the shared error shape.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pngBlob } from '@ebank/contract/testing';
import { DEMO_PASSCODE } from '../bank/seed';
import { startBank, type Harness } from '../testing/harness';
import { SECURITY_HEADERS } from './reply';
import { MASK, type JournalEntry } from './dev-journal';

let bank: Harness;
beforeAll(async () => {
  bank = await startBank();
});
afterAll(() => bank.close());
beforeEach(async () => {
  await bank.reset();
  await bank.send('/__mock/journal', { method: 'DELETE' });
});

const journal = async (query = '') => {
  const res = await bank.send(`/__mock/journal${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as JournalEntry[];
};

const form = (fields: Record<string, string>) => ({ method: 'POST', body: new URLSearchParams(fields) });

describe('GET /__mock/journal', () => {
  it('lists a sign-in, newest first, with the passcode and the token masked', async () => {
    const token = await bank.login('demo@bank.test');
    await bank.client({ user: token }).call('getProfile');

    const res = await bank.send('/__mock/journal');
    const text = await res.text();
    expect(text).not.toContain(DEMO_PASSCODE);
    expect(text).not.toContain(token);
    const entries = JSON.parse(text) as JournalEntry[];
    expect(entries.map((e) => e.operation)).toEqual(['getProfile', 'login']);
    const [profile, login] = entries;
    expect(login).toEqual({
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/u) as unknown,
      operation: 'login',
      selector: 'crud=userlogin',
      email: 'demo@bank.test',
      status: 200,
      durationMs: expect.any(Number) as unknown,
      fields: { email: 'demo@bank.test', password: MASK, remeber: '0' },
      replyValid: true,
    });
    expect(profile).toMatchObject({
      selector: 'getprofile',
      email: 'demo@bank.test',
      status: 200,
      fields: { getprofile: '1', token: MASK },
      replyValid: true,
    });
    expect(Date.parse(profile?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(login?.at ?? ''));
  });

  it('records refusals, calls that name no operation, and files by name, type and size', async () => {
    await bank.send('/api/users.php?crud=userlogin', form({ email: 'demo@bank.test', password: '000000' }));
    await bank.send('/api/users.php', form({ nothing: '1' }));
    const token = await bank.login('demo@bank.test');
    await bank.client({ user: token }, 'multipart').call('updateProfilePicture', { profilePic: pngBlob('me.png') });

    const [picture, login, nothing, wrong] = await journal();
    expect(picture).toMatchObject({
      operation: 'updateProfilePicture',
      fields: { profilePic: { name: 'me.png', type: 'image/png', size: expect.any(Number) as unknown } },
    });
    expect(login?.status).toBe(200);
    expect(nothing).toMatchObject({ operation: null, selector: null, email: null, status: 400, replyValid: true });
    expect(wrong).toMatchObject({
      operation: 'login',
      email: 'demo@bank.test',
      fields: { password: MASK },
      replyValid: true,
    });
    expect(wrong?.status).toBeGreaterThanOrEqual(400);
  });

  it('filters by operation, e-mail and status', async () => {
    await bank.send('/api/users.php?crud=iduser', form({ email: 'demo@bank.test' }));
    await bank.send('/api/users.php?crud=iduser', form({ email: 'nobody@bank.test' }));
    await bank.login('nopin@bank.test');
    const pick = async (query: string) => (await journal(query)).map((e) => `${e.operation} ${e.email} ${e.status}`);
    expect(await pick('?operation=lookupUser')).toEqual([
      'lookupUser nobody@bank.test 404',
      'lookupUser demo@bank.test 200',
    ]);
    expect(await pick('?email=nopin%40bank.test')).toEqual(['login nopin@bank.test 200']);
    expect(await pick('?status=404')).toEqual(['lookupUser nobody@bank.test 404']);
    expect(await pick('?operation=lookupUser&status=200&email=demo@bank.test')).toEqual([
      'lookupUser demo@bank.test 200',
    ]);
  });

  it('refuses a bad filter with a 400 in the shared error shape', async () => {
    for (const query of ['?status=abc', '?operation=nope', '?status=200&status=404', '?colour=red']) {
      const res = await bank.send(`/__mock/journal${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-security-policy')).toBe(SECURITY_HEADERS['Content-Security-Policy']);
      expect(await res.json()).toEqual({ error: true, message: expect.any(String) as unknown, code: 'invalid' });
    }
  });

  it('records the login lookup limit (429) too', async () => {
    for (let i = 0; i < 21; i++) await bank.send('/api/users.php?crud=iduser', form({ email: 'demo@bank.test' }));
    const [limited] = await journal('?status=429');
    expect(limited).toMatchObject({ operation: 'lookupUser', email: 'demo@bank.test', replyValid: true });
  });

  it('is kept by a reset of the bank, and emptied by DELETE', async () => {
    await bank.login('demo@bank.test');
    await bank.reset();
    expect(await journal()).toHaveLength(1);
    const res = await bank.send('/__mock/journal', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(await journal()).toEqual([]);
  });
});

describe('the journal with simulated faults and a state file', () => {
  it('records a simulated outage', async () => {
    const faulty = await startBank({ faultRate: 1 });
    try {
      await faulty.send('/api/users.php?crud=iduser', form({ email: 'demo@bank.test' }));
      const entries = (await (await faulty.send('/__mock/journal')).json()) as JournalEntry[];
      expect(entries).toMatchObject([{ operation: 'lookupUser', status: 503, replyValid: true }]);
    } finally {
      await faulty.close();
    }
  });

  it('is not kept in the state file: a restart starts with an empty journal', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'journal-'));
    const stateFile = path.join(dir, 'state.json');
    try {
      const first = await startBank({ stateFile, stateWriteDelayMs: 0 });
      await first.login('demo@bank.test');
      first.app.closeState();
      await first.close();
      const second = await startBank({ stateFile });
      try {
        expect(await (await second.send('/__mock/journal')).json()).toEqual([]);
      } finally {
        second.app.closeState();
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
