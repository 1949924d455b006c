/**
 * The validating proxy (MOCK_UPSTREAM): a second mock bank plays the real host, behind a front that
 * breaks one reply (getContact's `ct` comes back as a string) and notes what reaches it. The portal's
 * client talks to the proxy; good calls pass through unchanged, mismatches both ways are passed on
 * and reported, and a host that cannot be reached is a 502 in the error shape.
 */
import express from 'express';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATH, encode, isApiError } from '@ebank/contract';
import { pngBlob, sampleImages } from '@ebank/contract/testing/images';
import { brokenFront, listening, type Arrival, type Front } from '../testing/broken-front';
import { startBank, type Harness } from '../testing/harness';
import type { Mismatch } from './proxy';

/** An Express app listening on a free loopback port. */
const listen = (app: express.Express) => listening(app.listen(0, '127.0.0.1'));

let host: Harness;
let front: Front;
let proxy: Harness;
const arrivals: Arrival[] = [];
const logged: string[] = [];

beforeAll(async () => {
  host = await startBank();
  // The host as the proxy sees it: the mock bank, with one reply broken and every arrival noted.
  front = await brokenFront(host.base, (arrival) => arrivals.push(arrival));
  proxy = await startBank({ upstream: front.base });

  // Mismatch lines go to stderr; they are kept here, anything else goes on.
  const write = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    if (typeof chunk === 'string' && chunk.startsWith('{"at":')) logged.push(chunk);
    else write(chunk);
    return true;
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await proxy.close();
  await front.close();
  await host.close();
});
beforeEach(async () => {
  await host.reset();
  await proxy.send(`/__mock/proxy/mismatches`, { method: 'DELETE' });
  arrivals.length = 0;
  logged.length = 0;
});

const mismatches = async () => (await (await proxy.send(`/__mock/proxy/mismatches`)).json()) as Mismatch[];
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      if (!isApiError(error)) throw error;
      return error;
    },
  );

/** Sends an encoded call to `base` as the portal would, and reads the raw reply. */
async function raw(base: string, request: ReturnType<typeof encode>) {
  const res = await fetch(`${base}${API_PATH}${request.search}`, { method: 'POST', body: request.body });
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

describe('the validating proxy', () => {
  it('passes good calls through unchanged, in both encodings and with a file, and reports nothing', async () => {
    const ownBank = proxy.app.bank().digest();
    const token = await proxy.login('demo@bank.test');
    const form = proxy.client({ user: token }, 'urlencoded');
    const multipart = proxy.client({ user: token }, 'multipart');

    const institution = await multipart.call('getInstitution');
    expect(institution.account.account_no).toBe(host.app.bank().findByEmail('demo@bank.test')?.accountNumber);
    expect((await form.call('getProfile')).data.email).toBe('demo@bank.test');

    // A deposit with its proof: the image reaches the host byte for byte.
    const reply = await form.call('createCryptoDeposit', { type: 'BTC', amount: 25, depositPic: pngBlob() });
    expect(reply.icon).toBe('success');
    const deposit = host.app
      .bank()
      .allRequests()
      .find((r) => r.kind === 'crypto-deposit' && r.amountCents === 2500);
    expect(deposit?.proof).toBeDefined();
    expect(host.app.bank().upload(deposit?.proof ?? '')?.bytes).toEqual(sampleImages['image/png']);

    // The same call gives the same bytes through the proxy as from the host itself.
    const profile = encode('getProfile', {}, { token });
    expect(await raw(proxy.base, profile)).toEqual(await raw(front.base, encode('getProfile', {}, { token })));

    const types = arrivals.map((a) => a.contentType?.split(';')[0]);
    expect(types).toContain('multipart/form-data');
    expect(types).toContain('application/x-www-form-urlencoded');
    expect(arrivals.map((a) => a.url)).toContain('/api/users.php?crud=userlogin');
    expect(await mismatches()).toEqual([]);
    expect(logged).toEqual([]);
    // Nothing was answered by the proxy's own bank.
    expect(proxy.app.bank().digest()).toBe(ownBank);
  });

  it("passes a reply of the wrong shape on as it came, and reports it with the operation and zod's issue", async () => {
    const api = proxy.client({ user: await proxy.login('demo@bank.test') });
    const error = await failure(api.call('getContact'));
    expect(error).toMatchObject({ kind: 'reply', status: 200 });

    const [entry, ...rest] = await mismatches();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      operation: 'getContact',
      direction: 'reply',
      status: 200,
      issues: [{ path: 'ct', message: 'Invalid input: expected object, received string' }],
    });
    // The same entry, as one JSON line on stderr.
    expect(logged.map((line) => JSON.parse(line) as unknown)).toEqual([entry]);
    expect(logged[0]?.endsWith('}\n')).toBe(true);
  });

  it('forwards a request the contract refuses, and reports what the host did with it', async () => {
    const token = await proxy.login('nopin@bank.test');
    const body = new URLSearchParams({ updatepin: '1', token, pin: '12ab' });
    const res = await proxy.send(`/${API_PATH}`, { method: 'POST', body });

    // The host's own answer (the mock host refuses it too), passed on.
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: true, code: 'invalid_request' });
    expect(arrivals.at(-1)).toEqual({
      url: '/api/users.php',
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    expect(await mismatches()).toEqual([
      expect.objectContaining({
        operation: 'createPin',
        direction: 'request',
        status: 400,
        forwarded: true,
        message: expect.stringMatching(/refuses this request.*forwarded anyway/u) as unknown,
        issues: [{ path: 'pin', message: 'must be exactly 4 digits' }],
      }),
    ]);
  });

  it('lists mismatches newest first, names no operation when the request names none, and clears them', async () => {
    const api = proxy.client({ user: await proxy.login('demo@bank.test') });
    await failure(api.call('getContact'));
    await proxy.send(`/${API_PATH}?crud=nosuch`, { method: 'POST', body: new URLSearchParams({ a: '1' }) });

    const list = await mismatches();
    expect(list.map((m) => [m.operation, m.direction, m.status])).toEqual([
      [null, 'request', 400],
      ['getContact', 'reply', 200],
    ]);
    expect(list[0]?.issues).toEqual([{ path: 'crud', message: "'nosuch' is not an operation" }]);

    const cleared = await proxy.send(`/__mock/proxy/mismatches`, { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect(await mismatches()).toEqual([]);
  });

  it('keeps the rest of the mock: the developer endpoints answer, other methods on the API do not go out', async () => {
    expect(await (await proxy.send(`/__mock/health`)).json()).toEqual({ ok: true, clockOffsetMinutes: 0 });
    const get = await proxy.send(`/${API_PATH}`);
    expect(get.status).toBe(405);
    expect(arrivals).toEqual([]);
  });
});

describe('the validating proxy, byte for byte', () => {
  interface Seen {
    readonly url: string;
    readonly contentType: string | undefined;
    readonly bytes: Buffer;
  }
  const seen: Seen[] = [];
  let recorder: Front;
  let through: Harness;
  const REPLY = '{"icon":"success","message":"Payment Pending \u00e9",  "trx_notif":null}';

  beforeAll(async () => {
    // A host that keeps the raw request and answers with bytes of its own choosing.
    const app = express();
    app.post('/api/users.php', express.raw({ type: () => true }), (req, res) => {
      seen.push({
        url: req.originalUrl,
        contentType: req.headers['content-type'],
        bytes: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      });
      res.status(201).setHeader('content-type', 'application/json; charset=utf-8').setHeader('retry-after', '7');
      res.end(REPLY);
    });
    recorder = await listen(app);
    through = await startBank({ upstream: recorder.base });
  });
  afterAll(async () => {
    await through.close();
    await recorder.close();
  });
  afterEach(() => {
    seen.length = 0;
  });

  it('sends the query, the body bytes and the content type as they came, and returns the reply as it came', async () => {
    const request = encode('createCryptoDeposit', { type: 'BTC', amount: 10, depositPic: pngBlob() }, { token: 't' });
    const sent = new Request(`${through.base}${API_PATH}?crud=ignored&x=1`, { method: 'POST', body: request.body });
    const contentType = sent.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await sent.arrayBuffer());

    const res = await through.send(`/${API_PATH}?crud=ignored&x=1`, {
      method: 'POST',
      body: bytes,
      headers: { 'content-type': contentType },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.text()).toBe(REPLY);

    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/api/users.php?crud=ignored&x=1');
    expect(seen[0]?.contentType).toBe(contentType);
    expect(seen[0]?.bytes.equals(bytes)).toBe(true);
  });

  it("lets the portal show the host's pictures, which its replies link: img-src names the host, only behind a proxy", async () => {
    const policy = async (harness: Harness) => (await harness.send('/')).headers.get('content-security-policy') ?? '';
    const hostOrigin = new URL(front.base).origin;
    expect(await policy(proxy)).toContain(`img-src 'self' data: blob: ${hostOrigin};`);
    expect(await policy(proxy)).toContain("connect-src 'self';");
    expect(await policy(host)).toContain("img-src 'self' data: blob:;");
  });

  it('answers 502 in the error shape when the host cannot be reached', async () => {
    const closed = await listen(express());
    await closed.close();
    const orphan = await startBank({ upstream: closed.base });
    try {
      const error = await failure(orphan.client().call('getDocumentTypes'));
      expect(error).toMatchObject({ kind: 'http', status: 502 });
      expect(error.message).toMatch(
        new RegExp(`^The host at ${closed.base} could not be reached: .*ECONNREFUSED`, 'u'),
      );

      const res = await orphan.send(`/${API_PATH}`, {
        method: 'POST',
        body: new URLSearchParams({ getdocs: '1' }),
      });
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/u);
      expect(await res.json()).toMatchObject({ error: true, code: 'upstream_unreachable' });

      // A request the contract refuses is reported as not forwarded.
      await orphan.send(`/${API_PATH}`, { method: 'POST', body: new URLSearchParams({ getdocs: '1', x: '1' }) });
      const list = (await (await orphan.send(`/__mock/proxy/mismatches`)).json()) as Mismatch[];
      expect(list).toEqual([
        expect.objectContaining({
          operation: 'getDocumentTypes',
          direction: 'request',
          status: 502,
          forwarded: false,
          issues: [{ path: 'x', message: 'is not a field of getdocs' }],
        }),
      ]);
    } finally {
      await orphan.close();
    }
  });
});
