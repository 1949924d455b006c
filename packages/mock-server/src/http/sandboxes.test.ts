/**
 * Sandboxes (sandboxes.ts, dev-sandboxes.ts): a bank per visitor and per test beside the default one,
 * picked by the `X-Mock-Sandbox` header or the `mock_sandbox` cookie. Every kind of state stays in its
 * own bank; the limits, the idle expiry, the cookie and the per-visitor mode work as the README says.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxList } from '@ebank/contract';
import { pngBlob } from '@ebank/contract/testing';
import { ADMIN_PASSWORD, DEMO_PASSCODE } from '../bank/seed';
import { testApp } from '../testing/harness';
import type { AppOptions, MockApp } from './app';
import { SPARE_FRESH_MS } from './sandboxes';

const DEMO = 'demo@bank.test';

let mock: MockApp;
let now: number;
const apps: MockApp[] = [];
const start = async (options: AppOptions = {}) => {
  now = Date.parse('2026-11-27T10:00:00.000Z');
  const app = await testApp({ ...options, sandboxes: { realNow: () => now, ...options.sandboxes } });
  apps.push(app);
  return app;
};
beforeEach(async () => {
  mock = await start();
});
afterEach(() => {
  for (const app of apps.splice(0)) app.closeState();
});

/** A request to the app in a sandbox (none: the default bank). */
const inBox = (box: string | undefined, method: 'get' | 'post' | 'delete', url: string, app = mock) => {
  const test = request(app.express)[method](url);
  return box === undefined ? test : test.set('X-Mock-Sandbox', box);
};

/** An API call as the portal sends it (a urlencoded form). */
const api = (box: string | undefined, query: string, fields: Record<string, string>, app = mock) =>
  inBox(box, 'post', `/api/users.php${query}`, app).type('form').send(fields);

async function login(box: string | undefined, email = DEMO, password = DEMO_PASSCODE, app = mock): Promise<string> {
  const res = await api(box, '?crud=userlogin', { email, password, remeber: 'false' }, app);
  const jwt = (res.body as { jwt?: string }).jwt;
  if (!jwt) throw new Error(`no token: ${JSON.stringify(res.body)}`);
  return jwt;
}

interface StaffCustomer {
  readonly email: string;
  readonly balance: number;
  readonly notice?: { readonly head: string; readonly body: string } | null;
}
interface StaffState {
  readonly customers: StaffCustomer[];
  readonly requests: { readonly id: string; readonly email: string | null; readonly kind: string }[];
}
const staffState = async (box: string | undefined) =>
  (await inBox(box, 'get', '/__mock/staff/state').expect(200)).body as StaffState;
const balanceOf = async (box: string | undefined, email = DEMO) =>
  (await staffState(box)).customers.find((customer) => customer.email === email)?.balance;

describe('picking a bank', () => {
  it('makes a sandbox at the first use of its name, from the seed, and leaves the default bank alone', async () => {
    await inBox('team-a', 'post', '/__mock/clock').send({ advanceMinutes: 60 }).expect(200);
    expect(mock.sandboxes.find('team-a')).toBeDefined();
    expect((await inBox(undefined, 'get', '/__mock/clock').expect(200)).body).toMatchObject({ offsetMinutes: 0 });
    expect((await inBox('team-a', 'get', '/__mock/clock').expect(200)).body).toMatchObject({ offsetMinutes: 60 });
    expect(await balanceOf('team-a')).toBe(await balanceOf(undefined));
  });

  it.each(['Team-A', 'a b', 'a_b', '', 'x'.repeat(41), 'ä'])(
    'refuses the header %j with a 400 that says what a name may be, and makes nothing',
    async (name) => {
      const res = await request(mock.express)
        .post('/api/users.php?crud=userlogin')
        .set('X-Mock-Sandbox', name)
        .type('form')
        .send({ email: DEMO, password: DEMO_PASSCODE, remeber: 'false' })
        .expect(400);
      expect(res.body).toMatchObject({
        error: true,
        message: 'X-Mock-Sandbox: must be 1 to 40 lowercase letters, digits or dashes',
      });
      expect(mock.sandboxes.list()).toHaveLength(0);
    },
  );

  it('takes the cookie when there is no header, and the header over the cookie', async () => {
    await inBox('by-cookie', 'post', '/__mock/clock').send({ advanceMinutes: 5 }).expect(200);
    await inBox('by-header', 'post', '/__mock/clock').send({ advanceMinutes: 7 }).expect(200);
    const byCookie = await request(mock.express).get('/__mock/clock').set('Cookie', 'mock_sandbox=by-cookie');
    expect(byCookie.body).toMatchObject({ offsetMinutes: 5 });
    const both = await request(mock.express)
      .get('/__mock/clock')
      .set('Cookie', 'other=1; mock_sandbox=by-cookie')
      .set('X-Mock-Sandbox', 'by-header');
    expect(both.body).toMatchObject({ offsetMinutes: 7 });
    // A cookie that names no valid sandbox is ignored: the default bank.
    const bad = await request(mock.express).get('/__mock/clock').set('Cookie', 'mock_sandbox=NOT%20OK');
    expect(bad.body).toMatchObject({ offsetMinutes: 0 });
  });

  it('says which bank a request reaches, and when its sandbox goes', async () => {
    expect((await inBox(undefined, 'get', '/__mock/sandbox').expect(200)).body).toEqual({
      name: null,
      expiresAt: null,
      perVisitor: false,
    });
    expect((await inBox('mine', 'get', '/__mock/sandbox').expect(200)).body).toEqual({
      name: 'mine',
      expiresAt: '2026-11-27T11:00:00.000Z',
      perVisitor: false,
    });
  });
});

describe('isolation: every kind of state stays in its own bank', () => {
  it('balances: a confirmed deposit in one sandbox moves no other balance', async () => {
    const pending = (await staffState('one')).requests.find((r) => r.kind === 'crypto-deposit' && r.email === DEMO);
    expect(pending).toBeDefined();
    const before = await balanceOf(undefined);
    await inBox('one', 'post', `/__mock/staff/requests/${pending?.id ?? ''}/confirm`).expect(200);
    expect(await balanceOf('one')).toBeGreaterThan(before ?? 0);
    expect(await balanceOf(undefined)).toBe(before);
    expect(await balanceOf('two')).toBe(before);
  });

  it('the outbox: a reset code sent in one sandbox is in its outbox only', async () => {
    await api('one', '?crud=userforgot', { action: 'code', email: DEMO }).expect(200);
    const outbox = async (box: string | undefined) =>
      ((await inBox(box, 'get', `/__mock/outbox?to=${DEMO}`).expect(200)).body as { kind: string }[]).filter(
        (m) => m.kind === 'reset-passcode',
      );
    expect(await outbox('one')).toHaveLength(1);
    expect(await outbox('two')).toHaveLength(0);
    expect(await outbox(undefined)).toHaveLength(0);
  });

  it('the journal: each bank lists its own calls', async () => {
    await login('one');
    await api(undefined, '?crud=iduser', { email: DEMO }).expect(200);
    const journal = async (box: string | undefined) =>
      ((await inBox(box, 'get', '/__mock/journal').expect(200)).body as { operation: string }[]).map(
        (e) => e.operation,
      );
    expect(await journal('one')).toEqual(['login']);
    expect(await journal(undefined)).toEqual(['lookupUser']);
    expect(await journal('two')).toEqual([]);
  });

  it('snapshots: saved in one sandbox, listed there only', async () => {
    await inBox('one', 'post', '/__mock/snapshots').send({ name: 'before-demo' }).expect(201);
    expect((await inBox('one', 'get', '/__mock/snapshots').expect(200)).body).toHaveLength(1);
    expect((await inBox('two', 'get', '/__mock/snapshots').expect(200)).body).toEqual([]);
    expect((await inBox(undefined, 'get', '/__mock/snapshots').expect(200)).body).toEqual([]);
    await inBox('two', 'post', '/__mock/snapshots/before-demo/restore').expect(404);
  });

  it('lockouts: locking a customer out of one sandbox leaves the others open', async () => {
    for (let i = 0; i < 10; i++)
      await api('one', '?crud=userlogin', { email: DEMO, password: '000000', remeber: 'false' });
    const locked = await api('one', '?crud=userlogin', { email: DEMO, password: DEMO_PASSCODE, remeber: 'false' });
    expect(locked.status).toBeGreaterThanOrEqual(400);
    await expect(login('two')).resolves.toMatch(/^ey/u);
    await expect(login(undefined)).resolves.toMatch(/^ey/u);
  });

  it('uploads: a picture uploaded in one sandbox is not served from another', async () => {
    const token = await login('one');
    const res = await inBox('one', 'post', '/api/users.php')
      .field('updatepic', '1')
      .field('token', token)
      .attach('profilePic', Buffer.from(await pngBlob().arrayBuffer()), {
        filename: 'me.png',
        contentType: 'image/png',
      })
      .expect(200);
    const profile = await api('one', '', { getprofile: '1', token });
    const picture = /\/__mock\/uploads\/[A-Za-z0-9_-]+/u.exec(JSON.stringify(profile.body))?.[0];
    expect(res.body, JSON.stringify(profile.body)).toBeDefined();
    expect(picture).toBeDefined();
    await inBox('one', 'get', picture ?? '').expect(200);
    await inBox('two', 'get', picture ?? '').expect(404);
    await inBox(undefined, 'get', picture ?? '').expect(404);
  });

  it('faults: a rule fails calls in its own sandbox only', async () => {
    await inBox('one', 'post', '/__mock/faults').send({ operation: 'userlogin', status: 503, times: 1 }).expect(201);
    const failed = await api('one', '?crud=userlogin', { email: DEMO, password: DEMO_PASSCODE, remeber: 'false' });
    expect(failed.status).toBe(503);
    await expect(login('two')).resolves.toMatch(/^ey/u);
    await expect(login(undefined)).resolves.toMatch(/^ey/u);
    // It fired once, and is spent.
    await expect(login('one')).resolves.toMatch(/^ey/u);
    expect((await inBox('one', 'get', '/__mock/faults').expect(200)).body).toMatchObject([
      { operation: 'login', status: 503, fired: 1, remaining: 0 },
    ]);
    expect((await inBox('two', 'get', '/__mock/faults').expect(200)).body).toEqual([]);
  });

  it('tokens: a token made in one sandbox opens nothing in another or in the default bank', async () => {
    const token = await login('one');
    expect((await api('one', '', { getinstituition: '1', token })).status).toBe(200);
    expect((await api('two', '', { getinstituition: '1', token })).status).toBe(401);
    expect((await api(undefined, '', { getinstituition: '1', token })).status).toBe(401);
    const mine = await login(undefined);
    expect((await api('one', '', { getinstituition: '1', token: mine })).status).toBe(401);
  });

  it('a reset of one sandbox resets that sandbox only', async () => {
    await inBox('one', 'post', '/__mock/clock').send({ advanceMinutes: 30 }).expect(200);
    await inBox('two', 'post', '/__mock/clock').send({ advanceMinutes: 30 }).expect(200);
    await inBox('one', 'post', '/__mock/reset').expect(200);
    expect((await inBox('one', 'get', '/__mock/clock')).body).toMatchObject({ offsetMinutes: 0 });
    expect((await inBox('two', 'get', '/__mock/clock')).body).toMatchObject({ offsetMinutes: 30 });
  });
});

describe('the sandbox endpoints', () => {
  it('makes one with a made-up name, lists it, and removes it', async () => {
    const made = await request(mock.express).post('/__mock/sandboxes').send({}).expect(201);
    const { name } = made.body as { name: string };
    expect(name).toMatch(/^[a-z0-9-]{1,40}$/u);
    expect(made.body).toEqual({ name, createdAt: '2026-11-27T10:00:00.000Z', expiresAt: '2026-11-27T11:00:00.000Z' });
    const list = await request(mock.express).get('/__mock/sandboxes').expect(200);
    expect(list.body).toMatchObject({ max: 50, idleMinutes: 60, perVisitor: false });
    const [listed] = (list.body as { sandboxes: Record<string, unknown>[] }).sandboxes;
    expect(listed).toMatchObject({ name, customers: expect.any(Number) as number, perVisitor: false });
    expect(listed?.sizeBytes).toBeGreaterThan(1000);
    await request(mock.express).delete(`/__mock/sandboxes/${name}`).expect(200, { ok: true, name });
    await request(mock.express).delete(`/__mock/sandboxes/${name}`).expect(404);
    expect((await request(mock.express).get('/__mock/sandboxes')).body).toMatchObject({ sandboxes: [] });
  });

  it("lists each sandbox's newest call, its operation and customer, and none of its secrets", async () => {
    await request(mock.express).post('/__mock/sandboxes').send({ name: 'fresh' }).expect(201);
    const token = await login('visited');
    const lastCalls = async () => {
      const res = await request(mock.express).get('/__mock/sandboxes').expect(200);
      expect(res.text).not.toContain(DEMO_PASSCODE);
      expect(res.text).not.toContain(token);
      const { sandboxes } = res.body as SandboxList;
      return new Map(sandboxes.map((sandbox) => [sandbox.name, sandbox.lastCall]));
    };
    const signedIn = await lastCalls();
    expect(signedIn.has('fresh')).toBe(true);
    expect(signedIn.get('fresh')).toBeUndefined();
    expect(signedIn.get('visited')).toEqual({ operation: 'login', email: DEMO, at: expect.any(String) as unknown });
    const at = signedIn.get('visited')?.at ?? '';
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/u);
    expect(Math.abs(Date.parse(at) - now)).toBeLessThan(1000);

    // The customer a token opened; then a call that names no operation, nor anybody.
    await api('visited', '', { getprofile: '1', token }).expect(200);
    expect((await lastCalls()).get('visited')).toMatchObject({ operation: 'getProfile', email: DEMO });
    await api('visited', '', { nothing: '1' }).expect(400);
    expect((await lastCalls()).get('visited')).toEqual({ operation: null, at: expect.any(String) as unknown });
    // 'Start over' clears the journal, and with it the last call.
    await inBox('visited', 'post', '/__mock/sandbox/start-over').expect(200);
    expect((await lastCalls()).get('visited')).toBeUndefined();
  });

  it('refuses a name in use (409), a bad name (400) and an unknown snapshot (404), making nothing', async () => {
    await request(mock.express).post('/__mock/sandboxes').send({ name: 'taken' }).expect(201);
    const taken = await request(mock.express).post('/__mock/sandboxes').send({ name: 'taken' }).expect(409);
    expect(taken.body).toMatchObject({ message: "A sandbox named 'taken' exists already" });
    const bad = await request(mock.express).post('/__mock/sandboxes').send({ name: 'Bad Name' }).expect(400);
    expect(bad.body).toMatchObject({ message: 'name: must be 1 to 40 lowercase letters, digits or dashes' });
    await request(mock.express).post('/__mock/sandboxes').send({ name: 'x', colour: 'red' }).expect(400);
    await request(mock.express).post('/__mock/sandboxes').send({ from: 'nothing' }).expect(404);
    expect(mock.sandboxes.list().map((s) => s.name)).toEqual(['taken']);
  });

  it('starts one from a named snapshot of the default bank', async () => {
    await inBox(undefined, 'post', '/__mock/clock').send({ advanceMinutes: 1 });
    await inBox(undefined, 'post', '/__mock/staff/customers/demo@bank.test/notice')
      .send({ head: 'Rehearsed', body: 'State for the demo' })
      .expect(200);
    await inBox(undefined, 'post', '/__mock/snapshots').send({ name: 'rehearsed' }).expect(201);
    await inBox(undefined, 'post', '/__mock/reset').expect(200);
    await request(mock.express).post('/__mock/sandboxes').send({ name: 'show', from: 'rehearsed' }).expect(201);
    const notice = async (box: string | undefined) =>
      (await staffState(box)).customers.find((c) => c.email === DEMO) as unknown as { notice: unknown };
    expect((await notice('show')).notice).toEqual({ head: 'Rehearsed', body: 'State for the demo' });
    expect((await notice(undefined)).notice).toBeNull();
  });

  it("lists the default bank's snapshots as the starts `from` takes, also to a browser kept in a sandbox", async () => {
    await inBox(undefined, 'post', '/__mock/snapshots').send({ name: 'rehearsed' }).expect(201);
    await inBox(undefined, 'post', '/__mock/snapshots').send({ name: 'later' }).expect(201);
    // A visitor's own sandbox has snapshots of its own, which /__mock/snapshots reads by the cookie.
    const cookie = 'mock_sandbox=visitor';
    await request(mock.express).post('/__mock/snapshots').set('Cookie', cookie).send({ name: 'own' }).expect(201);
    const list = await request(mock.express).get('/__mock/sandboxes').set('Cookie', cookie).expect(200);
    expect((list.body as SandboxList).startFrom).toEqual(['later', 'rehearsed']);
    const own = await request(mock.express).get('/__mock/snapshots').set('Cookie', cookie).expect(200);
    expect((own.body as { name: string }[]).map((snapshot) => snapshot.name)).toEqual(['own']);
    // What is listed is what it takes.
    await request(mock.express)
      .post('/__mock/sandboxes')
      .set('Cookie', cookie)
      .send({ name: 'show', from: 'rehearsed' })
      .expect(201);
    await request(mock.express).post('/__mock/sandboxes').set('Cookie', cookie).send({ from: 'own' }).expect(404);
  });

  it('a sandbox made from a snapshot takes one place, and its name is free again once removed', async () => {
    mock = await start({ sandboxes: { max: 1 } });
    await inBox(undefined, 'post', '/__mock/snapshots').send({ name: 'base' }).expect(201);
    await request(mock.express).post('/__mock/sandboxes').send({ name: 'copy', from: 'base' }).expect(201);
    await request(mock.express).delete('/__mock/sandboxes/copy').expect(200);
    await request(mock.express).post('/__mock/sandboxes').send({ name: 'copy', from: 'base' }).expect(201);
    await request(mock.express).delete('/__mock/sandboxes/copy').expect(200);
    await request(mock.express).post('/__mock/sandboxes').send({ name: 'other' }).expect(201);
  });

  it('refuses the next sandbox past the limit with a JSON 503 and a plain message, and makes it once one goes', async () => {
    mock = await start({ sandboxes: { max: 2 } });
    await request(mock.express).post('/__mock/sandboxes').send({ name: 'a' }).expect(201);
    await inBox('b', 'get', '/__mock/health').expect(200);
    const full = await request(mock.express).post('/__mock/sandboxes').send({ name: 'c' }).expect(503);
    expect(full.headers['content-type']).toMatch(/^application\/json/u);
    expect(full.body).toMatchObject({
      error: true,
      message:
        'This server holds as many sandboxes as it may (2). Remove one (DELETE /__mock/sandboxes/NAME), or wait until one has been idle for 60 minutes.',
    });
    // A first use by header is refused alike; the default bank still answers.
    await api('c', '?crud=iduser', { email: DEMO }).expect(503);
    await api(undefined, '?crud=iduser', { email: DEMO }).expect(200);
    await request(mock.express).delete('/__mock/sandboxes/a').expect(200);
    await inBox('c', 'get', '/__mock/health').expect(200);
  });

  it("serves a sandbox's uploads at an address naming it, so the admin area's images need no header", async () => {
    interface Documents {
      kyc: { documents: string[] }[];
    }
    const documentOf = async (box: string | undefined) =>
      ((await inBox(box, 'get', '/__mock/staff/state').expect(200)).body as Documents).kyc[0]?.documents[0] ?? '';
    const inSandbox = await documentOf('one');
    expect(inSandbox).toMatch(/^\/__mock\/sandboxes\/one\/uploads\/[^/]+$/u);
    // A browser's image request: no header, the cookie of another bank.
    const image = await request(mock.express).get(inSandbox).set('Cookie', 'mock_sandbox=two').expect(200);
    expect(image.headers['content-type']).toMatch(/^image\//u);
    // The default bank's addresses are as before; a sandbox that is not there has no uploads.
    expect(await documentOf(undefined)).toMatch(/^\/__mock\/uploads\/[^/]+$/u);
    const id = inSandbox.split('/').at(-1) ?? '';
    const gone = await request(mock.express).get(`/__mock/sandboxes/nope/uploads/${id}`).expect(404);
    expect(gone.body).toMatchObject({ error: true, message: 'No such upload' });
    await request(mock.express).get(`/__mock/sandboxes/one/uploads/not-an-upload`).expect(404);
  });

  it('lets a client on another machine hold a few sandboxes, and not fill the server', async () => {
    mock = await start({ sandboxes: { perClient: 2 } });
    const { sandboxes } = mock;
    const visitor = '192.0.2.7';
    await sandboxes.use('one', { client: visitor });
    await sandboxes.forVisitor(visitor);
    const refusal = await sandboxes.use('three', { client: visitor }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      status: 429,
      message:
        'This address holds as many sandboxes as one may (2). Use one of them, or wait until one has been idle for 60 minutes.',
    });
    // Its own sandboxes still answer; others, this machine (IPv4 as IPv6 too) and staff are not counted.
    await sandboxes.use('one', { client: visitor });
    await sandboxes.use('other', { client: '2001:db8::5' });
    for (const [index, client] of ['127.0.0.1', '::ffff:127.0.0.1', '::1'].entries())
      await sandboxes.use(`local-${String(index)}`, { client });
    await request(mock.express).post('/__mock/sandboxes').send({ name: 'staff' }).expect(201);
    // Once one of its sandboxes has gone, it may make another.
    sandboxes.remove('one');
    await sandboxes.use('three', { client: visitor });
  });

  it('removes a sandbox idle for the idle time, and keeps one in use', async () => {
    mock = await start({ sandboxes: { idleMinutes: 10 } });
    await inBox('idle', 'post', '/__mock/clock').send({ advanceMinutes: 3 }).expect(200);
    await inBox('busy', 'get', '/__mock/health').expect(200);
    now += 9 * 60_000;
    await inBox('busy', 'get', '/__mock/health').expect(200);
    now += 2 * 60_000;
    const names = ((await request(mock.express).get('/__mock/sandboxes')).body as { sandboxes: { name: string }[] })
      .sandboxes;
    expect(names.map((s) => s.name)).toEqual(['busy']);
    // Its name used again makes a fresh one from the seed.
    expect((await inBox('idle', 'get', '/__mock/clock')).body).toMatchObject({ offsetMinutes: 0 });
  });

  it('opens a sandbox in a browser by a link: the cookie, then the portal', async () => {
    const res = await request(mock.express).get('/__mock/sandboxes/demo-for-anna/open').expect(302);
    expect(res.headers.location).toBe('/wp-user/');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^mock_sandbox=demo-for-anna; Path=\//u);
    expect(cookie).toMatch(/SameSite=Lax/u);
    expect(mock.sandboxes.find('demo-for-anna')).toBeDefined();
    await request(mock.express).get('/__mock/sandboxes/Not%20OK/open').expect(400);
  });

  it('opens a sandbox only as a page: another page cannot load the link as an image, a frame or a script', async () => {
    for (const [dest, mode] of [
      ['image', 'no-cors'],
      ['iframe', 'navigate'],
      ['script', 'no-cors'],
      ['empty', 'cors'],
      ['document', 'no-cors'],
    ] as const) {
      const res = await request(mock.express)
        .get('/__mock/sandboxes/chosen-by-another-site/open')
        .set('Sec-Fetch-Site', 'cross-site')
        .set('Sec-Fetch-Dest', dest)
        .set('Sec-Fetch-Mode', mode)
        .expect(403);
      expect(res.body).toMatchObject({ error: true, code: 'forbidden_embedding' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(mock.sandboxes.find('chosen-by-another-site')).toBeUndefined();
    // A link clicked in a chat or an e-mail (another site, a page of its own) opens it.
    await request(mock.express)
      .get('/__mock/sandboxes/chosen-by-another-site/open')
      .set('Sec-Fetch-Site', 'cross-site')
      .set('Sec-Fetch-Dest', 'document')
      .set('Sec-Fetch-Mode', 'navigate')
      .expect(302);
    expect(mock.sandboxes.find('chosen-by-another-site')).toBeDefined();
  });

  it("'Start over' brings a sandbox made from a snapshot back to that snapshot, even once it is replaced or deleted", async () => {
    const setNotice = (box: string | undefined, head: string) =>
      inBox(box, 'post', `/__mock/staff/customers/${DEMO}/notice`).send({ head, body: head }).expect(200);
    const noticeIn = async (box: string | undefined) =>
      (await staffState(box)).customers.find((c) => c.email === DEMO)?.notice?.head ?? null;
    await setNotice(undefined, 'Rehearsed');
    await inBox(undefined, 'post', '/__mock/snapshots').send({ name: 'rehearsed' }).expect(201);
    await request(mock.express).post('/__mock/sandboxes').send({ name: 'show', from: 'rehearsed' }).expect(201);
    const startOver = () => inBox('show', 'post', '/__mock/sandbox/start-over').expect(200);

    // The visitor signs in, changes the sandbox, and starts over.
    const session = await login('show', 'nopin@bank.test');
    expect((await api('show', '', { getinstituition: '1', token: session })).status).toBe(200);
    await setNotice('show', 'Changed by the visitor');
    await inBox('show', 'post', '/__mock/clock').send({ advanceMinutes: 3 }).expect(200);
    await startOver();
    expect(await noticeIn('show')).toBe('Rehearsed');
    expect((await inBox('show', 'get', '/__mock/clock')).body).toMatchObject({ offsetMinutes: 0 });
    expect((await inBox('show', 'get', '/__mock/journal')).body).toEqual([]);
    // The snapshot's customers keep their ids: a session of the bank before opens nothing all the same.
    expect((await api('show', '', { getinstituition: '1', token: session })).status).toBe(401);

    // The named snapshot replaced, then deleted: the sandbox still starts over as it was made.
    await setNotice(undefined, 'Rehearsed again');
    await inBox(undefined, 'post', '/__mock/snapshots').send({ name: 'rehearsed' }).expect(201);
    await setNotice('show', 'Changed again');
    await startOver();
    expect(await noticeIn('show')).toBe('Rehearsed');
    await inBox(undefined, 'delete', '/__mock/snapshots/rehearsed').expect(200);
    await setNotice('show', 'Changed once more');
    await startOver();
    expect(await noticeIn('show')).toBe('Rehearsed');
    // The default bank and a sandbox made from the seed are as they were.
    expect(await noticeIn(undefined)).toBe('Rehearsed again');
    await setNotice('seeded', 'Changed in a seeded sandbox');
    await inBox('seeded', 'post', '/__mock/sandbox/start-over').expect(200);
    expect(await noticeIn('seeded')).toBeNull();
  });

  it("'Start over' resets the request's own sandbox, and refuses the default bank", async () => {
    await inBox('mine', 'post', '/__mock/clock').send({ advanceMinutes: 3 }).expect(200);
    await inBox('mine', 'post', '/__mock/faults').send({ operation: 'getInstitution' }).expect(201);
    const res = await inBox('mine', 'post', '/__mock/sandbox/start-over').expect(200);
    expect(res.body).toMatchObject({ name: 'mine', perVisitor: false });
    expect((await inBox('mine', 'get', '/__mock/clock')).body).toMatchObject({ offsetMinutes: 0 });
    expect((await inBox('mine', 'get', '/__mock/faults')).body).toEqual([]);
    await inBox(undefined, 'post', '/__mock/sandbox/start-over').expect(409);
  });
});

describe('a sandbox from the seed', () => {
  /** When the seed of a sandbox's bank was made: the time of the code it e-mailed the unverified persona. */
  const seededAt = (app: MockApp, name: string) =>
    app.sandboxes.find(name)?.bank().outboxFor('unverified@bank.test').at(-1)?.createdAt;
  /** Lets the timer that seeds the next bank ahead run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('gets a bank seeded ahead, a new one each time, with a key of its own; a stale one is seeded again', async () => {
    let bankNow = Date.parse('2026-11-27T10:00:00.000Z');
    const app = await start({ now: () => bankNow });
    const first = await app.sandboxes.create({ name: 'first' });
    await settle();
    bankNow += 1_000;
    const second = await app.sandboxes.create({ name: 'second' });
    expect(second.bank()).not.toBe(first.bank());
    // Seeded ahead, a second before it was asked for: fresh enough.
    expect(seededAt(app, 'second')).toBe(bankNow - 1_000);
    const token = await login('second', DEMO, DEMO_PASSCODE, app);
    const res = await api('first', '', { getinstituition: '1', token }, app);
    expect(res.status).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');

    await settle();
    // The clock moves on past the freshness of the bank seeded ahead: the next sandbox's seed is dated now.
    bankNow += SPARE_FRESH_MS + 60_000;
    await app.sandboxes.create({ name: 'third' });
    expect(seededAt(app, 'third')).toBe(bankNow);
  });

  it('seeds nothing ahead once closed', async () => {
    let bankNow = Date.parse('2026-11-27T10:00:00.000Z');
    const app = await start({ now: () => bankNow });
    await app.sandboxes.create({ name: 'before' });
    app.closeState();
    await settle();
    bankNow += 1_000;
    await app.sandboxes.create({ name: 'after' });
    expect(seededAt(app, 'after')).toBe(bankNow);
  });
});

describe('a bank per visitor (MOCK_SANDBOX_PER_VISITOR)', () => {
  let webRoot: string;
  beforeEach(() => {
    // A built portal of one page and one file: the unit tests run before the portal is built.
    webRoot = mkdtempSync(path.join(tmpdir(), 'sandbox-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Portal</title>');
    writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
  afterEach(() => {
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('gives a browser that opens the portal a sandbox of its own, and keeps it there', async () => {
    mock = await start({ sandboxes: { perVisitor: true }, webRoot });
    const page = await request(mock.express)
      .get('/wp-user/')
      .set('Accept', 'text/html')
      .set('Sec-Fetch-Dest', 'document');
    const cookie = String(page.headers['set-cookie']);
    const name = /mock_sandbox=([a-z0-9-]+)/u.exec(cookie)?.[1];
    expect(name).toBeDefined();
    const again = await request(mock.express)
      .get('/wp-user/')
      .set('Accept', 'text/html')
      .set('Cookie', `mock_sandbox=${name ?? ''}`);
    expect(again.headers['set-cookie']).toBeUndefined();
    const other = await request(mock.express).get('/wp-user/').set('Accept', 'text/html');
    expect(String(other.headers['set-cookie'])).not.toContain(`mock_sandbox=${name ?? ''}`);
    expect(mock.sandboxes.list()).toHaveLength(2);
    const current = await request(mock.express)
      .get('/__mock/sandbox')
      .set('Cookie', `mock_sandbox=${name ?? ''}`);
    expect(current.body).toMatchObject({ name, perVisitor: true });
    // Files and scripts get no sandbox.
    await request(mock.express).get('/wp-user/favicon.svg').set('Accept', 'image/*').expect(200);
    expect(mock.sandboxes.list()).toHaveLength(2);
  });

  it("sends a visitor it cannot give a bank to the portal's busy page, which needs none, in place of a JSON error", async () => {
    mock = await start({ sandboxes: { perVisitor: true, max: 1 }, webRoot });
    const page = (url: string, cookie?: string) => {
      const req = request(mock.express).get(url).set('Accept', 'text/html').set('Sec-Fetch-Dest', 'document');
      return cookie === undefined ? req : req.set('Cookie', cookie);
    };
    const first = await page('/wp-user/').expect(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0] ?? '';
    // The server is full: the next visitor is sent to the busy page, saying why and where they were going.
    const busy = await page('/wp-user/dashboard?tab=1').expect(303);
    expect(busy.headers.location).toBe('/wp-user/busy?reason=full&from=%2Fwp-user%2Fdashboard%3Ftab%3D1&minutes=60');
    expect(busy.headers['cache-control']).toBe('no-store');
    expect(busy.headers['set-cookie']).toBeUndefined();
    // The busy page is the portal's own page, served with no bank made for it.
    const shown = await page(busy.headers.location ?? '').expect(200);
    expect(shown.text).toContain('<title>Portal</title>');
    expect(shown.headers['set-cookie']).toBeUndefined();
    await page('/WP-USER/Busy/').expect(200);
    expect(mock.sandboxes.list()).toHaveLength(1);
    // The first visitor keeps their bank; scripts and the API are not sent anywhere.
    await page('/wp-user/dashboard', cookie).expect(200);
    await request(mock.express).get('/__mock/health').expect(200);
  });

  it('sends a person who follows a sandbox link to the busy page when the server is full, and a script gets JSON', async () => {
    mock = await start({ sandboxes: { max: 1 }, webRoot });
    await request(mock.express).get('/__mock/sandboxes/first/open').expect(302);
    const busy = await request(mock.express)
      .get('/__mock/sandboxes/second/open')
      .set('Accept', 'text/html,application/xhtml+xml')
      .set('Sec-Fetch-Dest', 'document')
      .set('Sec-Fetch-Mode', 'navigate')
      .expect(303);
    // Its Try again follows the link again.
    expect(busy.headers.location).toBe(
      '/wp-user/busy?reason=full&from=%2F__mock%2Fsandboxes%2Fsecond%2Fopen&minutes=60',
    );
    expect(busy.headers['set-cookie']).toBeUndefined();
    const script = await request(mock.express).get('/__mock/sandboxes/second/open').expect(503);
    expect(script.body).toMatchObject({ error: true, code: 'unavailable' });
    expect(mock.sandboxes.list().map((sandbox) => sandbox.name)).toEqual(['first']);
  });
});

describe('with a staff key', () => {
  const STAFF_KEY = 'a-staff-key-of-32-characters-xyz';

  it('lets a visitor see and start over their own sandbox, and nothing else', async () => {
    mock = await start({ access: { staffKey: STAFF_KEY } });
    await inBox('visitor', 'get', '/__mock/sandbox').expect(200);
    await inBox('visitor', 'post', '/__mock/sandbox/start-over').expect(200);
    await request(mock.express).get('/__mock/sandboxes/visitor/open').expect(302);
    // The admin area's images of a sandbox load as the default bank's do: by their unguessable address.
    const state = await inBox('visitor', 'get', '/__mock/staff/state').set('Authorization', `Bearer ${STAFF_KEY}`);
    const document = (state.body as { kyc: { documents: string[] }[] }).kyc[0]?.documents[0] ?? '';
    await request(mock.express).get(document).expect(200);
    await inBox('visitor', 'get', '/__mock/outbox').expect(401);
    await request(mock.express).get('/__mock/sandboxes').expect(401);
    await request(mock.express).post('/__mock/sandboxes').send({}).expect(401);
    await request(mock.express).delete('/__mock/sandboxes/visitor').expect(401);
  });

  it("lets a visitor read their own sandbox's outbox, by its cookie, and no other bank's", async () => {
    mock = await start({ access: { staffKey: STAFF_KEY }, sandboxes: { perVisitor: true } });
    const visitor = (method: 'get' | 'post', url: string, name = 'visitor-1') =>
      request(mock.express)[method](url).set('Cookie', `mock_sandbox=${name}`);
    await visitor('get', '/__mock/sandbox').expect(200);
    await visitor('post', '/api/users.php?crud=userforgot')
      .type('form')
      .send({ action: 'code', email: DEMO })
      .expect(200);
    const own = await visitor('get', `/__mock/outbox?to=${DEMO}`).expect(200);
    expect(own.body).toEqual([expect.objectContaining({ kind: 'reset-passcode', to: DEMO })]);
    await visitor('get', '/__mock/outbox').expect(200);
    // Another sandbox by the header (even a visitor's own), the default bank, a sandbox staff made: refused.
    await visitor('get', '/__mock/sandbox', 'visitor-2').expect(200);
    await visitor('get', '/__mock/outbox').set('X-Mock-Sandbox', 'visitor-2').expect(401);
    await visitor('get', '/__mock/outbox').set('X-Mock-Sandbox', 'visitor-1').expect(401);
    await request(mock.express).get('/__mock/outbox').expect(401);
    await request(mock.express).get('/__mock/outbox').set('Cookie', 'mock_sandbox=NOT_A_NAME').expect(401);
    await request(mock.express).get('/__mock/outbox').set('Cookie', 'mock_sandbox=gone').expect(401);
    await request(mock.express)
      .post('/__mock/sandboxes')
      .set('Authorization', `Bearer ${STAFF_KEY}`)
      .send({ name: 'acme' })
      .expect(201);
    await visitor('get', '/__mock/outbox', 'acme').expect(401);
    // Only the outbox: the rest of the sandbox's developer endpoints still need the key.
    await visitor('get', '/__mock/journal').expect(401);
    await visitor('get', '/__mock/staff/state').expect(401);
    await visitor('post', '/__mock/outbox').expect(401);
  });

  it('keeps the outbox closed to a visitor of a sandbox opened by its link (not one per visitor)', async () => {
    mock = await start({ access: { staffKey: STAFF_KEY } });
    await request(mock.express).get('/__mock/sandbox').set('Cookie', 'mock_sandbox=shared').expect(200);
    await request(mock.express).get('/__mock/outbox').set('Cookie', 'mock_sandbox=shared').expect(401);
  });

  it("takes the default bank's admin in any sandbox, and a sandbox's admin in that sandbox, or from a browser kept in it", async () => {
    mock = await start({ access: { staffKey: STAFF_KEY } });
    const staff = await login(undefined, 'admin@bank.test', STAFF_KEY);
    await inBox('one', 'get', '/__mock/outbox').set('Authorization', `Bearer ${staff}`).expect(200);
    const local = await login('one', 'admin@bank.test', STAFF_KEY);
    await inBox('one', 'get', '/__mock/outbox').set('Authorization', `Bearer ${local}`).expect(200);
    await inBox('two', 'get', '/__mock/outbox').set('Authorization', `Bearer ${local}`).expect(401);
    await inBox(undefined, 'get', '/__mock/outbox').set('Authorization', `Bearer ${local}`).expect(401);
    // Staff whose browser has a sandbox of its own (one per visitor) sign in there, with the key: from that
    // browser they act on any sandbox. Another browser's cookie lends nothing.
    const fromOne = (sandbox: string | undefined) =>
      inBox(sandbox, 'get', '/__mock/outbox').set('Authorization', `Bearer ${local}`);
    await fromOne('two').set('Cookie', 'mock_sandbox=one').expect(200);
    await fromOne(undefined).set('Cookie', 'mock_sandbox=one').expect(200);
    await fromOne('two').set('Cookie', 'mock_sandbox=two').expect(401);
    expect(ADMIN_PASSWORD).not.toBe(STAFF_KEY);
  });
});

describe('the state file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sandbox-state-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the default bank only', async () => {
    const file = path.join(dir, 'state.json');
    mock = await start({ stateFile: file, stateWriteDelayMs: 0 });
    await inBox('short-lived', 'post', '/__mock/staff/customers/demo@bank.test/notice')
      .send({ head: 'Sandbox only', body: 'Gone with the sandbox' })
      .expect(200);
    await inBox(undefined, 'post', '/__mock/staff/customers/demo@bank.test/notice')
      .send({ head: 'Kept', body: 'In the file' })
      .expect(200);
    mock.saveState();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('In the file');
    expect(text).not.toContain('Gone with the sandbox');
    expect(text).not.toContain('short-lived');
  });
});
