/**
 * Passcode and PIN hashes that state files and snapshots written before PBKDF2 hold
 * (`scrypt$N$r$p$salt$hash`, salt and hash in base64url), checked with Node's scrypt: only the server
 * has it. The bank takes this as `olderHashes` and replaces such a hash with a current one the next
 * time its secret is given right (docs/decisions/0034-bank-on-web-crypto.md).
 */
import { scrypt, timingSafeEqual } from 'node:crypto';
import type { OlderHashCheck } from './bank/security';

/** The largest cost such a hash may name (the server wrote 2^15; a test harness 2^10). */
const MAX_N = 2 ** 17;

export const checkScryptHash: OlderHashCheck = (secret, stored) => {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (scheme !== 'scrypt' || !salt || !hash || rest.length > 0) return Promise.resolve(false);
  if (![N, R, P].every((x) => Number.isSafeInteger(x) && x > 0) || N > MAX_N || R > 16 || P > 16)
    return Promise.resolve(false);
  const expected = Buffer.from(hash, 'base64url');
  const options = { N, r: R, p: P, maxmem: 256 * N * R + 1024 * 1024 };
  return new Promise((resolve) => {
    scrypt(secret, Buffer.from(salt, 'base64url'), expected.length, options, (error, key) => {
      resolve(!error && expected.length > 0 && timingSafeEqual(key, expected));
    });
  });
};
