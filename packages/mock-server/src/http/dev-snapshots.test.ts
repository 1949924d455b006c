import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXED_START, minutesAfterStart, startBank, type Harness } from '../testing/harness';
import { MAX_NAMED_SNAPSHOTS } from './dev-snapshots';

const START = FIXED_START;
const at = minutesAfterStart;

let bank: Harness;
beforeAll(async () => {
  bank = await startBank({ now: () => START });
});
afterAll(() => bank.close());
beforeEach(async () => {
  await bank.reset();
  const names = (await list()).map((s) => s.name);
  for (const name of names) await bank.send(`/__mock/snapshots/${name}`, { method: 'DELETE' });
});

const list = async () => {
  const reply = await bank.send('/__mock/snapshots');
  expect(reply.status).toBe(200);
  return (await reply.json()) as { name: string; savedAt: string }[];
};
const save = (body: unknown) => bank.post('__mock/snapshots', body);
const restore = (name: string) => bank.send(`/__mock/snapshots/${name}/restore`, { method: 'POST' });
const remove = (name: string) => bank.send(`/__mock/snapshots/${name}`, { method: 'DELETE' });
const hasPin = async (email: string) => (await bank.client({ user: await bank.login(email) }).call('checkPin')).haspin;

describe('named snapshots (/__mock/snapshots)', () => {
  it('saves the bank (201), lists newest first, restores the old state, deletes', async () => {
    const saved = await save({ name: 'before-pin' });
    expect(saved.status).toBe(201);
    expect(await saved.json()).toEqual({ name: 'before-pin', savedAt: at(0) });

    // change the bank: a PIN for nopin@, and the clock moves on
    await bank.client({ user: await bank.login('nopin@bank.test') }).call('createPin', { pin: '2468' });
    expect(await hasPin('nopin@bank.test')).toBe(true);
    await bank.post('__mock/clock', { advanceMinutes: 5 });
    expect((await save({ name: 'with.pin_2' })).status).toBe(201);
    expect(await list()).toEqual([
      { name: 'with.pin_2', savedAt: at(5) },
      { name: 'before-pin', savedAt: at(0) },
    ]);

    const restored = await restore('before-pin');
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual({ ok: true, name: 'before-pin', savedAt: at(0) });
    expect(await hasPin('nopin@bank.test')).toBe(false);
    // the clock is not part of a snapshot: it stays where it was
    expect(await (await bank.send('/__mock/clock')).json()).toMatchObject({ offsetMinutes: 5 });
    // a snapshot can be restored again and again
    await restore('with.pin_2');
    expect(await hasPin('nopin@bank.test')).toBe(true);

    const deleted = await remove('with.pin_2');
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ ok: true, name: 'with.pin_2' });
    expect((await list()).map((s) => s.name)).toEqual(['before-pin']);
  });

  it('a name saved again is overwritten and listed as newest', async () => {
    await save({ name: 'a' });
    await save({ name: 'b' });
    await bank.client({ user: await bank.login('nopin@bank.test') }).call('createPin', { pin: '2468' });
    expect((await save({ name: 'a' })).status).toBe(201);
    expect((await list()).map((s) => s.name)).toEqual(['a', 'b']);
    await bank.reset();
    await restore('a');
    expect(await hasPin('nopin@bank.test')).toBe(true);
  });

  it('POST /__mock/reset keeps the snapshots', async () => {
    await save({ name: 'kept' });
    await bank.reset();
    expect((await list()).map((s) => s.name)).toEqual(['kept']);
  });

  it('a restored bank keeps sessions and the money it held', async () => {
    const token = await bank.login('demo@bank.test');
    const api = bank.client({ user: token });
    const before = await api.call('getInstitution');
    await save({ name: 'money' });
    await bank.send('/__mock/staff/kyc/kyc-pending@bank.test/approve', { method: 'POST' });
    await restore('money');
    expect(await api.call('getInstitution')).toEqual(before);
    const state = (await (await bank.send('/__mock/staff/state')).json()) as { kyc: { email: string }[] };
    expect(state.kyc.map((k) => k.email)).toContain('kyc-pending@bank.test');
  });

  it.each([
    ['no body', undefined, 'Send {"name": NAME}'],
    ['no name', {}, 'name: is required'],
    ['an empty name', { name: '' }, 'name: must be 1 to 64 letters, digits, dots, underscores or hyphens'],
    ['a name of 65 characters', { name: 'x'.repeat(65) }, 'name: must be 1 to 64'],
    ['a name with a slash', { name: 'a/b' }, 'name: must be 1 to 64'],
    ['a name with a space', { name: 'my demo' }, 'name: must be 1 to 64'],
    ['a name that is not text', { name: 7 }, 'name: must be text'],
    ['an unknown field', { name: 'a', more: 1 }, 'Unrecognized key'],
  ])('refuses %s with a 400 JSON error, and saves nothing', async (_what, body, message) => {
    const reply = await save(body);
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual({
      error: true,
      code: 'invalid',
      message: expect.stringContaining(message) as unknown,
    });
    expect(await list()).toEqual([]);
  });

  it('takes a name of 64 characters, and a name from a form', async () => {
    expect((await save({ name: 'A'.repeat(64) })).status).toBe(201);
    const form = await bank.send('/__mock/snapshots', { method: 'POST', body: new URLSearchParams({ name: 'form' }) });
    expect(form.status).toBe(201);
    expect((await list()).map((s) => s.name)).toEqual(['form', 'A'.repeat(64)]);
  });

  it('says a JSON body sent as a form (curl -d without its Content-Type) is JSON, and saves nothing', async () => {
    for (const path of ['/__mock/snapshots', '/__mock/sandboxes', '/__mock/staff/customers/demo@bank.test/notice']) {
      const sent = await bank.send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '{"name":"x","head":"x","body":"x"}',
      });
      expect(sent.status).toBe(400);
      expect(await sent.json()).toEqual({
        error: true,
        code: 'invalid',
        message: 'This body is JSON sent as a form: send it with the header Content-Type: application/json',
      });
    }
    expect(await list()).toEqual([]);
    expect(bank.app.sandboxes.list()).toEqual([]);
  });

  it('an unknown name: restore and delete are 404 JSON, and nothing changes', async () => {
    const digest = bank.app.bank().digest();
    for (const reply of [await restore('nope'), await remove('nope'), await restore('bad%20name')]) {
      expect(reply.status).toBe(404);
      expect(await reply.json()).toEqual({
        error: true,
        code: 'not_found',
        message: expect.stringMatching(/^No snapshot named/u) as unknown,
      });
    }
    expect(bank.app.bank().digest()).toBe(digest);
  });

  it(`keeps at most ${MAX_NAMED_SNAPSHOTS}: another new name is a 409, an existing one is still overwritten`, async () => {
    for (let i = 0; i < MAX_NAMED_SNAPSHOTS; i++) expect((await save({ name: `s${i}` })).status).toBe(201);
    const full = await save({ name: 'one-more' });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/delete one first/u) as unknown,
    });
    expect((await save({ name: 's3' })).status).toBe(201);
    expect(await list()).toHaveLength(MAX_NAMED_SNAPSHOTS);
  });
});
