/**
 * The developer endpoints answer the same in the demo as on the server: the same requests, sent to the
 * demo's handlers (Mock Service Worker in Node, over the same bank) and to the server's
 * app (supertest), get the same status, the same headers (the uploads' sandbox CSP included) and the
 * same body, once what differs between any two banks (ids, times) is set aside.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@ebank/contract';
import { sampleKycDocuments } from '@ebank/mock-server/src/bank/sample-documents';
import { sendTo, testApp } from '@ebank/mock-server/src/testing/harness';
import type { MockApp } from '@ebank/mock-server/src/http/app';
import { UPLOAD_CSP } from '@ebank/mock-server/src/http/reply';
import { setupServer } from 'msw/node';
import { DemoBank, type DemoStorage } from './demo-bank';
import { demoHandlers } from './handlers';

const ORIGIN = 'http://demo.test';

/** Sends a request to one side: `path` starts with `/`. */
type Send = (path: string, init?: RequestInit) => Promise<Response>;

const memoryStorage = (): DemoStorage => {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

const msw = setupServer();
let storage: DemoStorage;
let server: MockApp;

const toDemo: Send = (path, init) => fetch(`${ORIGIN}${path}`, init);
const toServer: Send = (path, init) => sendTo(server.express, path, init);

beforeAll(() => {
  // The server's requests (supertest, on a loopback port) go to the network.
  msw.listen({ onUnhandledRequest: 'bypass' });
});
beforeEach(async () => {
  storage = memoryStorage();
  msw.resetHandlers(...demoHandlers(new DemoBank({ publicUrl: `${ORIGIN}/`, storage }), { origin: ORIGIN }));
  server = await testApp();
});
afterAll(() => {
  msw.close();
});

/** What only the transport adds (the server's connection and length headers). */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/u;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gu;
const RANDOM_KEYS = new Set(['id', 'userId', 'account_no', 'accountNumber', 'code']);

/** A reply with what differs between any two banks replaced: ids, codes, times, account numbers, waits. */
async function seen(response: Response) {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!TRANSPORT.has(name)) headers[name] = name === 'retry-after' ? '<seconds>' : value;
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const isJson = headers['content-type']?.startsWith('application/json') ?? false;
  const body: unknown = isJson
    ? JSON.parse(new TextDecoder().decode(bytes), (key, value: unknown) => {
        if (RANDOM_KEYS.has(key) && typeof value === 'string') return `<${key}>`;
        if (key === 'durationMs' && typeof value === 'number') return '<ms>';
        if (typeof value === 'string' && TIME.test(value)) return '<time>';
        // The two sides run one after the other: a wait they ask for may differ by the time between them.
        if (typeof value === 'string')
          return value
            .replace(UUID, '<uuid>')
            .replace(/\d{4,}/gu, '<digits>')
            .replace(/\b\d+ seconds\b/gu, '<n> seconds');
        return value;
      })
    : bytes;
  return { status: response.status, headers, body };
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** The staff console's state as one side shows it. */
async function staffState(send: Send) {
  return (await (await send('/__mock/staff/state')).json()) as {
    kyc: { documents: string[] }[];
    requests: { id: string; kind: string }[];
  };
}

/** Runs the same steps on both sides; each step's reply must be the same. */
async function same(steps: (send: Send) => Promise<Response[]>) {
  const demo = await steps(toDemo);
  const real = await steps(toServer);
  expect(demo).toHaveLength(real.length);
  for (const [i, response] of demo.entries()) {
    const other = real[i];
    if (!other) throw new Error(`no reply ${i} from the server`);
    expect(await seen(response), `reply ${i}`).toEqual(await seen(other));
  }
  return demo;
}

describe('the same developer endpoints in the demo as on the server', () => {
  it('health', async () => {
    await same(async (send) => [await send('/__mock/health')]);
  });

  it('the outbox: of one address, of nobody, of a repeated address', async () => {
    await same(async (send) => [
      await send('/__mock/outbox?to=unverified@bank.test'),
      await send('/__mock/outbox?to=nobody@bank.test'),
      await send('/__mock/outbox?to=unverified@bank.test&to=demo@bank.test'),
    ]);
  });

  it('an uploaded picture, with the sandbox CSP and the security headers; an unknown one', async () => {
    const [picture] = await same(async (send) => {
      const [document] = (await staffState(send)).kyc[0]?.documents ?? [];
      return [await send(document ?? '/none'), await send('/__mock/uploads/nothing')];
    });
    // The steps compared equal; what they are:
    const again = await toDemo((await staffState(toDemo)).kyc[0]?.documents[0] ?? '/none');
    expect(again.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(again.headers.get('x-frame-options')).toBe('DENY');
    expect(again.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual((await sampleKycDocuments()).portrait);
    expect(picture?.status).toBe(200);
  });

  it('staff decide a KYC case: approve, again, an unknown customer, an unknown decision', async () => {
    await same(async (send) => [
      await send('/__mock/staff/kyc/kyc-pending@bank.test/approve', { method: 'POST' }),
      await send('/__mock/staff/kyc/kyc-pending@bank.test/approve', { method: 'POST' }),
      await send('/__mock/staff/kyc/nobody@bank.test/approve', { method: 'POST' }),
      await send('/__mock/staff/kyc/kyc-new@bank.test/maybe', { method: 'POST' }),
      await send('/__mock/staff/state'),
    ]);
  });

  it('staff decide requests: decline, again, confirm, an unknown one, an unknown decision', async () => {
    await same(async (send) => {
      const { requests } = await staffState(send);
      const id = (kind: string) => requests.find((r) => r.kind === kind)?.id ?? 'none';
      return [
        await send(`/__mock/staff/requests/${id('transfer')}/decline`, { method: 'POST' }),
        await send(`/__mock/staff/requests/${id('transfer')}/confirm`, { method: 'POST' }),
        await send(`/__mock/staff/requests/${id('crypto-deposit')}/confirm`, { method: 'POST' }),
        await send('/__mock/staff/requests/nope/confirm', { method: 'POST' }),
        await send(`/__mock/staff/requests/${id('fixed-deposit')}/maybe`, { method: 'POST' }),
        await send('/__mock/staff/state'),
      ];
    });
  });

  it('staff set and clear an account message, in JSON or a form; bad bodies are refused alike', async () => {
    await same(async (send) => [
      await send('/__mock/staff/customers/demo@bank.test/notice', json('POST', { head: ' Hold ', body: 'Call us' })),
      await send('/__mock/staff/customers/demo@bank.test/notice', json('POST', { head: '' })),
      await send('/__mock/staff/customers/demo@bank.test/notice', json('POST', { head: 'a', body: 'b', more: 1 })),
      await send('/__mock/staff/customers/demo@bank.test/notice', json('POST', { head: 'x'.repeat(201), body: 7 })),
      await send('/__mock/staff/customers/demo@bank.test/notice', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"head":',
      }),
      await send('/__mock/staff/customers/demo@bank.test/notice', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ head: 'Long', body: 'x'.repeat(17 * 1024) }),
      }),
      await send('/__mock/staff/customers/notice@bank.test/notice', {
        method: 'POST',
        body: new URLSearchParams({ head: 'From a form', body: 'Sent as a form' }),
      }),
      await send('/__mock/staff/customers/notice@bank.test/notice', { method: 'POST', body: 'head=a' }),
      await send('/__mock/staff/customers/nobody@bank.test/notice', json('POST', { head: 'a', body: 'b' })),
      await send('/__mock/staff/state'),
      await send('/__mock/staff/customers/demo@bank.test/notice', { method: 'DELETE' }),
      await send('/__mock/staff/customers/nobody@bank.test/notice', { method: 'DELETE' }),
      await send('/__mock/staff/state'),
    ]);
  });

  it('reset: back to the seeded state', async () => {
    await same(async (send) => {
      const before = await send('/__mock/staff/state');
      await send('/__mock/staff/kyc/kyc-pending@bank.test/decline', { method: 'POST' });
      return [before, await send('/__mock/reset', { method: 'POST' }), await send('/__mock/staff/state')];
    });
  });

  it('the bank clock: read, moved, shown in health, set back; bad bodies refused alike', async () => {
    const replies = await same(async (send) => [
      await send('/__mock/clock'),
      await send('/__mock/clock', json('POST', { advanceMinutes: 90 })),
      await send('/__mock/health'),
      await send('/__mock/clock', json('POST', { advanceMinutes: 0 })),
      await send('/__mock/clock', json('POST', { advanceMinutes: '5' })),
      await send('/__mock/clock', json('POST', { reset: false })),
      await send('/__mock/clock', { method: 'POST' }),
      await send('/__mock/clock', { method: 'POST', body: new URLSearchParams({ advanceMinutes: '5' }) }),
      await send('/__mock/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a' }),
      await send('/__mock/clock'),
      await send('/__mock/clock', json('POST', { reset: true })),
      await send('/__mock/clock', json('POST', { advanceMinutes: 30 })),
      await send('/__mock/reset', { method: 'POST' }),
      await send('/__mock/health'),
    ]);
    expect(replies.map((r) => r.status)).toEqual([
      200, 200, 200, 400, 400, 400, 400, 400, 400, 200, 200, 200, 200, 200,
    ]);
  });

  it('named snapshots: saved, listed, restored, deleted; bad names and unknown ones refused alike', async () => {
    const replies = await same(async (send) => [
      await send('/__mock/snapshots'),
      await send('/__mock/snapshots', json('POST', { name: 'before' })),
      await send('/__mock/staff/kyc/kyc-pending@bank.test/approve', { method: 'POST' }),
      await send('/__mock/snapshots', { method: 'POST', body: new URLSearchParams({ name: 'after' }) }),
      await send('/__mock/snapshots'),
      await send('/__mock/snapshots/before/restore', { method: 'POST' }),
      await send('/__mock/staff/state'),
      await send('/__mock/snapshots', json('POST', { name: 'a b' })),
      await send('/__mock/snapshots', json('POST', {})),
      await send('/__mock/snapshots', { method: 'POST' }),
      await send('/__mock/snapshots/nope/restore', { method: 'POST' }),
      await send('/__mock/snapshots/nope', { method: 'DELETE' }),
      await send('/__mock/reset', { method: 'POST' }),
      await send('/__mock/snapshots/after', { method: 'DELETE' }),
      await send('/__mock/snapshots'),
    ]);
    expect(replies.map((r) => r.status)).toEqual([
      200, 201, 200, 201, 200, 200, 200, 400, 400, 400, 404, 404, 200, 200, 200,
    ]);
  });

  it('the request journal: the calls answered, secrets masked, filtered, cleared; a bad filter refused', async () => {
    const replies = await same(async (send) => {
      const api = (search: string, fields: Record<string, string>) =>
        send(`/api/users.php${search}`, { method: 'POST', body: new URLSearchParams(fields) });
      const cleared = await send('/__mock/journal', { method: 'DELETE' });
      await api('?crud=iduser', { email: 'demo@bank.test' });
      await api('?crud=userlogin', { email: 'demo@bank.test', password: '123456', remeber: '0' });
      await api('?crud=userlogin', { email: 'demo@bank.test', password: '000000' });
      await api('', { nothing: '1', pin: '1234' });
      return [
        cleared,
        await send('/__mock/journal'),
        await send('/__mock/journal?operation=login'),
        await send('/__mock/journal?status=200&email=demo%40bank.test'),
        await send('/__mock/journal?status=abc'),
        await send('/__mock/journal?who=me'),
        await send('/__mock/journal', { method: 'DELETE' }),
        await send('/__mock/journal'),
      ];
    });
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 400, 400, 200, 200]);
    // What the demo lists (as the server does, compared above): the call, its passcode masked.
    await toDemo('/api/users.php?crud=userlogin', {
      method: 'POST',
      body: new URLSearchParams({ email: 'demo@bank.test', password: '123456' }),
    });
    expect(await (await toDemo('/__mock/journal')).json()).toMatchObject([
      { operation: 'login', email: 'demo@bank.test', status: 200, fields: { password: '***' }, replyValid: true },
    ]);
  });

  it('fault rules: added, firing on the API, listed with their counts, cleared; bad rules refused alike', async () => {
    const replies = await same(async (send) => {
      const lookup = () =>
        send('/api/users.php?crud=iduser', { method: 'POST', body: new URLSearchParams({ email: 'demo@bank.test' }) });
      return [
        await send('/__mock/faults', json('POST', { operation: 'iduser', status: 502, message: 'Down', times: 1 })),
        await lookup(),
        await lookup(),
        await send('/__mock/faults'),
        await send('/__mock/faults', json('POST', { operation: 'nothing' })),
        await send('/__mock/faults', json('POST', { operation: 'iduser', rate: 3 })),
        await send('/__mock/faults', { method: 'DELETE' }),
        await send('/__mock/faults'),
      ];
    });
    expect(replies.map((r) => r.status)).toEqual([201, 502, 200, 200, 400, 400, 200, 200]);
  });

  it('sandboxes: the demo has none, and says so in JSON', async () => {
    for (const path of ['/__mock/sandboxes', '/__mock/sandbox', '/__mock/sandboxes/x/open']) {
      const reply = await toDemo(path);
      expect(reply.status).toBe(404);
      expect(await reply.json()).toMatchObject({
        error: true,
        message: 'Sandboxes belong to the mock server: here the bank lives in this browser',
      });
    }
  });

  it('a fault rule that drops a call: no reply in the demo either', async () => {
    await toDemo('/__mock/faults', json('POST', { operation: 'iduser', drop: true, times: 1 }));
    const lookup = () =>
      toDemo('/api/users.php?crud=iduser', { method: 'POST', body: new URLSearchParams({ email: 'demo@bank.test' }) });
    await expect(lookup()).rejects.toThrow(TypeError);
    expect((await lookup()).status).toBe(200);
  });

  it('the login lookup limit, with Retry-After; and the API refusing other methods', async () => {
    const lookup = (send: Send) =>
      send('/api/users.php?crud=iduser', { method: 'POST', body: new URLSearchParams({ email: 'demo@bank.test' }) });
    const replies = await same(async (send) => {
      const all: Response[] = [];
      for (let i = 0; i < 22; i++) all.push(await lookup(send));
      return [...all, await send('/api/users.php'), await send('/api/users.php', { method: 'PUT' })];
    });
    expect(replies.map((r) => r.status)).toEqual([...Array<number>(20).fill(200), 429, 429, 405, 405]);
  });
});

describe('the demo keeps the bank after a developer endpoint changed it', () => {
  it('named snapshots outlive a reload of the page, and restore there', async () => {
    await toDemo('/__mock/snapshots', json('POST', { name: 'kept' }));
    await toDemo('/__mock/staff/customers/demo@bank.test/notice', json('POST', { head: 'Later', body: 'Yes' }));
    msw.resetHandlers(...demoHandlers(new DemoBank({ publicUrl: `${ORIGIN}/`, storage }), { origin: ORIGIN }));
    expect(await (await toDemo('/__mock/snapshots')).json()).toEqual([
      { name: 'kept', savedAt: expect.any(String) as unknown },
    ]);
    expect((await toDemo('/__mock/snapshots/kept/restore', { method: 'POST' })).status).toBe(200);
    const login = await createApiClient({ baseUrl: `${ORIGIN}/` }).call('login', {
      email: 'demo@bank.test',
      password: '123456',
      remeber: false,
    });
    expect(login.ismsg).toBeUndefined();
  });

  it('a staff decision outlives a reload of the page', async () => {
    await toDemo('/__mock/staff/customers/demo@bank.test/notice', json('POST', { head: 'Kept', body: 'Yes' }));
    msw.resetHandlers(...demoHandlers(new DemoBank({ publicUrl: `${ORIGIN}/`, storage }), { origin: ORIGIN }));
    const login = await createApiClient({ baseUrl: `${ORIGIN}/` }).call('login', {
      email: 'demo@bank.test',
      password: '123456',
      remeber: false,
    });
    expect(login.ismsg).toEqual({ head: 'Kept', body: 'Yes' });
  });

  it('the request journal outlives a reload of the page (staff follow the demo bar to the admin area), and a cleared one stays cleared', async () => {
    const client = createApiClient({ baseUrl: `${ORIGIN}/` });
    await client.call('lookupUser', { email: 'demo@bank.test' });
    await client.call('login', { email: 'demo@bank.test', password: '123456', remeber: false });
    const before = (await (await toDemo('/__mock/journal')).json()) as { operation: string; fields: object }[];
    expect(before.map((e) => e.operation)).toEqual(['login', 'lookupUser']);
    const reload = () =>
      msw.resetHandlers(...demoHandlers(new DemoBank({ publicUrl: `${ORIGIN}/`, storage }), { origin: ORIGIN }));
    reload();
    expect(await (await toDemo('/__mock/journal')).json()).toEqual(before);
    expect(await (await toDemo('/__mock/journal?operation=userlogin')).json()).toEqual([before[0]]);
    // New calls go on top of the kept ones.
    await client.call('lookupUser', { email: 'kyc-new@bank.test' });
    reload();
    const after = (await (await toDemo('/__mock/journal')).json()) as { email: string }[];
    expect(after.map((e) => e.email)).toEqual(['kyc-new@bank.test', 'demo@bank.test', 'demo@bank.test']);

    expect((await toDemo('/__mock/journal', { method: 'DELETE' })).status).toBe(200);
    reload();
    expect(await (await toDemo('/__mock/journal')).json()).toEqual([]);
  });
});
