import { base64url } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_HASH_COST,
  fromBase64,
  hashSecret,
  isCurrentHash,
  numericCode,
  sameText,
  toBase64,
  TokenSigner,
  verifySecret,
  type TokenClaims,
} from './security';

const CHEAP = { iterations: 1_000 };

describe('passcode hashes', () => {
  it('are PBKDF2-HMAC-SHA256 at 600,000 iterations by default, salted, and check the secret', async () => {
    const stored = await hashSecret('123456');
    expect(stored).toMatch(/^pbkdf2-sha256\$600000\$[\w-]{22}\$[\w-]{43}$/u);
    expect(await verifySecret('123456', stored)).toBe(true);
    expect(await verifySecret('654321', stored)).toBe(false);
    expect(await hashSecret('123456')).not.toBe(stored);
    expect(isCurrentHash(stored, DEFAULT_HASH_COST)).toBe(true);
  });

  it('are the standard PBKDF2 (a known answer: P = "password", S = "salt", c = 1)', async () => {
    const salt = base64url.encode('salt');
    const key = '120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b';
    const bytes = Uint8Array.from(key.match(/../gu) ?? [], (h) => parseInt(h, 16));
    const stored = `pbkdf2-sha256$1$${salt}$${base64url.encode(bytes)}`;
    expect(await verifySecret('password', stored)).toBe(true);
    expect(await verifySecret('passwore', stored)).toBe(false);
  });

  it('of another format are checked by the check given, else refused', async () => {
    const old = 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaA';
    expect(await verifySecret('123456', old)).toBe(false);
    expect(
      await verifySecret('123456', old, (secret, stored) => Promise.resolve(secret === '123456' && stored === old)),
    ).toBe(true);
    expect(isCurrentHash(old, CHEAP)).toBe(false);
  });

  it('run two at a time, in the order they were asked for, leaving the other threads to signatures', async () => {
    const subtle = globalThis.crypto.subtle;
    const derive = subtle.deriveBits.bind(subtle);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const spy = vi.spyOn(subtle, 'deriveBits').mockImplementation(async (...args) => {
      running += 1;
      most = Math.max(most, running);
      const [algorithm] = args;
      started.push(typeof algorithm === 'object' && 'iterations' in algorithm ? algorithm.iterations : 0);
      try {
        return await derive(...args);
      } finally {
        running -= 1;
      }
    });
    try {
      const costs = [1_000, 1_001, 1_002, 1_003, 1_004, 1_005];
      const hashes = await Promise.all(costs.map((iterations) => hashSecret('123456', { iterations })));
      expect(most).toBe(2);
      expect(started).toEqual(costs);
      expect(hashes.map((h) => Number(h.split('$')[1]))).toEqual(costs);
    } finally {
      spy.mockRestore();
    }
  });

  it('below the bank cost are not current; malformed ones never match', async () => {
    const cheap = await hashSecret('123456', CHEAP);
    expect(isCurrentHash(cheap, CHEAP)).toBe(true);
    expect(isCurrentHash(cheap, DEFAULT_HASH_COST)).toBe(false);
    for (const broken of ['', 'pbkdf2-sha256$0$a$b', 'pbkdf2-sha256$x$a$b', `${cheap}$more`, 'pbkdf2-sha256$1000$$'])
      expect(await verifySecret('123456', broken)).toBe(false);
  });
});

describe('codes, texts and bytes', () => {
  it('numeric codes have the length asked for, and every digit turns up', () => {
    const codes = Array.from({ length: 200 }, () => numericCode(6));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/u);
    expect(new Set(codes.join('')).size).toBe(10);
  });

  it('compares texts and round-trips base64', () => {
    expect(sameText('abc', 'abc')).toBe(true);
    expect(sameText('abc', 'abd')).toBe(false);
    expect(sameText('abc', 'abcd')).toBe(false);
    const bytes = Uint8Array.from({ length: 40_000 }, (_, i) => (i * 7) % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });
});

describe('tokens', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  const iat = Math.floor(now / 1000);
  const claims: TokenClaims = { sub: 'u1', scope: 'user', iat, exp: iat + 60, ver: 1, jti: 'abc' };

  it('are HS256 JWTs whose claims come back until they expire at the time given', async () => {
    const signer = new TokenSigner();
    const token = await signer.sign(claims);
    const [head] = token.split('.');
    expect(JSON.parse(new TextDecoder().decode(base64url.decode(head ?? '')))).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(await signer.verify(token, now)).toEqual(claims);
    expect(await signer.verify(token, now + 59_999)).toEqual(claims);
    expect(await signer.verify(token, now + 60_000)).toBeUndefined();
  });

  it('are checked once and remembered, but expire on time whether remembered or not', async () => {
    const signer = new TokenSigner();
    const token = await signer.sign(claims);
    // First seen after its expiry: refused, and not remembered as good.
    expect(await signer.verify(token, now + 60_000)).toBeUndefined();
    const verify = vi.spyOn(globalThis.crypto.subtle, 'verify');
    try {
      expect(await signer.verify(token, now)).toEqual(claims);
      expect(await signer.verify(token, now + 1_000)).toEqual(claims);
      expect(await signer.verify(token, now + 60_000)).toBeUndefined();
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  it('signed with another key, changed, unsigned or missing claims are refused', async () => {
    const key = crypto.getRandomValues(new Uint8Array(32));
    const signer = new TokenSigner(key);
    const token = await signer.sign(claims);
    expect(await new TokenSigner(key).verify(token, now)).toEqual(claims);
    expect(await new TokenSigner().verify(token, now)).toBeUndefined();
    const [head, , mac] = token.split('.');
    const body = base64url.encode(JSON.stringify({ ...claims, sub: 'u2' }));
    expect(await signer.verify(`${head}.${body}.${mac}`, now)).toBeUndefined();
    const none = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    expect(await signer.verify(`${none}.${base64url.encode(JSON.stringify(claims))}.`, now)).toBeUndefined();
    const { ver: _ver, ...noVersion } = claims;
    expect(await signer.verify(await signer.sign({ ...noVersion, ver: Number.NaN }), now)).toBeUndefined();
    expect(await signer.verify('not-a-token', now)).toBeUndefined();
  });
});
