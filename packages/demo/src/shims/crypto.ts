/**
 * The part of `node:crypto` the mock bank uses, for the browser: SHA-256, HMAC-SHA-256 and scrypt from
 * @noble/hashes, random bytes, integers and UUIDs from the Web Crypto API, and a constant-time compare.
 * The demo build resolves the bank's `node:crypto` to this module (see ../../bank-shims.ts). Results
 * come as {@link BufferLike}, which has the Buffer methods the bank calls on them.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { Buffer, BufferLike, type BufferEncoding } from './buffer';

type BinaryLike = string | Uint8Array;

const bytesOf = (data: BinaryLike): Uint8Array => (typeof data === 'string' ? Buffer.from(data) : data);

interface NobleHash {
  update(data: Uint8Array): unknown;
  digest(): Uint8Array;
}

/** A hash or HMAC being computed: `update` with text (UTF-8) or bytes, then `digest` once. */
export class Hash {
  constructor(private readonly inner: NobleHash) {}

  update(data: BinaryLike): this {
    this.inner.update(bytesOf(data));
    return this;
  }

  digest(): BufferLike;
  digest(encoding: BufferEncoding): string;
  digest(encoding?: BufferEncoding): BufferLike | string {
    const out = new BufferLike(this.inner.digest());
    return encoding === undefined ? out : out.toString(encoding);
  }
}

const assertSha256 = (algorithm: string) => {
  if (algorithm.toLowerCase() !== 'sha256') throw new Error(`Digest method not supported: ${algorithm}`);
};

export function createHash(algorithm: string): Hash {
  assertSha256(algorithm);
  return new Hash(sha256.create());
}

export function createHmac(algorithm: string, key: BinaryLike): Hash {
  assertSha256(algorithm);
  return new Hash(hmac.create(sha256, bytesOf(key)));
}

/** The Web Crypto API fills at most 65,536 bytes a call. */
const MAX_RANDOM_FILL = 65_536;

export function randomBytes(size: number): BufferLike {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`size must be a whole number, not ${size}`);
  const out = new BufferLike(size);
  for (let i = 0; i < size; i += MAX_RANDOM_FILL)
    globalThis.crypto.getRandomValues(out.subarray(i, Math.min(i + MAX_RANDOM_FILL, size)));
  return out;
}

const RANDOM_INT_SPAN = 2 ** 48;

/**
 * A uniformly random whole number in [min, max) (or [0, max) with one argument), as Node's: the range
 * is at most 2^48, and draws that would favour some values are thrown away.
 */
export function randomInt(min: number, max?: number): number {
  const [low, high] = max === undefined ? [0, min] : [min, max];
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high))
    throw new TypeError('randomInt takes safe whole numbers');
  const range = high - low;
  if (range <= 0 || range > RANDOM_INT_SPAN) throw new RangeError('randomInt needs min < max and max - min <= 2^48');
  const limit = RANDOM_INT_SPAN - (RANDOM_INT_SPAN % range);
  for (;;) {
    const draw = randomBytes(6).readUIntBE(0, 6);
    if (draw < limit) return low + (draw % range);
  }
}

/** A random (version 4) UUID. */
export function randomUUID(): string {
  if (typeof globalThis.crypto.randomUUID === 'function') return globalThis.crypto.randomUUID();
  // Outside a secure context the browser has no randomUUID; build one from random bytes.
  const b = randomBytes(16);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = b.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Compares two byte strings of the same length in time that does not depend on where they differ. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

export interface ScryptOptions {
  readonly N?: number | undefined;
  readonly r?: number | undefined;
  readonly p?: number | undefined;
  readonly maxmem?: number | undefined;
}

type ScryptCallback = (error: Error | null, derivedKey: BufferLike) => void;

/**
 * scrypt with Node's callback signature. The work yields to the event loop now and then, so the page
 * stays responsive while a passcode is hashed.
 */
export function scrypt(
  password: BinaryLike,
  salt: BinaryLike,
  keylen: number,
  options: ScryptOptions | ScryptCallback,
  callback?: ScryptCallback,
): void {
  const done = typeof options === 'function' ? options : callback;
  if (done === undefined) throw new TypeError('scrypt needs a callback');
  const cost: ScryptOptions = typeof options === 'function' ? {} : options;
  const maxmem = cost.maxmem;
  // Node's defaults: N = 16384, r = 8, p = 1.
  scryptAsync(bytesOf(password), bytesOf(salt), {
    N: cost.N ?? 16_384,
    r: cost.r ?? 8,
    p: cost.p ?? 1,
    dkLen: keylen,
    ...(maxmem === undefined ? {} : { maxmem }),
  }).then(
    (key) => {
      done(null, new BufferLike(key));
    },
    (error: unknown) => {
      done(error instanceof Error ? error : new Error(String(error)), new BufferLike(0));
    },
  );
}
