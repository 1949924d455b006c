import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inspectImage } from '@ebank/contract';
import { sampleKycDocuments } from './sample-documents';

/** The chunks of a PNG file: type, data, and whether the stored CRC is Node's CRC-32 of type and data. */
function chunks(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out: { type: string; data: Uint8Array; crcOk: boolean }[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    const crc = view.getUint32(at + 8 + length);
    out.push({ type, data, crcOk: crc32(png.subarray(at + 4, at + 8 + length)) === crc });
    at += 12 + length;
  }
  return out;
}
describe('sample KYC documents', () => {
  it('are valid RGB PNG files that pass the bank upload checks', async () => {
    const documents = await sampleKycDocuments();
    for (const png of [documents.portrait, documents.front, documents.back]) {
      const inspected = inspectImage(png);
      if (typeof inspected === 'string') throw new Error(inspected);
      expect(inspected.type).toBe('image/png');
      expect(png.length).toBeLessThan(8 * 1024);

      const parts = chunks(png);
      expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
      expect(parts.every((c) => c.crcOk)).toBe(true);
      const rows = inflateSync(parts[1]!.data);
      expect(rows.length).toBe(inspected.height * (inspected.width * 3 + 1));
      // The red SAMPLE stamp is drawn on every document.
      let red = 0;
      for (let i = 0; i + 2 < rows.length; i++)
        if (rows[i] === 0xc6 && rows[i + 1] === 0x28 && rows[i + 2] === 0x28) red++;
      expect(red).toBeGreaterThan(100);
    }
  });

  it('are drawn once and shared', async () => {
    expect(await sampleKycDocuments()).toBe(await sampleKycDocuments());
  });
});
