/**
 * The key of the hashes of short-lived codes sent by e-mail (these are attempt-limited, so a keyed
 * hash suffices: HMAC-SHA256 by the Web Crypto API). A snapshot keeps it, so codes sent before a
 * restart still match. A code is hashed before anything is checked, so that a check and the writes
 * after it run without a wait between them; hashes are compared with {@link sameText}.
 */
import { base64url } from 'jose';
import { fromBase64, randomBytes, sameText, toBase64 } from './security';

const KEY_BYTES = 32;

export class CodeKey {
  private key = randomBytes(KEY_BYTES);
  private imported: Promise<CryptoKey> | undefined;

  private cryptoKey(): Promise<CryptoKey> {
    this.imported ??= globalThis.crypto.subtle.importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    return this.imported;
  }

  async hash(code: string): Promise<string> {
    const mac = await globalThis.crypto.subtle.sign('HMAC', await this.cryptoKey(), new TextEncoder().encode(code));
    return base64url.encode(new Uint8Array(mac));
  }

  /** Whether a code's hash (from {@link hash}) is the one stored. */
  matches(hashed: string, stored: string): boolean {
    return sameText(hashed, stored);
  }

  toBase64() {
    return toBase64(this.key);
  }

  /** Takes over a key saved by toBase64(). */
  load(base64: string) {
    const key = fromBase64(base64);
    if (key.length !== KEY_BYTES) throw new Error("The snapshot's code key has the wrong length");
    this.key = key;
    this.imported = undefined;
  }
}
