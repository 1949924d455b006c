/**
 * Sample identity documents for the seeded personas: small PNG drawings that staff recognise at a
 * glance (a portrait, the front of a passport with its coloured band, photo and lines of text, its back
 * with a barcode and a machine-readable zone), each marked SAMPLE. Drawn pixel by pixel and written as PNG
 * by fast-png, which runs in Node and in the browser alike (the in-browser demo seeds the same bank).
 */
import { encode as encodePngFile } from 'fast-png';

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

/** An RGB canvas as a PNG file (8 bits per channel), written by fast-png (Node and browsers alike). */
const encodePng = ({ width, height, pixels }: Canvas) =>
  Promise.resolve(encodePngFile({ width, height, data: pixels, channels: 3, depth: 8 }));

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
