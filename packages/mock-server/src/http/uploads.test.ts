/**
 * Uploads (ASVS V5): accepted by content only (type by magic bytes, size, pixel limits, no markup),
 * stored under ids the server makes, and served back only as the sniffed image type, with nosniff and
 * a sandbox CSP. Whatever the client claims (name, type) never reaches storage or the reply headers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_SIDE } from '@ebank/contract';
import { notImages, pngBlob, sampleImages } from '@ebank/contract/testing';
import { startBank, type Harness } from '../testing/harness';

let bank: Harness;
let token: string;
beforeAll(async () => {
  bank = await startBank();
});
afterAll(() => bank.close());
beforeEach(async () => {
  await bank.reset();
  token = await bank.login('demo@bank.test');
});

const digest = () => bank.app.bank().digest();

const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  new Uint8Array(
    parts.flatMap((p) => (typeof p === 'string' ? Array.from(new TextEncoder().encode(p)) : Array.from(p))),
  );
const be32 = (n: number) => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
/** A PNG signature and IHDR chunk declaring the given size (no pixel data follows). */
const pngHeader = (width: number, height: number) =>
  bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(width), be32(height), [8, 6, 0, 0, 0]);

type Target = 'updatepic' | 'newcd';
/** Sends one file to the profile picture (updatepic) or a crypto deposit's proof (newcd), as a browser would. */
function send(target: Target, content: Uint8Array, filename: string, type: string) {
  const body = new FormData();
  body.append(target, '1');
  body.append('token', token);
  if (target === 'newcd') {
    body.append('type', 'BTC');
    body.append('amount', '10');
  }
  body.append(
    target === 'updatepic' ? 'profilePic' : 'depositPic',
    new Blob([Uint8Array.from(content)], { type }),
    filename,
  );
  return bank.send(`/api/users.php`, { method: 'POST', body });
}

/** The profile picture's URL as the API gives it. */
async function pictureUrl(): Promise<string> {
  const reply = await bank.client({ user: token }).call('getProfile');
  const url = reply.data.picture;
  if (!url) throw new Error('no picture');
  return url;
}

describe('an accepted upload', () => {
  it('is stored under an id the server made, never the client’s file name', async () => {
    const res = await send('updatepic', sampleImages['image/png'], '../../../etc/evil name.html', 'text/html');
    expect(res.status).toBe(200);
    const url = await pictureUrl();
    const id = new URL(url).pathname.replace('/__mock/uploads/', '');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u);
    expect(url).not.toMatch(/evil|etc|html/u);
    expect(bank.app.bank().upload(id)?.bytes).toEqual(sampleImages['image/png']);
  });

  it.each([
    ['image/png', 'photo.png', 'text/html'],
    ['image/jpeg', 'photo.svg', 'image/svg+xml'],
    ['image/gif', 'photo.png', 'image/png'],
    ['image/webp', 'photo', 'application/octet-stream'],
  ] as const)(
    'a %s sent as %s (%s) is served only as its sniffed type, nosniff, sandboxed, never with the claimed name',
    async (type, filename, claimed) => {
      expect((await send('updatepic', sampleImages[type], filename, claimed)).status).toBe(200);
      const res = await bank.send(new URL(await pictureUrl()).pathname);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/(^|; )sandbox(;|$)/u);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-disposition')).toBe('inline; filename="upload"');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect([...res.headers.values()].join('\n')).not.toContain(filename);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(sampleImages[type]);
    },
  );

  it('an unknown id, or a path trick, gets a 404 JSON error', async () => {
    for (const id of ['nope', '..%2F..%2Fpackage.json', '%2e%2e', crypto.randomUUID()]) {
      const res = await bank.send(`/__mock/uploads/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/u);
      expect(((await res.json()) as { message: string }).message).toMatch(/^(No such upload|Nothing at GET .*)$/u);
    }
  });
});

describe('a refused upload gets a 4xx JSON error naming the field, and nothing is stored', () => {
  const gifJsPolyglot = bytes('GIF89a/*', [0x0a, 0x00, 0, 0], '*/=1;alert(document.domain);//', [0x3b]);
  const cases: [string, Uint8Array, string, string, RegExp][] = [
    ['an HTML file renamed .png', notImages.html, 'proof.png', 'image/png', /must be a PNG, JPG, GIF or WebP image/u],
    ['an SVG', notImages.svg, 'proof.svg', 'image/svg+xml', /must be a PNG, JPG, GIF or WebP image/u],
    ['a zero-byte file', new Uint8Array(), 'proof.png', 'image/png', /is empty/u],
    [
      'a PNG header declaring 100000 × 100000 pixels',
      pngHeader(100_000, 100_000),
      'big.png',
      'image/png',
      /must be at most 8000 × 8000 pixels \(this one is 100000 × 100000\)/u,
    ],
    [
      'a PNG header one pixel too wide',
      pngHeader(MAX_IMAGE_SIDE + 1, 10),
      'wide.png',
      'image/png',
      /8000 × 8000 pixels/u,
    ],
    ['a PNG header of 50 megapixels', pngHeader(7500, 6667), 'large.png', 'image/png', /at most 40 megapixels/u],
    [
      'a PNG whose size cannot be read',
      bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], '<html>'),
      'x.png',
      'image/png',
      /is not a readable PNG image/u,
    ],
    ['a GIF/JavaScript polyglot', gifJsPolyglot, 'x.gif', 'image/gif', /pixels/u],
    [
      'a real PNG with an HTML page appended (polyglot)',
      bytes(sampleImages['image/png'], '<!doctype html><script>alert(1)</script>'),
      'x.png',
      'image/png',
      /also contains HTML or script/u,
    ],
    [
      'a real JPEG with an SVG appended (polyglot)',
      bytes(sampleImages['image/jpeg'], notImages.svg),
      'x.jpg',
      'image/jpeg',
      /also contains HTML or script/u,
    ],
  ];

  it.each(cases)('%s', async (_, content, filename, type, message) => {
    for (const target of ['updatepic', 'newcd'] as const) {
      const field = target === 'updatepic' ? 'profilePic' : 'depositPic';
      const before = digest();
      const res = await send(target, content, filename, type);
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.status, target).toBeLessThan(500);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/u);
      const body = (await res.json()) as { error: boolean; message: string; issues: { field: string }[] };
      expect(body.error).toBe(true);
      expect(body.message).toMatch(new RegExp(`${field}: [^;]*${message.source}`, 'u'));
      expect(body.issues.map((i) => i.field)).toContain(field);
      expect(digest(), target).toBe(before);
    }
    expect((await bank.client({ user: token }).call('getProfile')).data.picture).toBeFalsy();
  });
});

describe('a request the bank refuses', () => {
  it('keeps none of the files it brought (a coin the bank does not take, a plan it does not offer)', async () => {
    const before = digest();
    const body = new FormData();
    body.append('newcd', '1');
    body.append('token', token);
    body.append('type', 'NOT-A-COIN');
    body.append('amount', '10');
    body.append(
      'depositPic',
      new Blob([Uint8Array.from(sampleImages['image/png'])], { type: 'image/png' }),
      'proof.png',
    );
    const refused = await bank.send(`/api/users.php`, { method: 'POST', body });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(digest()).toBe(before);

    const upgrade = new FormData();
    upgrade.append('newupgrade', '1');
    upgrade.append('token', token);
    upgrade.append('plan', 'No such plan');
    upgrade.append('type', 'BTC');
    upgrade.append('amount', '10');
    upgrade.append(
      'depositPic',
      new Blob([Uint8Array.from(sampleImages['image/png'])], { type: 'image/png' }),
      'p.png',
    );
    const alsoRefused = await bank.send(`/api/users.php`, { method: 'POST', body: upgrade });
    expect(alsoRefused.status).toBeGreaterThanOrEqual(400);
    expect(digest()).toBe(before);
  });
});

describe('what a customer keeps', () => {
  it('a new profile picture frees the one it replaces: its address answers 404 and the bank holds one picture', async () => {
    expect((await send('updatepic', sampleImages['image/png'], 'a.png', 'image/png')).status).toBe(200);
    const first = new URL(await pictureUrl()).pathname;
    expect((await send('updatepic', sampleImages['image/gif'], 'b.gif', 'image/gif')).status).toBe(200);
    const second = new URL(await pictureUrl()).pathname;
    expect(second).not.toBe(first);
    expect((await bank.send(first)).status).toBe(404);
    expect((await bank.send(second)).status).toBe(200);
    const demo = bank.app.bank().findByEmail('demo@bank.test');
    if (!demo) throw new Error('no demo persona');
    const own = bank.app.bank().uploadUsage(demo);
    expect(own.files).toBe(1);
    expect(own.bytes).toBe(sampleImages['image/gif'].length);
  });

  it('past the quota of files (KYC documents count too) an upload gets a 409 JSON error and nothing is stored', async () => {
    const small = await startBank({ bank: { uploadQuota: { files: 3, bytes: 8 * 1024 * 1024 } } });
    try {
      const bankNow = small.app.bank;
      const email = 'kyc-new@bank.test';
      const submit = async () => {
        const reply = await small.client().call('login', { email, password: '123456', remeber: false });
        await small.client({ kyc: reply.jwt }).call('submitVerification', {
          country: 'Germany',
          phone: '+49 30 1234567',
          home_address: 'Unter den Linden 1',
          type: 'Passport',
          pic: pngBlob(),
          idcardFront: pngBlob(),
          idcardBack: pngBlob(),
        });
      };
      // Three documents fill the quota; documents sent again after a decline take the old ones' place.
      await submit();
      expect((await small.post(`__mock/staff/kyc/${email}/decline`)).status).toBe(200);
      await submit();
      expect((await small.post(`__mock/staff/kyc/${email}/approve`)).status).toBe(200);
      const holder = bankNow().findByEmail(email);
      if (!holder) throw new Error('no kyc-new persona');
      expect(bankNow().uploadUsage(holder).files).toBe(3);

      // A proof of payment is one file too many.
      const token = await small.login(email);
      const before = bankNow().digest();
      const body = new FormData();
      for (const [k, v] of Object.entries({ newcd: '1', token, type: 'BTC', amount: '10' })) body.append(k, v);
      body.append('depositPic', pngBlob());
      const res = await small.send('/api/users.php', { method: 'POST', body });
      expect(res.status).toBe(409);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/u);
      expect(await res.json()).toEqual({
        error: true,
        code: 'quota_exceeded',
        message:
          'Your account already holds as many files as it can keep (3 files, 8 MB in all). ' +
          'Please contact support before sending more.',
      });
      expect(bankNow().digest()).toBe(before);
      // Another customer has a quota of their own.
      const other = small.client({ user: await small.login('demo@bank.test') });
      await expect(
        other.call('createCryptoDeposit', { type: 'BTC', amount: 10, depositPic: pngBlob() }),
      ).resolves.toMatchObject({ icon: 'success' });
    } finally {
      await small.close();
    }
  });
});
