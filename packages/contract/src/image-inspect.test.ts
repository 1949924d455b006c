import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from './codec';
import { imageFile, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, type ImageType, type IncomingFile } from './files';
import { checkFile, containsMarkup, imageDimensions, inspectImage, sniffImageType } from './image-inspect';
import { notImages, sampleImages } from './testing';

// --- image headers, built byte by byte -----------------------------------------------------------

const bytes = (...parts: (string | number[] | Uint8Array)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : Array.from(p))));
const be = (n: number, length: number) =>
  Array.from({ length }, (_, i) => Math.floor(n / 256 ** (length - 1 - i)) % 256);
const le = (n: number, length: number) => be(n, length).reverse();

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (width: number, height: number) =>
  bytes(PNG_SIGNATURE, be(13, 4), 'IHDR', be(width, 4), be(height, 4), [8, 6, 0, 0, 0], be(0, 4), be(0, 4), 'IEND');
const gif = (width: number, height: number) => bytes('GIF89a', le(width, 2), le(height, 2), [0, 0, 0], ';');
const segment = (marker: number, payload: number[]) => [0xff, marker, ...be(payload.length + 2, 2), ...payload];
const JFIF = segment(0xe0, [...bytes('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const jpeg = (width: number, height: number, sof = 0xc0, before: number[] = JFIF) =>
  bytes([0xff, 0xd8], before, segment(sof, [8, ...be(height, 2), ...be(width, 2), 1, 1, 0x11, 0]), [0xff, 0xd9]);
const riff = (chunk: string, payload: number[]) =>
  bytes('RIFF', le(payload.length + 12, 4), 'WEBP', chunk, le(payload.length, 4), payload);
const vp8 = (width: number, height: number) =>
  riff('VP8 ', [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, ...le(width, 2), ...le(height, 2), 0, 0]);
const vp8l = (width: number, height: number) => riff('VP8L', [0x2f, ...le(width - 1 + (height - 1) * 2 ** 14, 4), 0]);
const vp8x = (width: number, height: number) => riff('VP8X', [0, 0, 0, 0, ...le(width - 1, 3), ...le(height - 1, 3)]);

const builders: [string, ImageType, (w: number, h: number) => Uint8Array, number][] = [
  ['PNG', 'image/png', png, 2 ** 31 - 1],
  ['GIF', 'image/gif', gif, 0xffff],
  ['JPEG (baseline)', 'image/jpeg', (w, h) => jpeg(w, h, 0xc0), 0xffff],
  [
    'JPEG (progressive, after fill bytes and a comment)',
    'image/jpeg',
    (w, h) => jpeg(w, h, 0xc2, [0xff, 0xff, ...JFIF, ...segment(0xfe, [...bytes('made by a camera')])]),
    0xffff,
  ],
  ['WebP (VP8)', 'image/webp', vp8, 0x3fff],
  ['WebP (VP8L)', 'image/webp', vp8l, 0x4000],
  ['WebP (VP8X)', 'image/webp', vp8x, 2 ** 24],
];

const incoming = (buffer: Uint8Array, originalname = 'proof.png'): IncomingFile => ({
  fieldname: 'depositPic',
  originalname,
  size: buffer.length,
  buffer,
});

describe('imageDimensions reads the width and height from the header', () => {
  it.each(Object.entries(sampleImages))('of the sample %s: 1 x 1', (_, sample) => {
    expect(imageDimensions(sample)).toEqual({ width: 1, height: 1 });
  });

  it.each(builders)('of any %s', (_, type, build, max) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max }), fc.integer({ min: 1, max }), (width, height) => {
        const image = build(width, height);
        expect(sniffImageType(image)).toBe(type);
        expect(imageDimensions(image)).toEqual({ width, height });
      }),
    );
  });

  it('of a JPEG whose frame header comes after other segments, whatever the SOF kind', () => {
    for (const sof of [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])
      expect(imageDimensions(jpeg(640, 480, sof)), sof.toString(16)).toEqual({ width: 640, height: 480 });
    // DHT (c4), JPG (c8) and DAC (cc) are not frame headers, even though they sit in the same range.
    const dht = segment(0xc4, [0, ...be(9999, 2), ...be(9999, 2)]);
    expect(imageDimensions(jpeg(640, 480, 0xc0, [...JFIF, ...dht]))).toEqual({ width: 640, height: 480 });
  });

  it.each<[string, Uint8Array]>([
    ['a PNG signature alone', bytes(PNG_SIGNATURE)],
    ['a PNG whose first chunk is not IHDR', bytes(PNG_SIGNATURE, be(13, 4), 'tEXt', be(1, 4), be(1, 4), [8])],
    ['a PNG of width 0', png(0, 10)],
    ['a PNG cut inside IHDR', png(10, 10).slice(0, 20)],
    ['a GIF of 0 x 0', gif(0, 0)],
    ['a GIF signature alone', bytes('GIF89a')],
    ['a JPEG with no frame header before its scan', bytes([0xff, 0xd8], JFIF, segment(0xda, [1, 1, 0]), [0xff, 0xd9])],
    ['a JPEG cut in a segment', jpeg(10, 10).slice(0, 12)],
    ['a JPEG with a zero-length segment', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0])],
    ['a JPEG with garbage after its start', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 4, 1, 2, 0x42, 0x42])],
    ['a JPEG of height 0 (set later by a DNL marker)', jpeg(10, 0)],
    ['a JPEG with a short frame header', bytes([0xff, 0xd8], segment(0xc0, [8, 0, 1]))],
    ['a WebP VP8 without its start code', riff('VP8 ', [0, 0, 0, 1, 2, 3, 1, 0, 1, 0])],
    ['a WebP VP8L without its signature', riff('VP8L', [0x2e, 0, 0, 0, 0])],
    ['a WebP with an unknown first chunk', riff('ALPH', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])],
    ['a WebP cut in its header', vp8x(10, 10).slice(0, 26)],
    ['a text file', notImages.text],
    ['an SVG', notImages.svg],
    ['nothing', new Uint8Array()],
  ])('and cannot from %s', (_, image) => {
    expect(imageDimensions(image)).toBeUndefined();
  });

  it('never throws, whatever follows a signature', () => {
    const signatures = [PNG_SIGNATURE, bytes('GIF89a'), [0xff, 0xd8, 0xff], bytes('RIFF\0\0\0\0WEBPVP8'), []];
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 64 }), (head, tail) => {
        const size = imageDimensions(bytes(Array.from(head), tail));
        if (size) {
          expect(Number.isInteger(size.width) && size.width > 0).toBe(true);
          expect(Number.isInteger(size.height) && size.height > 0).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('inspectImage and checkFile refuse what decodes too large or carries markup', () => {
  it('accepts every sample image, sides up to the limit, and areas up to the limit', () => {
    for (const sample of Object.values(sampleImages)) expect(typeof inspectImage(sample)).toBe('object');
    expect(inspectImage(png(MAX_IMAGE_SIDE, 1))).toEqual({ type: 'image/png', width: MAX_IMAGE_SIDE, height: 1 });
    expect(inspectImage(gif(1, MAX_IMAGE_SIDE))).toEqual({ type: 'image/gif', width: 1, height: MAX_IMAGE_SIDE });
    expect(inspectImage(jpeg(8000, 5000))).toEqual({ type: 'image/jpeg', width: 8000, height: 5000 });
    expect(8000 * 5000).toBe(MAX_IMAGE_PIXELS);
  });

  it.each<[string, Uint8Array, RegExp]>([
    [
      'a PNG one pixel too wide',
      png(MAX_IMAGE_SIDE + 1, 1),
      /^must be at most 8000 × 8000 pixels \(this one is 8001 × 1\)$/u,
    ],
    ['a GIF one pixel too tall', gif(1, MAX_IMAGE_SIDE + 1), /this one is 1 × 8001/u],
    ['a PNG of 100000 × 100000', png(100_000, 100_000), /8000 × 8000 pixels/u],
    ['a JPEG of 65535 × 65535', jpeg(0xffff, 0xffff), /8000 × 8000 pixels/u],
    ['a WebP VP8X of 16 million pixels square', vp8x(2 ** 24, 2 ** 24), /8000 × 8000 pixels/u],
    [
      'a 7000 × 7000 JPEG (49 megapixels)',
      jpeg(7000, 7000),
      /^must be at most 40 megapixels \(this one is 7000 × 7000\)$/u,
    ],
    ['a 8000 × 5001 WebP', vp8l(8000, 5001), /40 megapixels/u],
    [
      'a PNG whose size cannot be read',
      bytes(PNG_SIGNATURE, '<html>'),
      /^is not a readable PNG image: its width and height cannot be read$/u,
    ],
    ['a JPEG whose size cannot be read', bytes([0xff, 0xd8, 0xff, 0xd9]), /not a readable JPG image/u],
    ['an HTML page', notImages.html, /^must be a PNG, JPG, GIF or WebP image$/u],
    ['an SVG', notImages.svg, /^must be a PNG, JPG, GIF or WebP image$/u],
  ])('%s', (_, image, message) => {
    expect(inspectImage(image)).toMatch(message);
    expect(checkFile(imageFile(), incoming(image))).toMatch(message);
  });

  it.each<[string, Uint8Array]>([
    ['a real PNG with a page after its end', bytes(sampleImages['image/png'], '<html><script>alert(1)</script>')],
    ['a real GIF with a script in a comment', bytes(sampleImages['image/gif'], '<SCRIPT src=//x>')],
    [
      'a JPEG with markup in a comment segment',
      jpeg(10, 10, 0xc0, [...JFIF, ...segment(0xfe, [...bytes('<!DOCTYPE html><body>')])]),
    ],
    ['a WebP with an SVG appended', bytes(sampleImages['image/webp'], notImages.svg)],
    ['a PNG carrying PHP', bytes(png(10, 10), '<?php system($_GET[1]); ?>')],
  ])('a polyglot: %s', (_, image) => {
    expect(containsMarkup(image)).toBe(true);
    expect(inspectImage(image)).toBe('must be a plain image: it also contains HTML or script');
  });

  it('does not mistake metadata or binary data for markup', () => {
    const xmp = bytes(
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/>',
    );
    expect(containsMarkup(xmp)).toBe(false);
    expect(containsMarkup(bytes('<scrip', [0], '<htm', '<svgx'.slice(0, 3)))).toBe(false);
    expect(typeof inspectImage(bytes(jpeg(10, 10, 0xc0, [...JFIF, ...segment(0xe1, [...xmp])])))).toBe('object');
  });

  it('checkFile keeps the sniffed type, never the claimed name', () => {
    const checked = checkFile(imageFile(), incoming(sampleImages['image/gif'], 'x.html'));
    expect(checked).toMatchObject({
      mimetype: 'image/gif',
      filename: 'x.html',
      size: sampleImages['image/gif'].length,
    });
    expect(checkFile(imageFile(), incoming(new Uint8Array()))).toBe('is empty');
  });

  it('decode names the field in the message', () => {
    const result = decode({}, { newcd: '1', token: 't', type: 'BTC', amount: '10' }, [incoming(png(9000, 9000))]);
    expect(result).toMatchObject({
      ok: false,
      code: 'invalid_request',
      issues: [
        { field: 'depositPic', message: 'depositPic: must be at most 8000 × 8000 pixels (this one is 9000 × 9000)' },
      ],
    });
    if (!result.ok) expect(result.message).toContain('depositPic: must be at most 8000 × 8000 pixels');
  });
});
