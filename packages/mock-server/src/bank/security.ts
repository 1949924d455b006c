/**
 * Secrets kept like secrets, with nothing but the Web Crypto API (`globalThis.crypto`), so that the bank
 * runs unchanged in Node and in a browser: PBKDF2 hashes for passcodes and PINs; signed tokens (HS256
 * JWTs, by jose) that expire and carry the user; codes and ids from a CSPRNG; comparisons in constant
 * time. See docs/decisions/0034-bank-on-web-crypto.md.
 */
import { LRUCache } from 'lru-cache';
import { base64url, jwtVerify, SignJWT } from 'jose';
import pLimit from 'p-limit';

export interface HashCost {
  /** PBKDF2-HMAC-SHA256 iterations. */
  readonly iterations: number;
}

/** OWASP's count for PBKDF2-HMAC-SHA256. */
export const DEFAULT_HASH_COST: HashCost = { iterations: 600_000 };

/** What a current hash starts with (then `$`). */
export const HASH_SCHEME = 'pbkdf2-sha256';
const KEY_BITS = 256;
const SALT_BYTES = 16;

const text = new TextEncoder();

/** `length` bytes from the platform's CSPRNG. */
export const randomBytes = (length: number): Uint8Array<ArrayBuffer> =>
  globalThis.crypto.getRandomValues(new Uint8Array(length));

/** A random (version 4) UUID. */
export const randomId = (): string => globalThis.crypto.randomUUID();

/** Bytes as lower-case hex. */
export const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Bytes as (padded) base64. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(i + 0x8000, bytes.length)));
  return btoa(binary);
}

/** The bytes of a base64 text (as checked by the snapshot's schema). */
export const fromBase64 = (base64: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/** Whether two texts are equal, in a time that depends on their length only. */
export function sameText(a: string, b: string): boolean {
  const x = text.encode(a);
  const y = text.encode(b);
  if (x.length !== y.length) return false;
  let difference = 0;
  x.forEach((byte, i) => {
    difference |= byte ^ (y[i] ?? 0);
  });
  return difference === 0;
}

/**
 * How many hashes run at once; the rest wait their turn, first come first served. Node runs Web Crypto's
 * work on its thread pool (four threads): unlimited, a burst of sign-ins filled the pool's queue with
 * hashes, and every token signature (HMAC, on the same pool) waited behind all of them, so each sign-in
 * of the burst was answered only when the whole burst was hashed. Two at a time keep the two other
 * threads free for signatures and files, and the CPU (two cores or more) as busy.
 */
const hashing = pLimit(2);

async function pbkdf2(secret: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const { subtle } = globalThis.crypto;
  const key = await subtle.importKey('raw', text.encode(secret), 'PBKDF2', false, ['deriveBits']);
  const derive = () => subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, KEY_BITS);
  return new Uint8Array(await hashing(derive));
}

/** `pbkdf2-sha256$iterations$salt$hash`, salt and hash in base64url. */
export async function hashSecret(secret: string, cost: HashCost = DEFAULT_HASH_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await pbkdf2(secret, salt, cost.iterations);
  return [HASH_SCHEME, cost.iterations, base64url.encode(salt), base64url.encode(key)].join('$');
}

/**
 * Checks a secret against a hash of a format this module does not write (the scrypt hashes of state
 * files written before PBKDF2), where the platform has its algorithm; false for a format it does not know.
 */
export type OlderHashCheck = (secret: string, stored: string) => Promise<boolean>;

/** Whether a hash is of the current format and at least `cost`: else it is replaced at the next right answer. */
export function isCurrentHash(stored: string, cost: HashCost): boolean {
  const [scheme, iterations] = stored.split('$');
  return scheme === HASH_SCHEME && Number(iterations) >= cost.iterations;
}

/** Checks a secret against its hash: of the current format here, of an older one by `older` (when given). */
export async function verifySecret(secret: string, stored: string, older?: OlderHashCheck): Promise<boolean> {
  const parts = stored.split('$');
  if (parts[0] !== HASH_SCHEME) return (await older?.(secret, stored)) ?? false;
  const [, iterations, salt, hash] = parts;
  const count = Number(iterations);
  if (!Number.isSafeInteger(count) || count < 1 || !salt || !hash || parts.length !== 4) return false;
  try {
    const key = await pbkdf2(secret, Uint8Array.from(base64url.decode(salt)), count);
    return sameText(base64url.encode(key), hash);
  } catch {
    return false;
  }
}

/** A numeric code of `length` digits from a CSPRNG (each digit uniform: bytes of 250 and more are drawn again). */
export function numericCode(length: number): string {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length)) if (byte < 250 && code.length < length) code += String(byte % 10);
  }
  return code;
}

/** An unguessable URL-safe token. */
export const urlToken = (bytes = 24) => base64url.encode(randomBytes(bytes));

export type TokenScope = 'user' | 'kyc' | 'admin';

export interface TokenClaims {
  /** The user id. */
  readonly sub: string;
  readonly scope: TokenScope;
  /** Issued at and expiry, seconds since the epoch. */
  readonly iat: number;
  readonly exp: number;
  /** The user's credential version: a passcode change or reset, or an e-mail change, retires older tokens. */
  readonly ver: number;
  /** A random id, so that two tokens issued to one user in the same second still differ. */
  readonly jti?: string;
}

/** A token's signature part: what tells one issued token from another. */
export const signatureOf = (token: string) => token.slice(token.lastIndexOf('.') + 1);

const isScope = (value: unknown): value is TokenScope => value === 'user' || value === 'kyc' || value === 'admin';

/** How many verified tokens a signer remembers (the least recently used is forgotten first). */
const VERIFIED_TOKENS = 10_000;

/**
 * Signs and checks compact HS256 JWTs (jose), with a key of its own or the one given (a state file's).
 * The key is imported into Web Crypto once. A token whose signature was checked once is remembered with
 * its claims: a signature is a fixed function of the key and the token's text, so checking it again on
 * the next call of the same session gives the same answer; only the expiry is checked every time.
 */
export class TokenSigner {
  private readonly secret: Uint8Array<ArrayBuffer>;
  private key: Promise<CryptoKey> | undefined;
  /**
   * Made at the first check: lru-cache sets aside room for all its entries at once, and a bank that never
   * checks a token (a fresh sandbox) should not pay for it.
   */
  private remembered: LRUCache<string, Readonly<TokenClaims>> | undefined;
  private get verified(): LRUCache<string, Readonly<TokenClaims>> {
    this.remembered ??= new LRUCache({ max: VERIFIED_TOKENS });
    return this.remembered;
  }

  constructor(secret: Uint8Array = randomBytes(32)) {
    this.secret = Uint8Array.from(secret);
  }

  private cryptoKey(): Promise<CryptoKey> {
    this.key ??= globalThis.crypto.subtle.importKey('raw', this.secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return this.key;
  }

  async sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(await this.cryptoKey());
  }

  /**
   * The claims of a well-signed token that has not expired at `now` (the bank's time, ms since the
   * epoch), or undefined. Whether it was issued after now is the caller's to check (tokens.ts).
   */
  async verify(token: string, now: number): Promise<Readonly<TokenClaims> | undefined> {
    const known = this.verified.get(token);
    // Expired as jose counts it: at or after `exp`, in whole seconds.
    if (known) return known.exp > Math.floor(now / 1000) ? known : undefined;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, await this.cryptoKey(), {
        algorithms: ['HS256'],
        currentDate: new Date(now),
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch {
      return undefined;
    }
    const { sub, scope, iat, exp, ver, jti } = payload;
    if (
      typeof sub !== 'string' ||
      !isScope(scope) ||
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      typeof ver !== 'number' ||
      (jti !== undefined && typeof jti !== 'string')
    )
      return undefined;
    const claims = Object.freeze({ sub, scope, iat, exp, ver, ...(jti === undefined ? {} : { jti }) });
    this.verified.set(token, claims);
    return claims;
  }
}
