/**
 * Sample identity documents for the seeded personas: small PNG drawings that staff recognise at a
 * glance (a portrait, the front of a passport with its coloured band, photo and lines of text, its back
 * with a barcode and a machine-readable zone), each marked SAMPLE. Drawn pixel by pixel and written as
 * PNG here; the deflate step is the platform's `CompressionStream` (Node and browsers alike), since the
 * in-browser demo seeds the same bank.
 */

/** A colour as [red, green, blue]. */
type Rgb = readonly [number, number, number];

const INK: Rgb = [0x14, 0x21, 0x3d];
const NAVY: Rgb = [0x0b, 0x3d, 0x91];
const WHITE: Rgb = [0xff, 0xff, 0xff];
const PAPER: Rgb = [0xee, 0xf3, 0xf8];
const EDGE: Rgb = [0x9a, 0xa8, 0xbc];
const PHOTO: Rgb = [0xc9, 0xd3, 0xe0];
const FIGURE: Rgb = [0x5b, 0x6b, 0x82];
const TEXT: Rgb = [0x8a, 0x97, 0xaa];
const LABEL: Rgb = [0xbf, 0xc9, 0xd6];
const STAMP: Rgb = [0xc6, 0x28, 0x28];

/** Capitals of a 5 × 7 pixel font, one string per row: enough for the words drawn here. */
const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  L: ['#....', '#....', '#....', '#....', '#....', '#....', '#####'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  O: ['.###.', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  ' ': ['.....', '.....', '.....', '.....', '.....', '.....', '.....'],
};

/** An RGB picture to draw on. */
class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  dot(x: number, y: number, [r, g, b]: Rgb) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    this.pixels[i] = r;
    this.pixels[i + 1] = g;
    this.pixels[i + 2] = b;
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb) {
    for (let j = y; j < y + h; j++) for (let i = x; i < x + w; i++) this.dot(i, j, colour);
  }

  /** A rectangle's outline, `t` pixels thick. */
  frame(x: number, y: number, w: number, h: number, t: number, colour: Rgb) {
    this.rect(x, y, w, t, colour);
    this.rect(x, y + h - t, w, t, colour);
    this.rect(x, y, t, h, colour);
    this.rect(x + w - t, y, t, h, colour);
  }

  /** A filled ellipse around (cx, cy), kept inside the clip rectangle when one is given. */
  ellipse(
    cx: number,
    cy: number,
    rx: number,
    ry: number,
    colour: Rgb,
    clip = { x: 0, y: 0, w: Infinity, h: Infinity },
  ) {
    for (let y = Math.ceil(cy - ry); y <= cy + ry; y++)
      for (let x = Math.ceil(cx - rx); x <= cx + rx; x++) {
        const inside = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
        const clipped = x < clip.x || y < clip.y || x >= clip.x + clip.w || y >= clip.y + clip.h;
        if (inside && !clipped) this.dot(x, y, colour);
      }
  }

  /** Capitals in the 5 × 7 font, each font pixel `scale` pixels square; returns the width drawn. */
  text(x: number, y: number, words: string, scale: number, colour: Rgb) {
    let left = x;
    for (const letter of words) {
      const glyph = GLYPHS[letter] ?? GLYPHS[' '] ?? [];
      glyph.forEach((row, j) => {
        for (let i = 0; i < row.length; i++)
          if (row[i] === '#') this.rect(left + i * scale, y + j * scale, scale, scale, colour);
      });
      left += 6 * scale;
    }
    return left - x - scale;
  }

  /** The red SAMPLE stamp: the word in a frame, its top left corner at (x, y). */
  stamp(x: number, y: number, scale: number) {
    const pad = 2 * scale;
    const width = 'SAMPLE'.length * 6 * scale - scale;
    this.rect(x, y, width + 2 * pad, 7 * scale + 2 * pad, WHITE);
    this.frame(x, y, width + 2 * pad, 7 * scale + 2 * pad, Math.max(2, Math.floor(scale / 2)), STAMP);
    this.text(x + pad, y + pad, 'SAMPLE', scale, STAMP);
  }

  /** A face-and-shoulders silhouette in the box (x, y, w, h). */
  silhouette(x: number, y: number, w: number, h: number) {
    this.rect(x, y, w, h, PHOTO);
    const cx = x + w / 2;
    const clip = { x, y, w, h };
    this.ellipse(cx, y + h, w * 0.45, h * 0.32, FIGURE, clip);
    this.ellipse(cx, y + h * 0.42, w * 0.24, h * 0.24, FIGURE, clip);
  }
}

/** Lines that read as printed text: lengths from a fixed pattern, so every drawing is the same. */
function textLines(c: Canvas, x: number, y: number, width: number, count: number, gap: number) {
  for (let n = 0; n < count; n++) {
    const top = y + n * gap;
    c.rect(x, top, Math.round(width * 0.3), 3, LABEL);
    c.rect(x, top + 6, Math.round(width * (0.55 + ((n * 37) % 40) / 100)), 5, TEXT);
  }
}

/** A machine-readable zone: two rows of character-sized blocks, some left as gaps. */
function machineZone(c: Canvas, x: number, y: number, width: number) {
  for (let row = 0; row < 2; row++)
    for (let i = 0; i * 7 + 5 <= width; i++)
      if ((i * 7 + row * 3) % 11 !== 0) c.rect(x + i * 7, y + row * 12, 5, 8, INK);
}

function portrait() {
  const c = new Canvas(200, 240, PAPER);
  c.silhouette(0, 0, 200, 240);
  c.frame(0, 0, 200, 240, 2, EDGE);
  c.stamp(22, 184, 4);
  return c;
}

function documentFront() {
  const c = new Canvas(320, 200, PAPER);
  c.rect(0, 0, 320, 40, NAVY);
  c.text(16, 12, 'PASSPORT', 2, WHITE);
  c.text(272, 12, 'USA', 2, WHITE);
  c.silhouette(16, 54, 84, 104);
  c.frame(16, 54, 84, 104, 1, EDGE);
  textLines(c, 116, 54, 190, 5, 20);
  machineZone(c, 16, 170, 288);
  c.stamp(168, 110, 3);
  c.frame(0, 0, 320, 200, 2, EDGE);
  return c;
}

function documentBack() {
  const c = new Canvas(320, 200, PAPER);
  c.rect(0, 0, 320, 14, NAVY);
  // A barcode: bars of a fixed pattern of widths.
  for (let x = 16, n = 0; x < 176; n++) {
    const bar = 1 + ((n * 5) % 4);
    c.rect(x, 28, bar, 44, INK);
    x += bar + 1 + ((n * 3) % 3);
  }
  textLines(c, 16, 86, 200, 3, 22);
  c.stamp(190, 34, 3);
  machineZone(c, 16, 164, 288);
  c.frame(0, 0, 320, 200, 2, EDGE);
  return c;
}

// -------------------------------------------------------------------------------------------------
// PNG (RFC 2083): signature, IHDR, IDAT (zlib-deflated rows, each led by filter type 0), IEND

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array) {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const ascii = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

function concat(parts: readonly Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** One chunk: length, type, data, and the CRC of type and data. */
function chunk(type: string, data: Uint8Array) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(ascii(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** zlib (RFC 1950) deflate of `bytes`. */
async function deflate(bytes: Uint8Array<ArrayBuffer>) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** An RGB canvas as a PNG file (8 bits per channel, no interlace). */
async function encodePng(canvas: Canvas): Promise<Uint8Array> {
  const { width, height, pixels } = canvas;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, filter method 0, no interlace
  const stride = width * 3;
  const rows = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) rows.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  return concat([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', header),
    chunk('IDAT', await deflate(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** The documents of a KYC case, in the order the portal sends them. */
export interface SampleKycDocuments {
  readonly portrait: Uint8Array;
  readonly front: Uint8Array;
  readonly back: Uint8Array;
}

let drawn: Promise<SampleKycDocuments> | undefined;

/** The sample portrait, document front and back as PNG files (drawn once, then shared). */
export function sampleKycDocuments(): Promise<SampleKycDocuments> {
  drawn ??= Promise.all([portrait(), documentFront(), documentBack()].map(encodePng)).then(
    ([portrait, front, back]) => {
      if (!portrait || !front || !back) throw new Error('a sample document was not drawn');
      return { portrait, front, back };
    },
  );
  return drawn;
}
