/**
 * Secrets kept like secrets: scrypt hashes for passcodes, PINs and codes; HMAC-signed tokens that
 * expire and carry the user; codes from a CSPRNG; comparisons in constant time.
 */
import { createHmac, randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface HashCost {
  /** scrypt CPU/memory cost (a power of two). */
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** OWASP's scrypt floor (N=2^17, r=8, p=1) costs ~128 MiB a hash; 2^15 keeps the mock responsive. */
export const DEFAULT_HASH_COST: HashCost = { N: 2 ** 15, r: 8, p: 1 };

const KEY_LENGTH = 32;

function scryptAsync(secret: string, salt: Buffer, cost: HashCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashSecret(secret: string, cost: HashCost = DEFAULT_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !N || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(secret, Buffer.from(salt, 'base64url'), { N: Number(N), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A numeric code of `length` digits from a CSPRNG. */
export const numericCode = (length: number) => Array.from({ length }, () => String(randomInt(0, 10))).join('');

/** An unguessable URL-safe token. */
export const urlToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

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

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** Signs and checks compact HS256 JWTs. */
export class TokenSigner {
  constructor(private readonly secret: Uint8Array = randomBytes(32)) {}

  sign(claims: TokenClaims): string {
    const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const body = b64(JSON.stringify(claims));
    return `${head}.${body}.${this.mac(`${head}.${body}`)}`;
  }

  /** The claims of a well-signed token, or undefined. Expiry is the caller's to check. */
  /**
   * Tokens already checked, with their claims: a signature's validity never changes under the same key,
   * so each token string is verified once (expiry and revocation are still checked on every use).
   */
  private readonly verified = new Map<string, Readonly<TokenClaims> | undefined>();

  verify(token: string): Readonly<TokenClaims> | undefined {
    const known = this.verified.get(token);
    if (known !== undefined || this.verified.has(token)) return known;
    const claims = this.check(token);
    if (this.verified.size >= 10_000) this.verified.clear();
    this.verified.set(token, claims === undefined ? undefined : Object.freeze(claims));
    return claims;
  }

  private check(token: string): TokenClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [head, body, mac] = parts as [string, string, string];
    const expected = Buffer.from(this.mac(`${head}.${body}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: unknown };
      if (header.alg !== 'HS256') return undefined;
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Partial<TokenClaims>;
      if (
        typeof claims.sub !== 'string' ||
        (claims.scope !== 'user' && claims.scope !== 'kyc' && claims.scope !== 'admin') ||
        typeof claims.iat !== 'number' ||
        typeof claims.exp !== 'number' ||
        typeof claims.ver !== 'number' ||
        (claims.jti !== undefined && typeof claims.jti !== 'string')
      )
        return undefined;
      return claims as TokenClaims;
    } catch {
      return undefined;
    }
  }

  private mac(data: string) {
    return createHmac('sha256', this.secret).update(data).digest('base64url');
  }
}
