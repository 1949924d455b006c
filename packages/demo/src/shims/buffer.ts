/**
 * The part of Node's `Buffer` the mock bank uses, for the browser: `Buffer.from` (text in UTF-8, hex,
 * base64 or base64url, or bytes) and, on the result, `toString(encoding)`, `readUIntBE` and `copy`.
 * The demo build hands this `Buffer` to the bank's modules in place of Node's global (see
 * ../../bank-shims.ts); nothing else in the page sees it.
 */

export type BufferEncoding = 'utf8' | 'utf-8' | 'hex' | 'base64' | 'base64url';

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

const CHUNK = 0x8000;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(i + CHUNK, bytes.length)));
  return btoa(binary);
}

/**
 * Like Node, decoding is lenient: both alphabets are read, padding is optional, and characters outside
 * the alphabet (such as whitespace) are skipped.
 */
function fromBase64(text: string): Uint8Array {
  const cleaned = text
    .replace(/-/gu, '+')
    .replace(/_/gu, '/')
    .replace(/=.*$/su, '')
    .replace(/[^A-Za-z0-9+/]/gu, '');
  // A single character left over carries less than a byte: Node drops it.
  const usable = cleaned.length % 4 === 1 ? cleaned.slice(0, -1) : cleaned;
  const binary = atob(usable.padEnd(Math.ceil(usable.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Like Node, stops at the first pair that is not hex. */
function fromHex(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i + 1 < text.length; i += 2) {
    const pair = text.slice(i, i + 2);
    if (!/^[0-9a-fA-F]{2}$/u.test(pair)) break;
    out.push(parseInt(pair, 16));
  }
  return Uint8Array.from(out);
}

/** Bytes with the few Buffer methods the bank calls. */
export class BufferLike extends Uint8Array {
  /** The bytes as text: UTF-8 (the default), hex, base64 or base64url (unpadded). */
  override toString(encoding: BufferEncoding = 'utf8'): string {
    switch (encoding) {
      case 'utf8':
      case 'utf-8':
        return utf8Decoder.decode(this);
      case 'hex':
        return Array.from(this, (b) => HEX[b] ?? '').join('');
      case 'base64':
        return toBase64(this);
      case 'base64url':
        return toBase64(this).replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=+$/u, '');
    }
  }

  /** An unsigned big-endian integer of `byteLength` (1 to 6) bytes at `offset`. */
  readUIntBE(offset: number, byteLength: number): number {
    if (!Number.isInteger(byteLength) || byteLength < 1 || byteLength > 6)
      throw new RangeError('byteLength must be 1 to 6');
    if (!Number.isInteger(offset) || offset < 0 || offset + byteLength > this.length)
      throw new RangeError('Attempt to access memory outside buffer bounds');
    let value = 0;
    for (let i = 0; i < byteLength; i++) value = value * 256 + (this[offset + i] ?? 0);
    return value;
  }

  /** Copies bytes into `target`; returns how many were copied. */
  copy(target: Uint8Array, targetStart = 0, sourceStart = 0, sourceEnd = this.length): number {
    const count = Math.max(0, Math.min(sourceEnd - sourceStart, target.length - targetStart));
    target.set(this.subarray(sourceStart, sourceStart + count), targetStart);
    return count;
  }
}

/** `Buffer.from`: a copy of bytes, or text in an encoding (UTF-8 by default). */
export const Buffer = {
  from(value: string | Uint8Array | readonly number[], encoding: BufferEncoding = 'utf8'): BufferLike {
    if (typeof value !== 'string') return new BufferLike(value);
    switch (encoding) {
      case 'utf8':
      case 'utf-8':
        return new BufferLike(utf8Encoder.encode(value));
      case 'hex':
        return new BufferLike(fromHex(value));
      case 'base64':
      case 'base64url':
        return new BufferLike(fromBase64(value));
    }
  },
};
