/**
 * The demo's handlers, run by Mock Service Worker in Node (`setupServer`) and called the way the portal
 * calls its bank: the contract's client against the demo's address. The bank runs on the Web Crypto API
 * here as in the browser.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient, type OutboxMessage } from '@ebank/contract';
import { pngBlob, sampleImages } from '@ebank/contract/testing/images';
import { startBank, type Harness } from '@ebank/mock-server/src/testing/harness';
import { setupServer } from 'msw/node';
import { DemoBank, STORAGE_KEY, type DemoStorage } from './demo-bank';
import { demoHandlers } from './handlers';
import { SAMPLE_PAYEE } from '@ebank/contract/testing';

const ORIGIN = 'http://demo.test';
const API = `${ORIGIN}/api/users.php`;

const memoryStorage = (): DemoStorage & { readonly items: Map<string, string> } => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
};

const server = setupServer();
let storage: ReturnType<typeof memoryStorage>;
let demo: DemoBank;

/** A fresh demo bank (over the given storage) behind the handlers. */
function startDemo(over = memoryStorage()) {
  storage = over;
  demo = new DemoBank({ publicUrl: `${ORIGIN}/`, storage });
  server.resetHandlers(...demoHandlers(demo, { origin: ORIGIN }));
}

beforeAll(() => {
  // Anything not at the demo's address (the real server below) goes to the network.
  server.listen({ onUnhandledRequest: 'bypass' });
});
beforeEach(() => {
  startDemo();
});
afterAll(() => {
  server.close();
});

const client = (base: string, token?: string) =>
  createApiClient({ baseUrl: base, token: (auth) => (auth === 'user' ? token : undefined) });

async function signIn(base: string, email = 'demo@bank.test', password = '123456') {
  const reply = await client(base).call('login', { email, password, remeber: false });
  if (!reply.jwt) throw new Error(`no token for ${email}`);
  return client(base, reply.jwt);
}

/** How a call ended: its reply, or what the client saw of its failure. */
async function outcome(call: Promise<unknown>): Promise<unknown> {
  try {
    return { reply: await call };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: { kind: error.kind, status: error.status, message: error.message, code: error.code } };
  }
}

const failure = async (call: Promise<unknown>) => {
  const result = await outcome(call);
  if (typeof result === 'object' && result !== null && 'error' in result) return result.error;
  throw new Error('expected the call to fail');
};

const outbox = async (email: string) =>
  (await (await fetch(`${ORIGIN}/__mock/outbox?to=${encodeURIComponent(email)}`)).json()) as OutboxMessage[];

const staff = async (path: string) => {
  const response = await fetch(`${ORIGIN}/__mock/staff/${path}`, { method: path === 'state' ? 'GET' : 'POST' });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const payee = {
  ...SAMPLE_PAYEE,
};
const transfer = (amount: number) => ({ ...payee, amount, extra: { ...payee, amount } });

describe('the demo persona, against the bank in the page', () => {
  it('signs in with the two login steps, and reads the institution', async () => {
    const lookup = await client(ORIGIN).call('lookupUser', { email: 'demo@bank.test' });
    expect(lookup).toMatchObject({ role: 'user', user: { fullname: 'Dana Demo' } });
    expect(
      await failure(client(ORIGIN).call('login', { email: 'demo@bank.test', password: '000000', remeber: false })),
    ).toMatchObject({ kind: 'http', status: 400, message: 'Incorrect passcode. 4 attempts left.' });

    const api = await signIn(ORIGIN);
    const institution = await api.call('getInstitution');
    expect(institution).toMatchObject({
      currency: '$',
      tb: { current_balance: 5120 },
      u: { fullname: 'Dana Demo', username: 'dana.demo', total_credit: 5600, total_debit: 480 },
      haspin: true,
      notificationcount: 2,
    });
    expect(institution.account.account_no).toMatch(/^\d{10}$/u);
    expect((await api.call('getStatement')).transactions).toHaveLength(11);
    expect(await failure(client(ORIGIN).call('getInstitution'))).toMatchObject({
      status: 401,
      message: 'Please log in to continue',
    });
  });

  it('makes a transfer with its PIN; a large one also with the code from the outbox', async () => {
    const api = await signIn(ORIGIN);
    expect(await api.call('confirmPin', { pin: '1234', extra: transfer(100).extra })).toEqual({
      status: 'success',
      message: 'PIN confirmed',
    });
    expect(await api.call('createTransfer', transfer(100))).toMatchObject({
      icon: 'success',
      trx_notif: [{ title: 'Transfer submitted' }],
    });
    expect((await api.call('getInstitution')).tb.current_balance).toBe(5020);

    const pin = await api.call('confirmPin', { pin: '1234', extra: transfer(1500).extra });
    expect(pin.requiresanother?.head).toBe('Transfer Authorization Code is required');
    const [message] = await outbox('demo@bank.test');
    expect(message).toMatchObject({ kind: 'transfer-code', code: expect.stringMatching(/^\d{4}$/u) as unknown });
    await api.call('confirmTransferCode', { code: message?.code ?? '', extra: transfer(1500).extra });
    await api.call('createTransfer', transfer(1500));
    expect((await api.call('getInstitution')).tb.current_balance).toBe(3520);
    expect((await api.call('getTransferList')).transactions.slice(0, 2)).toMatchObject([
      { amount: 1500, status: 'pending' },
      { amount: 100, status: 'pending' },
    ]);
  });

  it('deposits with a proof picture (multipart); staff confirm it and the balance follows', async () => {
    const api = await signIn(ORIGIN);
    await api.call('createCryptoDeposit', { type: 'BTC', amount: 250.5, depositPic: pngBlob() });
    const state = await staff('state');
    const requests = state.body.requests as { id: string; kind: string; amount: number; proof: string }[];
    const deposit = requests.find((r) => r.kind === 'crypto-deposit' && r.amount === 250.5);
    expect(deposit?.proof).toMatch(/^\/__mock\/uploads\//u);

    const proof = await fetch(`${ORIGIN}${deposit?.proof ?? ''}`);
    expect(proof.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await proof.arrayBuffer())).toEqual(sampleImages['image/png']);

    expect(await staff(`requests/${deposit?.id ?? ''}/confirm`)).toEqual({
      status: 200,
      body: { ok: true, id: deposit?.id, status: 'confirmed' },
    });
    expect((await api.call('getInstitution')).tb.current_balance).toBe(5370.5);
    expect(await staff(`requests/${deposit?.id ?? ''}/confirm`)).toMatchObject({
      status: 409,
      body: { error: true, code: 'conflict', message: 'This request is already confirmed' },
    });
  });

  it('shows a new profile picture at the address the bank gives, from this origin', async () => {
    const api = await signIn(ORIGIN);
    await api.call('updateProfilePicture', { profilePic: pngBlob('me.png') });
    const picture = (await api.call('getInstitution')).u.picture ?? '';
    expect(picture).toMatch(/^http:\/\/demo\.test\/__mock\/uploads\/[0-9a-f-]{36}$/u);
    const image = await fetch(picture);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${ORIGIN}/__mock/uploads/nothing`)).status).toBe(404);
  });

  it('staff approve a pending KYC case, after which that customer signs in to the dashboard', async () => {
    const pending = await client(ORIGIN).call('login', {
      email: 'kyc-pending@bank.test',
      password: '123456',
      remeber: false,
    });
    expect(pending.jwt).toBeUndefined();
    expect((await staff('kyc/kyc-pending@bank.test/approve')).body).toEqual({
      ok: true,
      email: 'kyc-pending@bank.test',
      kyc: 'Verified',
    });
    const api = await signIn(ORIGIN, 'kyc-pending@bank.test');
    expect((await api.call('getInstitution')).u.fullname).toBe('Paul Pending');
    expect((await staff('kyc/nobody@bank.test/approve')).status).toBe(404);
  });
});

describe('the developer endpoints and the transport', () => {
  it('reset goes back to the seed: what was done is gone and old tokens are refused', async () => {
    const api = await signIn(ORIGIN);
    await api.call('confirmPin', { pin: '1234', extra: transfer(100).extra });
    await api.call('createTransfer', transfer(100));
    expect((await fetch(`${ORIGIN}/__mock/reset`, { method: 'POST' })).status).toBe(200);
    expect(await failure(api.call('getInstitution'))).toMatchObject({ status: 401 });
    expect((await (await signIn(ORIGIN)).call('getInstitution')).tb.current_balance).toBe(5120);
    expect(await (await fetch(`${ORIGIN}/__mock/health`)).json()).toEqual({ ok: true, clockOffsetMinutes: 0 });
  });

  it('a reload keeps the bank and the session (session storage); a damaged store starts from the seed', async () => {
    const api = await signIn(ORIGIN);
    await api.call('confirmPin', { pin: '1234', extra: transfer(100).extra });
    await api.call('createTransfer', transfer(100));
    const token = await api.call('login', { email: 'demo@bank.test', password: '123456', remeber: false });

    startDemo(storage); // the same tab, reloaded
    const again = client(ORIGIN, token.jwt ?? '');
    expect((await again.call('getInstitution')).tb.current_balance).toBe(5020);

    storage.setItem(STORAGE_KEY, '{"format":"ebank-demo-bank","snapshot":');
    startDemo(storage);
    expect(await failure(again.call('getInstitution'))).toMatchObject({ status: 401 });
    expect((await (await signIn(ORIGIN)).call('getInstitution')).tb.current_balance).toBe(5120);
  });

  it('a bank saved with scrypt hashes (before PBKDF2), which a browser cannot check, starts from the seed', async () => {
    const api = await signIn(ORIGIN);
    await api.call('confirmPin', { pin: '1234', extra: transfer(100).extra });
    await api.call('createTransfer', transfer(100));
    startDemo(storage);
    expect((await (await signIn(ORIGIN)).call('getInstitution')).tb.current_balance).toBe(5020);

    const saved = storage.items.get(STORAGE_KEY) ?? '';
    const older = saved.replace(/"pbkdf2-sha256\$[^"]*"/gu, '"scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA"');
    expect(older).not.toContain('pbkdf2');
    storage.setItem(STORAGE_KEY, older);
    startDemo(storage);
    expect((await (await signIn(ORIGIN)).call('getInstitution')).tb.current_balance).toBe(5120);
  });

  it('answers other bodies, methods and repeated fields as the server does', async () => {
    const json = await fetch(`${API}?crud=iduser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"demo@bank.test"}',
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ code: 'unsupported_media_type' });

    const get = await fetch(API);
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);

    const form = new FormData();
    form.append('email', 'demo@bank.test');
    form.append('email', 'other@bank.test');
    const repeated = await fetch(`${API}?crud=iduser`, { method: 'POST', body: form });
    expect(repeated.status).toBe(400);
    const { issues } = (await repeated.json()) as { issues: unknown[] };
    expect(issues).toContainEqual({ field: 'email', message: 'email: was sent more than once' });

    const cut = await fetch(`${API}?crud=iduser`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\ndemo@bank.test',
    });
    expect([cut.status, ((await cut.json()) as { message: string }).message]).toEqual([
      400,
      'The multipart body is malformed',
    ]);

    const escape = await fetch(`${API}?crud=iduser`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=%zz',
    });
    expect(escape.status).toBe(400);
  });

  it('limits the login lookups of this browser, with Retry-After', async () => {
    const lookups = Array.from({ length: 31 }, () =>
      fetch(`${API}?crud=iduser`, { method: 'POST', body: new URLSearchParams({ email: 'x@bank.test' }) }),
    );
    const statuses = (await Promise.all(lookups)).map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(11);
    const refused = await fetch(`${API}?crud=iduser`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'x@bank.test' }),
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the same answers as the server', () => {
  let real: Harness;
  beforeAll(async () => {
    real = await startBank();
  });
  afterEach(() => real.reset());
  afterAll(() => real.close());

  const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/u;
  const RANDOM = new Set(['jwt', 'account_no', 'id']);
  /** Replaces what differs between any two banks (times, tokens, ids, account numbers, the origin). */
  const normalise = (value: unknown, origin: string) =>
    JSON.parse(
      JSON.stringify(value, (key, v: unknown) => {
        if (RANDOM.has(key) && typeof v === 'string') return `<${key}>`;
        if (typeof v === 'string' && TIME.test(v)) return '<time>';
        if (typeof v === 'string')
          return v.replaceAll(origin, '<origin>').replace(/uploads\/[0-9a-f-]{36}/gu, 'uploads/<id>');
        return v;
      }),
    ) as unknown;

  /** One journey, the same calls in the same order, as its outcomes. */
  async function journey(base: string): Promise<unknown[]> {
    const origin = base.replace(/\/$/u, '');
    const anonymous = client(base);
    const results: unknown[] = [
      await outcome(anonymous.call('lookupUser', { email: 'demo@bank.test' })),
      await outcome(anonymous.call('lookupUser', { email: 'nobody@bank.test' })),
      await outcome(anonymous.call('login', { email: 'demo@bank.test', password: '111111', remeber: false })),
      await outcome(anonymous.call('login', { email: 'kyc-new@bank.test', password: '123456', remeber: false })),
      await outcome(anonymous.call('login', { email: 'notice@bank.test', password: '123456', remeber: false })),
      await outcome(anonymous.call('getInstitution')),
    ];
    const api: ApiClient = await signIn(base);
    for (const read of [
      'getInstitution',
      'getHomeStatement',
      'getStatement',
      'getServiceCharge',
      'getTransferList',
      'checkPin',
      'getProfile',
      'getNotifications',
      'getCryptoDepositForm',
      'getPaymentMethods',
      'getContact',
    ] as const)
      results.push(await outcome(api.call(read)));
    results.push(
      await outcome(api.call('createTransfer', transfer(100))),
      await outcome(api.call('confirmPin', { pin: '0000', extra: transfer(100).extra })),
      await outcome(api.call('confirmPin', { pin: '1234', extra: transfer(99_999).extra })),
      await outcome(api.call('confirmPin', { pin: '1234', extra: transfer(100).extra })),
      await outcome(api.call('createTransfer', transfer(100))),
      await outcome(api.call('createCryptoDeposit', { type: 'BTC', amount: 20, depositPic: pngBlob() })),
      await outcome(api.call('createCryptoDeposit', { type: 'DOGE', amount: 20, depositPic: pngBlob() })),
      await outcome(api.call('updateProfilePicture', { profilePic: pngBlob('me.png') })),
      await outcome(api.call('getInstitution')),
      await outcome(api.call('getStatement')),
    );
    const repeated = new FormData();
    repeated.append('email', 'demo@bank.test');
    repeated.append('email', 'other@bank.test');
    for (const [query, init] of [
      ['', { method: 'POST', body: new URLSearchParams({ nothing: '1' }) }],
      ['', { method: 'POST', body: new URLSearchParams({ getinstituition: '1', getperc: '1' }) }],
      ['?crud=iduser', { method: 'POST', body: repeated }],
      ['?crud=iduser', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
      [
        '?crud=iduser',
        {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
          body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\ndemo@bank.test',
        },
      ],
      ['', { method: 'GET' }],
    ] as const) {
      const response = await fetch(`${origin}/api/users.php${query}`, init);
      results.push({ status: response.status, body: (await response.json()) as unknown });
    }
    return results.map((r) => normalise(r, origin));
  }

  it('limits files as multer does, in the order the parts came: at most 3, each at most 5 MB', async () => {
    const send = async (base: string, sizes: readonly number[]) => {
      const form = new FormData();
      form.append('email', 'demo@bank.test');
      sizes.forEach((size, i) => {
        form.append(`pic${String(i)}`, new File([new Uint8Array(size)], `${String(i)}.png`, { type: 'image/png' }));
      });
      const reply = await fetch(`${base}api/users.php?crud=iduser`, { method: 'POST', body: form });
      return [reply.status, ((await reply.json()) as { message: string }).message];
    };
    const big = 5 * 1024 * 1024 + 1;
    const cases = [
      { sizes: [1, 1, 1, 1], refusal: [413, 'Too many files: at most 3'] },
      { sizes: [1, big], refusal: [413, 'pic1: must be at most 5 MB'] },
      // The large file comes before the fourth: its limit is met first.
      { sizes: [big, 1, 1, 1], refusal: [413, 'pic0: must be at most 5 MB'] },
      { sizes: [1, 1, 1, big], refusal: [413, 'Too many files: at most 3'] },
    ];
    for (const { sizes, refusal } of cases) {
      expect(await send(`${ORIGIN}/`, sizes), sizes.join(', ')).toEqual(refusal);
      expect(await send(real.base, sizes), `the server: ${sizes.join(', ')}`).toEqual(refusal);
    }
    // Within the limits, the files reach the bank's check of the call (iduser takes none).
    const [status, message] = await send(`${ORIGIN}/`, [1]);
    expect(status).toBe(400);
    expect(message).toContain('pic0');
    expect(await send(real.base, [1])).toEqual([status, message]);
  });

  it('for the same journey, call by call: replies, refusals and their statuses', async () => {
    const [inPage, fromServer] = [await journey(`${ORIGIN}/`), await journey(real.base)];
    expect(inPage).toHaveLength(fromServer.length);
    inPage.forEach((answer, i) => {
      expect(answer, `call ${i}`).toEqual(fromServer[i]);
    });
  });
});
