import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operationNames, operations, encode, type ApiError, type OperationName } from '@ebank/contract';
import { inputArbitrary, notImages, pngBlob, sampleImages } from '@ebank/contract/testing';
import fc from 'fast-check';
import { startBank, type Harness } from '../testing/harness';

let clock = Date.now();
let bank: Harness;
beforeAll(async () => {
  bank = await startBank({ now: () => clock });
});
afterAll(() => bank.close());
beforeEach(async () => {
  clock = Date.now();
  await bank.reset();
});

const api = (path = 'api/users.php') => `/${path}`;
const post = (body: BodyInit | undefined, init: RequestInit = {}, query = '') =>
  bank.send(`${api()}${query}`, { method: 'POST', ...(body === undefined ? {} : { body }), ...init });

async function expectJsonError(res: Response, status: number, message?: RegExp | string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/u);
  const body = (await res.json()) as { error: boolean; message: string };
  expect(body.error).toBe(true);
  expect(body.message.length).toBeGreaterThan(0);
  if (message) expect(body.message).toMatch(message);
  return body;
}

const digest = () => bank.app.bank().digest();

/** A valid input of an operation, from the contract's generators. */
const sample = <K extends OperationName>(name: K) => fc.sample(inputArbitrary(name), { numRuns: 1, seed: 7 })[0]!;

describe('tokens', () => {
  const userOperations = operationNames.filter((n) => operations[n].auth === 'user');

  it('a token opens only its own customer’s data', async () => {
    const demo = bank.client({ user: await bank.login('demo@bank.test') });
    const nopin = bank.client({ user: await bank.login('nopin@bank.test') });
    expect((await demo.call('getProfile')).data.email).toBe('demo@bank.test');
    expect((await nopin.call('getProfile')).data.email).toBe('nopin@bank.test');
    const demoAccount = (await demo.call('getInstitution')).account.account_no;
    const nopinHome = await nopin.call('getInstitution');
    expect(nopinHome.account.account_no).not.toBe(demoAccount);
    expect(JSON.stringify(await nopin.call('getStatement'))).not.toContain('Sam Lee');
  });

  it.each([
    ['no token', undefined, 401],
    ['garbage', 'not-a-token', 401],
    ['a forged signature', 'FORGED', 401],
    ['the temporary KYC token', 'KYC', 403],
    ['an admin token', 'ADMIN', 403],
  ])('%s opens no dashboard operation', async (_, kind, status) => {
    let token = kind;
    if (kind === 'FORGED') {
      const [h, , s] = (await bank.login('demo@bank.test')).split('.');
      const claims = Buffer.from(JSON.stringify({ sub: 'someone', scope: 'user', iat: 0, exp: 9e9, ver: 1 })).toString(
        'base64url',
      );
      token = `${h ?? ''}.${claims}.${s ?? ''}`;
    }
    if (kind === 'KYC')
      token = (await bank.client().call('login', { email: 'kyc-new@bank.test', password: '123456', remeber: false }))
        .jwt;
    if (kind === 'ADMIN')
      token = (
        await bank.client().call('login', { email: 'admin@bank.test', password: 'admin-demo-pass', remeber: false })
      ).jwt;
    const before = digest();
    for (const name of userOperations) {
      const request = encode(name, sample(name) as never, { token });
      const res = await bank.send(`${api()}${request.search}`, { method: 'POST', body: request.body });
      await expectJsonError(res, status);
    }
    expect(digest()).toBe(before);
  });

  it('an expired token is refused', async () => {
    const demo = bank.client({ user: await bank.login('demo@bank.test') });
    await demo.call('checkPin');
    clock += 31 * 60_000;
    const error = (await demo.call('checkPin').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 401, message: 'Your session has ended. Please log in again.' });
  });

  it('the temporary token opens the KYC submission; the user token does not', async () => {
    const kycToken = (
      await bank.client().call('login', { email: 'kyc-new@bank.test', password: '123456', remeber: false })
    ).jwt;
    const input = {
      country: 'France',
      phone: '+33 1 23 45 67 89',
      home_address: '1 rue de Rivoli',
      type: 'Passport',
      pic: pngBlob(),
      idcardFront: pngBlob(),
      idcardBack: pngBlob(),
    };
    const user = bank.client({ kyc: await bank.login('demo@bank.test') });
    expect(((await user.call('submitVerification', input).catch((e: unknown) => e)) as ApiError).status).toBe(403);
    await expect(bank.client({ kyc: kycToken }).call('submitVerification', input)).resolves.toMatchObject({
      status: 'success',
    });
  });
});

describe('bad input gets a 4xx JSON error and changes nothing', () => {
  const cases: [string, () => Promise<Response>, number, RegExp][] = [
    ['no marker', () => post(new URLSearchParams({ token: 'x' })), 400, /No operation/u],
    [
      'two markers',
      () => post(new URLSearchParams({ getinstituition: '1', getprofile: '1' })),
      400,
      /One operation per request/u,
    ],
    [
      'an unknown crud',
      () => post(new URLSearchParams({ email: 'a@b.co' }), {}, '?crud=dropall'),
      400,
      /Unknown crud 'dropall'/u,
    ],
    [
      'a wrong type',
      () => post(new URLSearchParams({ newcd: '1', type: 'BTC', amount: 'lots' })),
      400,
      /amount: must be an amount/u,
    ],
    [
      'a duplicated field',
      () =>
        post(
          new URLSearchParams([
            ['email', 'a@b.co'],
            ['email', 'c@d.co'],
          ]),
          {},
          '?crud=iduser',
        ),
      400,
      /email: was sent more than once/u,
    ],
    [
      'a JSON body',
      () => post('{"getinstituition":1}', { headers: { 'content-type': 'application/json' } }),
      415,
      /multipart\/form-data or application\/x-www-form-urlencoded/u,
    ],
    [
      'a malformed multipart body',
      () =>
        post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', {
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        }),
      400,
      /malformed/u,
    ],
    [
      'too many fields',
      () => post(new URLSearchParams(Array.from({ length: 500 }, (_, i) => [`f${i}`, 'x']))),
      413,
      /Too many fields/u,
    ],
    ['a GET', () => bank.send(api()), 405, /Use POST/u],
    ['an unknown path', () => bank.send(api('nope.php'), { method: 'POST' }), 404, /Nothing at/u],
  ];
  it.each(cases)('%s', async (_, send, status, message) => {
    const before = digest();
    await expectJsonError(await send(), status, message);
    expect(digest()).toBe(before);
  });

  const depositWith = async (file: Blob, name = 'proof.png') => {
    const token = await bank.login('demo@bank.test');
    const body = new FormData();
    for (const [k, v] of Object.entries({ newcd: '1', token, type: 'BTC', amount: '10' })) body.append(k, v);
    body.append('depositPic', file, name);
    return body;
  };

  it('a text file as an image, and an SVG, are refused and nothing is stored', async () => {
    for (const bytes of [notImages.text, notImages.svg, notImages.html]) {
      const body = await depositWith(new Blob([bytes], { type: 'image/png' }));
      const before = digest();
      await expectJsonError(await post(body), 400, /depositPic: must be a PNG, JPG, GIF or WebP image/u);
      expect(digest()).toBe(before);
    }
  });

  it('an oversize file is refused with 413 and the server still answers', async () => {
    const big = new Blob([sampleImages['image/png'], new Uint8Array(6 * 1024 * 1024)], { type: 'image/png' });
    const body = await depositWith(big);
    const before = digest();
    await expectJsonError(await post(body), 413, /depositPic: must be at most 5 MB/u);
    expect(digest()).toBe(before);
    expect(await (await bank.send(api('__mock/health'))).json()).toEqual({ ok: true, clockOffsetMinutes: 0 });
  });

  it('every reply, error or not, carries the security headers and no stack trace', async () => {
    const res = await post(new URLSearchParams({ getinstituition: '1' }));
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await res.text()).not.toMatch(/at .*\.ts:\d+/u);
  });
});

describe('concurrency', () => {
  it('many simultaneous transfers from one account never overdraw it, and the ledger sums hold', async () => {
    const demo = bank.client({ user: await bank.login('demo@bank.test') });
    const form = {
      bank: 'B',
      swift: 'FEXBUS33',
      currency: 'USD',
      routing: '026009593',
      country: 'US',
      act_no: '1',
      act_hold_name: 'Jane',
      note: 'n',
    };
    const amount = 400;
    const attempts = await Promise.allSettled(
      Array.from({ length: 40 }, async () => {
        await demo.call('confirmPin', { pin: '1234', extra: { ...form, amount } });
        return demo.call('createTransfer', { ...form, amount, extra: { ...form, amount } });
      }),
    );
    const succeeded = attempts.filter((a) => a.status === 'fulfilled').length;
    const home = await demo.call('getInstitution');
    expect(home.tb.current_balance).toBeGreaterThanOrEqual(0);
    expect(home.tb.current_balance).toBe(5120 - succeeded * amount);
    expect(succeeded).toBeGreaterThan(0);
    expect(succeeded).toBeLessThanOrEqual(12);
    const { transactions } = await demo.call('getStatement');
    const sum = transactions.reduce((acc, t) => {
      if (t.status === 'failed') return acc;
      if (t.transaction_type === 'credit') return t.status === 'successful' ? acc + t.amount : acc;
      return acc - t.amount;
    }, 0);
    expect(Math.round(sum * 100)).toBe(Math.round(home.tb.current_balance * 100));
    for (const a of attempts)
      if (a.status === 'rejected') expect((a.reason as ApiError).status).toBeGreaterThanOrEqual(400);
  });
});
