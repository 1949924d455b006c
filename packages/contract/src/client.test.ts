import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, hostErrorMessage } from './index';
import { decode, receiveForm } from './codec';
import type { Auth } from './operation';
import { pngBlob, receive } from './testing';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake host that decodes what the client sends with the contract, and answers `reply`. */
function fakeHost(reply: (decoded: ReturnType<typeof decode>) => Response | Promise<Response>) {
  const seen: { url: string; decoded: ReturnType<typeof decode>; contentType: string }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const request = new Request(url, init);
    const { fields, files } = await receiveForm(await request.formData());
    const decoded = decode(Object.fromEntries(new URL(request.url).searchParams), fields, files);
    seen.push({ url: request.url, decoded, contentType: request.headers.get('content-type') ?? '' });
    return reply(decoded);
  });
  return { fetch, seen };
}

const tokens = (auth: Auth) => ({ user: 'user-token', kyc: 'kyc-token', none: undefined })[auth];

describe('the typed client', () => {
  it('calls the API path under the base URL and returns the typed reply', async () => {
    const host = fakeHost(() => json({ haspin: 'no' }));
    const api = createApiClient({ baseUrl: 'http://bank.test/base', token: tokens, fetch: host.fetch });
    await expect(api.call('checkPin')).resolves.toEqual({ haspin: false });
    expect(host.seen[0]?.url).toBe('http://bank.test/base/api/users.php');
    const decoded = host.seen[0]?.decoded;
    expect(decoded?.ok && decoded.name).toBe('checkPin');
    expect(decoded?.ok && decoded.token).toBe('user-token');
  });

  it('sends the temporary token with the KYC submission and files as multipart', async () => {
    const host = fakeHost(() => json({ status: 'success', message: 'Submitted' }));
    const api = createApiClient({
      baseUrl: '/',
      token: tokens,
      fetch: (u, i) => host.fetch(new URL(u instanceof Request ? u.url : u, 'http://bank.test'), i),
    });
    const reply = await api.call('submitVerification', {
      country: 'Germany',
      phone: '+49 30 123456',
      home_address: 'Main St 1',
      type: "Driver's License",
      pic: pngBlob(),
      idcardFront: pngBlob(),
      idcardBack: pngBlob(),
    });
    expect(reply).toEqual({ status: 'success', message: 'Submitted' });
    expect(host.seen[0]?.contentType).toMatch(/^multipart\/form-data/u);
    const decoded = host.seen[0]?.decoded;
    expect(decoded?.ok && decoded.token).toBe('kyc-token');
  });

  it('uses ?crud= for auth calls and sends no token', async () => {
    const host = fakeHost(() => json({ role: 'user', user: { picture: null, fullname: 'Demo User' } }));
    const api = createApiClient({ baseUrl: 'http://bank.test/', token: tokens, fetch: host.fetch });
    await expect(api.call('lookupUser', { email: 'demo@bank.test' })).resolves.toEqual({
      role: 'user',
      user: { picture: undefined, fullname: 'Demo User' },
      message: undefined,
    });
    expect(host.seen[0]?.url).toBe('http://bank.test/api/users.php?crud=iduser');
    const decoded = host.seen[0]?.decoded;
    expect(decoded?.ok && decoded.token).toBeUndefined();
  });

  it('turns a 4xx JSON error into an ApiError with its message and field issues', async () => {
    const host = fakeHost(() =>
      json(
        {
          error: true,
          message: 'Invalid Pin',
          code: 'invalid_request',
          issues: [{ field: 'pin', message: 'pin: wrong' }],
        },
        400,
      ),
    );
    const api = createApiClient({ baseUrl: 'http://bank.test/', fetch: host.fetch });
    const error = await api.call('createPin', { pin: '1234' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Invalid Pin',
      code: 'invalid_request',
      operation: 'createPin',
    });
    expect((error as ApiError).issues).toEqual([{ field: 'pin', message: 'pin: wrong' }]);
  });

  it("copes with the host's 200 reply that carries an error", async () => {
    const host = fakeHost(() => json({ error: true, message: 'No such user' }));
    const api = createApiClient({ baseUrl: 'http://bank.test/', fetch: host.fetch });
    await expect(api.call('lookupUser', { email: 'x@y.co' })).rejects.toMatchObject({
      kind: 'host',
      message: 'No such user',
    });
  });

  it('gives an empty result (a network error with no message) when the network fails', async () => {
    const api = createApiClient({
      baseUrl: 'http://bank.test/',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const error = (await api.call('getContact').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.isEmptyResult).toBe(true);
    expect(error.message).toBe('');
  });

  it('refuses a reply that is not JSON or does not match the contract', async () => {
    const html = createApiClient({
      baseUrl: 'http://bank.test/',
      fetch: () => Promise.resolve(new Response('<html>')),
    });
    await expect(html.call('getContact')).rejects.toMatchObject({ kind: 'reply', message: 'The reply was not JSON' });

    const wrong = createApiClient({ baseUrl: 'http://bank.test/', fetch: () => Promise.resolve(json({ ct: 'nope' })) });
    const error = (await wrong.call('getContact').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('reply');
    expect(error.issues[0]?.field).toBe('ct');
  });

  it('sends urlencoded or multipart bodies as configured', async () => {
    const host = fakeHost(() => json({ ct: {} }));
    const api = createApiClient({ baseUrl: 'http://bank.test/', fetch: host.fetch, encoding: 'multipart' });
    await api.call('getContact');
    expect(host.seen[0]?.contentType).toMatch(/^multipart\/form-data/u);
  });

  it('refuses an input the contract does not allow, without sending it', async () => {
    const host = fakeHost(() => json({}));
    const api = createApiClient({ baseUrl: 'http://bank.test/', fetch: host.fetch });
    const error = (await api.call('createPin', { pin: '12' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ kind: 'input', message: 'pin: must be exactly 4 digits' });
    expect(host.fetch).not.toHaveBeenCalled();
  });

  it('passes an abort through rather than calling it a network failure', async () => {
    const controller = new AbortController();
    controller.abort();
    const api = createApiClient({
      baseUrl: 'http://bank.test/',
      fetch: (_u, init) => fetch('http://127.0.0.1:9/', init),
    });
    await expect(api.call('getContact', {}, { signal: controller.signal })).rejects.toHaveProperty(
      'name',
      'AbortError',
    );
  });
});

describe('hostErrorMessage', () => {
  it.each([
    [{ error: true, message: 'Bad' }, 'Bad'],
    [{ error: 'Invalid Credentials' }, 'Invalid Credentials'],
    [{ status: 'failed', message: 'Nope' }, 'Nope'],
    [{ status: 'error' }, ''],
    [{ icon: 'error', message: 'Failed' }, 'Failed'],
    [{ status: 'success', message: 'ok' }, undefined],
    [{ error: false, role: 'user' }, undefined],
    [null, undefined],
  ])('%j -> %j', (body, expected) => {
    expect(hostErrorMessage(body)).toBe(expected);
  });
});

describe('receive (test helper)', () => {
  it('reads repeated fields as arrays, as multer does', async () => {
    const body = new URLSearchParams([
      ['a', '1'],
      ['a', '2'],
    ]);
    const wire = await receive({
      path: 'api/users.php',
      query: {},
      search: '',
      fields: [],
      files: [],
      encoding: 'urlencoded',
      body,
    });
    expect(wire.fields.a).toEqual(['1', '2']);
  });
});
