import * as node from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashSecret, TokenSigner, verifySecret } from '@ebank/mock-server/src/bank/security';
import { Buffer as ShimBuffer, BufferLike } from './buffer';
import { createHash, createHmac, randomBytes, randomInt, randomUUID, scrypt, timingSafeEqual } from './crypto';

const nodeScrypt = (
  password: string | Uint8Array,
  salt: string | Uint8Array,
  keylen: number,
  cost: node.ScryptOptions,
) =>
  new Promise<Buffer>((resolve, reject) => {
    node.scrypt(password, salt, keylen, cost, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });

const shimScrypt = (
  password: string | Uint8Array,
  salt: string | Uint8Array,
  keylen: number,
  cost?: node.ScryptOptions,
) =>
  new Promise<BufferLike>((resolve, reject) => {
    const done = (error: Error | null, key: BufferLike) => {
      if (error) reject(error);
      else resolve(key);
    };
    if (cost) scrypt(password, salt, keylen, cost, done);
    else scrypt(password, salt, keylen, done);
  });

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('sha256 and HMAC-SHA-256', () => {
  it('give the published digests', () => {
    expect(createHash('sha256').update('abc').digest('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(createHash('sha256').digest('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    // RFC 4231, test case 2
    expect(createHmac('sha256', 'Jefe').update('what do ya want for nothing?').digest('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it("equal Node's for any text or bytes, key and encoding, fed in one or several parts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), fc.uint8Array({ maxLength: 200 })), { maxLength: 4 }),
        fc.oneof(fc.string(), fc.uint8Array({ maxLength: 100 })),
        fc.constantFrom('hex', 'base64', 'base64url'),
        (parts, key, encoding) => {
          const hash = createHash('sha256');
          const mac = createHmac('sha256', key);
          const nodeHash = node.createHash('sha256');
          const nodeMac = node.createHmac('sha256', key);
          for (const part of parts) {
            hash.update(part);
            mac.update(part);
            nodeHash.update(part);
            nodeMac.update(part);
          }
          expect(hash.digest(encoding)).toBe(nodeHash.digest(encoding));
          expect(hex(mac.digest())).toBe(nodeMac.digest('hex'));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('refuse another algorithm', () => {
    expect(() => createHash('md5')).toThrow('Digest method not supported: md5');
    expect(() => createHmac('sha1', 'key')).toThrow('Digest method not supported: sha1');
  });
});

describe('scrypt', () => {
  it('gives the RFC 7914 test vector', async () => {
    const key = await shimScrypt('password', 'NaCl', 64, { N: 1024, r: 8, p: 16 });
    expect(key.toString('hex')).toBe(
      'fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640',
    );
  });

  it("equals Node's scrypt for the same input and cost (the demo's and Node's default)", async () => {
    const salt = node.randomBytes(16);
    for (const cost of [
      { N: 2 ** 10, r: 8, p: 1 },
      { N: 16, r: 1, p: 2 },
    ]) {
      const [mine, theirs] = await Promise.all([
        shimScrypt('123456', new Uint8Array(salt), 32, cost),
        nodeScrypt('123456', salt, 32, cost),
      ]);
      expect(mine.toString('base64url')).toBe(theirs.toString('base64url'));
    }
    const [mine, theirs] = await Promise.all([
      shimScrypt('pin 1234', 'salt', 16),
      nodeScrypt('pin 1234', 'salt', 16, {}),
    ]);
    expect(hex(mine)).toBe(theirs.toString('hex'));
  });

  it('reports a bad cost to the callback, as Node does', async () => {
    await expect(shimScrypt('x', 'salt', 32, { N: 3, r: 8, p: 1 })).rejects.toThrow();
  });

  it("makes the bank's passcode hashes, which Node's scrypt verifies, and verifies Node's", async () => {
    const cost = { N: 2 ** 10, r: 8, p: 1 };
    const stored = await hashSecret('123456', cost);
    const [scheme, N, r, p, salt = '', hash = ''] = stored.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', '1024', '8', '1']);
    const expected = node.scryptSync('123456', Buffer.from(salt, 'base64url'), 32, cost);
    expect(hash).toBe(expected.toString('base64url'));
    expect(await verifySecret('123456', stored)).toBe(true);
    expect(await verifySecret('654321', stored)).toBe(false);

    const nodeSalt = node.randomBytes(16);
    const nodeHash = node.scryptSync('2468', nodeSalt, 32, cost);
    const made = ['scrypt', 1024, 8, 1, nodeSalt.toString('base64url'), nodeHash.toString('base64url')].join('$');
    expect(await verifySecret('2468', made)).toBe(true);
  });
});

describe('the bank under the shims', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("draws its randomness from the browser's Web Crypto API, not from Node's crypto", async () => {
    vi.stubGlobal('crypto', { getRandomValues: <T extends Uint8Array>(a: T) => a.fill(42) });
    const stored = await hashSecret('123456', { N: 16, r: 1, p: 1 });
    expect(stored.split('$')[4]).toBe(Buffer.alloc(16, 42).toString('base64url'));
  });

  it("are HS256 JWTs that Node's HMAC checks, and a changed one is refused", () => {
    const secret = node.randomBytes(32);
    const signer = new TokenSigner(secret);
    const claims = { sub: 'u1', scope: 'user', iat: 1_700_000_000, exp: 1_700_001_800, ver: 1 } as const;
    const token = signer.sign(claims);
    const [head = '', body = '', mac = ''] = token.split('.');
    expect(JSON.parse(Buffer.from(body, 'base64url').toString())).toEqual(claims);
    expect(mac).toBe(node.createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url'));
    expect(signer.verify(token)).toEqual(claims);
    const changed = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(signer.verify(`${head}.${body}.${changed}`)).toBeUndefined();
    expect(new TokenSigner(node.randomBytes(32)).verify(token)).toBeUndefined();
  });
});

describe('random values', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('randomBytes gives the size asked for, random all through (also past the 64 KiB of one fill)', () => {
    for (const size of [0, 1, 16, 32, 65_536]) expect(randomBytes(size)).toHaveLength(size);
    const big = randomBytes(100_000);
    expect(big).toHaveLength(100_000);
    expect(big).toBeInstanceOf(BufferLike);
    expect(big.subarray(65_536).some((b) => b !== 0)).toBe(true);
    expect(hex(randomBytes(32))).not.toBe(hex(randomBytes(32)));
    expect(() => randomBytes(-1)).toThrow(RangeError);
  });

  it('randomInt stays in [min, max) and reaches every value; bad ranges are refused as by Node', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = randomInt(0, 10);
      expect(Number.isInteger(n) && n >= 0 && n < 10).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (let i = 0; i < 100; i++) expect([-3, -2]).toContain(randomInt(-3, -1));
    expect(randomInt(1)).toBe(0);
    for (const [min, max, kind] of [
      [5, 5, RangeError],
      [6, 5, RangeError],
      [0, 2 ** 48 + 1, RangeError],
      [0.5, 3, TypeError],
    ] as const) {
      expect(() => randomInt(min, max)).toThrow(kind);
      expect(() => node.randomInt(min, max)).toThrow(kind);
    }
  });

  it('randomUUID gives version 4 UUIDs, also where the browser has no randomUUID', () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u;
    expect(randomUUID()).toMatch(v4);
    vi.stubGlobal('crypto', { getRandomValues: <T extends Uint8Array>(a: T) => node.webcrypto.getRandomValues(a) });
    const made = new Set(Array.from({ length: 50 }, () => randomUUID()));
    expect(made.size).toBe(50);
    for (const uuid of made) expect(uuid).toMatch(v4);
  });
});

describe('timingSafeEqual', () => {
  it("answers as Node's: equal or not, and a length mismatch throws", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ maxLength: 40 }), (a, b) => {
        const c = b.length === a.length ? b : a.map((x) => x ^ 1);
        expect(timingSafeEqual(a, c)).toBe(node.timingSafeEqual(a, c));
        expect(timingSafeEqual(a, new Uint8Array(a))).toBe(true);
      }),
    );
    expect(() => timingSafeEqual(new Uint8Array(2), new Uint8Array(3))).toThrow(RangeError);
  });
});

describe('Buffer', () => {
  const encodings = ['utf8', 'hex', 'base64', 'base64url'] as const;

  it("writes bytes as Node's Buffer does, in every encoding the bank uses", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        for (const encoding of encodings)
          expect(ShimBuffer.from(bytes).toString(encoding)).toBe(Buffer.from(bytes).toString(encoding));
        expect(ShimBuffer.from(bytes).toString()).toBe(Buffer.from(bytes).toString());
      }),
    );
  });

  it("reads text as Node's Buffer does, also unpadded, in the other base64 alphabet, or with stray characters", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.string({ unit: 'grapheme', maxLength: 50 }), (bytes, text) => {
        const b64 = Buffer.from(bytes).toString('base64');
        for (const written of [b64, b64.replace(/=+$/u, ''), Buffer.from(bytes).toString('base64url'), ` ${b64}\n`])
          for (const encoding of ['base64', 'base64url'] as const)
            expect(hex(ShimBuffer.from(written, encoding))).toBe(Buffer.from(written, encoding).toString('hex'));
        expect(hex(ShimBuffer.from(text))).toBe(Buffer.from(text).toString('hex'));
        expect(hex(ShimBuffer.from(hex(bytes), 'hex'))).toBe(hex(bytes));
      }),
    );
    expect(hex(ShimBuffer.from('abzz01', 'hex'))).toBe(Buffer.from('abzz01', 'hex').toString('hex'));
  });

  it("reads big-endian integers and copies as Node's Buffer does", () => {
    const bytes = node.randomBytes(12);
    const mine = ShimBuffer.from(bytes);
    for (let length = 1; length <= 6; length++)
      for (const offset of [0, 3, 12 - length])
        expect(mine.readUIntBE(offset, length)).toBe(bytes.readUIntBE(offset, length));
    expect(() => mine.readUIntBE(10, 4)).toThrow(RangeError);

    const target = new Uint8Array(8);
    const nodeTarget = Buffer.alloc(8);
    expect(mine.copy(target, 2, 4, 9)).toBe(bytes.copy(nodeTarget, 2, 4, 9));
    expect(hex(target)).toBe(nodeTarget.toString('hex'));
    const whole = new Uint8Array(12);
    expect(mine.copy(whole)).toBe(12);
    expect(hex(whole)).toBe(bytes.toString('hex'));
  });
});
