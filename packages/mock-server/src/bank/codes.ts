/**
 * The key of the hashes of short-lived codes sent by e-mail (these are attempt-limited, so a keyed
 * hash suffices). A snapshot keeps it, so codes sent before a restart still match.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export class CodeKey {
  private readonly key = randomBytes(32);

  hash(code: string) {
    return createHmac('sha256', this.key).update(code).digest('base64url');
  }

  matches(code: string, hash: string) {
    const a = Buffer.from(this.hash(code));
    const b = Buffer.from(hash);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  toBase64() {
    return this.key.toString('base64');
  }

  /** Takes over a key saved by toBase64(). */
  load(base64: string) {
    const key = Buffer.from(base64, 'base64');
    if (key.length !== this.key.length) throw new Error("The snapshot's code key has the wrong length");
    key.copy(this.key);
  }
}
