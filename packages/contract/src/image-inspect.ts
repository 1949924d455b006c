/**
 * The check of an uploaded file by its content, never by the name or the type the sender claims: the type by
 * its magic bytes, the pixel size from its header, and no markup. The server checks every upload with it, and
 * a form checks a chosen file with it before sending.
 */
import {
  describeTypes,
  formatBytes,
  IMAGE_TYPE_LABELS,
  IMAGE_TYPES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  type FileSpec,
  type ImageDimensions,
  type ImageType,
  type IncomingFile,
  type UploadedFile,
} from './files';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The image type of `bytes` by its leading signature, or undefined when it is no image we accept. */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return undefined;
}

// ------------------------------------------------------------------------------------------------
// dimensions (ASVS V5: a small file may still decode to a huge bitmap)

/** Unsigned big- and little-endian reads that say `undefined` past the end instead of throwing. */
const byteAt = (b: Uint8Array, i: number): number | undefined => (i >= 0 && i < b.length ? b[i] : undefined);
function be(b: Uint8Array, offset: number, length: number): number | undefined {
  if (offset < 0 || offset + length > b.length) return undefined;
  let n = 0;
  for (let i = 0; i < length; i++) n = n * 256 + (b[offset + i] ?? 0);
  return n;
}
function le(b: Uint8Array, offset: number, length: number): number | undefined {
  if (offset < 0 || offset + length > b.length) return undefined;
  let n = 0;
  for (let i = length - 1; i >= 0; i--) n = n * 256 + (b[offset + i] ?? 0);
  return n;
}
const ascii = (b: Uint8Array, offset: number, text: string) =>
  startsWith(
    b,
    Array.from(text, (c) => c.charCodeAt(0)),
    offset,
  );
const dimensions = (width: number | undefined, height: number | undefined): ImageDimensions | undefined =>
  width !== undefined && height !== undefined && width > 0 && height > 0 ? { width, height } : undefined;

/** PNG: the IHDR chunk must come first; width and height are its first two 32-bit fields. */
function pngDimensions(b: Uint8Array) {
  if (be(b, 8, 4) !== 13 || !ascii(b, 12, 'IHDR')) return undefined;
  return dimensions(be(b, 16, 4), be(b, 20, 4));
}

/** GIF: the logical screen width and height follow the 6-byte signature (little-endian). */
const gifDimensions = (b: Uint8Array) => dimensions(le(b, 6, 2), le(b, 8, 2));

/** The JPEG start-of-frame markers (SOF0 to SOF15 less DHT, JPG and DAC), which carry the frame size. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walks the marker segments up to the first start-of-frame (SOFn) and reads its height and width. */
function jpegDimensions(b: Uint8Array) {
  let i = 2;
  while (i < b.length) {
    if (byteAt(b, i) !== 0xff) return undefined;
    while (byteAt(b, i) === 0xff) i++; // a marker may be padded with fill bytes
    const marker = byteAt(b, i);
    i++;
    if (marker === undefined) return undefined;
    // Stand-alone markers (TEM, RSTn, SOI) carry no length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    // End of image, or scan data, before any frame header: no dimensions to read.
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = be(b, i, 2);
    if (length === undefined || length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (length < 7) return undefined;
      // length (2), sample precision (1), number of lines (2), samples per line (2)
      return dimensions(be(b, i + 5, 2), be(b, i + 3, 2));
    }
    i += length;
  }
  return undefined;
}

/** WebP: the first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended), each with its own size fields. */
function webpDimensions(b: Uint8Array) {
  const data = 20;
  if (ascii(b, 12, 'VP8 ')) {
    // frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height (2 bits of scale each)
    if (!startsWith(b, [0x9d, 0x01, 0x2a], data + 3)) return undefined;
    const width = le(b, data + 6, 2);
    const height = le(b, data + 8, 2);
    return dimensions(
      width === undefined ? undefined : width & 0x3fff,
      height === undefined ? undefined : height & 0x3fff,
    );
  }
  if (ascii(b, 12, 'VP8L')) {
    // signature 0x2f, then 14 bits width - 1 and 14 bits height - 1, least significant bit first
    const bits = le(b, data + 1, 4);
    if (byteAt(b, data) !== 0x2f || bits === undefined) return undefined;
    return dimensions((bits & 0x3fff) + 1, (Math.floor(bits / 0x4000) & 0x3fff) + 1);
  }
  if (ascii(b, 12, 'VP8X')) {
    // flags (1), reserved (3), canvas width - 1 (24 bits), canvas height - 1 (24 bits)
    const width = le(b, data + 4, 3);
    const height = le(b, data + 7, 3);
    return dimensions(width === undefined ? undefined : width + 1, height === undefined ? undefined : height + 1);
  }
  return undefined;
}

/**
 * The width and height an image declares in its header, or undefined when they cannot be read
 * (not one of the accepted types, truncated, or zero). Reads only the header bytes; decodes nothing.
 */
export function imageDimensions(bytes: Uint8Array, type = sniffImageType(bytes)): ImageDimensions | undefined {
  switch (type) {
    case 'image/png':
      return pngDimensions(bytes);
    case 'image/gif':
      return gifDimensions(bytes);
    case 'image/jpeg':
      return jpegDimensions(bytes);
    case 'image/webp':
      return webpDimensions(bytes);
    case undefined:
      return undefined;
  }
}

// ------------------------------------------------------------------------------------------------
// polyglots

/** Markup that makes a file readable as a web page or script as well as an image. */
const MARKUP = ['<script', '<html', '<!doctype', '<svg', '<iframe', '<object', '<embed', '<body', '<?php'].map((m) =>
  Array.from(m, (c) => c.charCodeAt(0)),
);

/** ASCII lower case of a byte (letters only). */
const lower = (c: number | undefined) => (c !== undefined && c >= 0x41 && c <= 0x5a ? c | 0x20 : c);

/** Whether the bytes carry HTML, SVG or script markup anywhere (ASCII, case-insensitive). */
export function containsMarkup(bytes: Uint8Array): boolean {
  for (let i = bytes.indexOf(0x3c); i !== -1; i = bytes.indexOf(0x3c, i + 1)) {
    for (const pattern of MARKUP) {
      let j = 1;
      while (j < pattern.length && lower(byteAt(bytes, i + j)) === pattern[j]) j++;
      if (j === pattern.length) return true;
    }
  }
  return false;
}

/** An image that passed {@link inspectImage}: its type by content and its declared size. */
export interface InspectedImage extends ImageDimensions {
  readonly type: ImageType;
}

/**
 * Checks an image's bytes: its type by content, readable dimensions within the limits, and no markup.
 * Returns the image's type and size, or what is wrong as a message to put after the field's name.
 * Shared by the browser (before upload) and the server (on receipt).
 */
export function inspectImage(bytes: Uint8Array, types: readonly ImageType[] = IMAGE_TYPES): InspectedImage | string {
  const type = sniffImageType(bytes);
  if (type === undefined || !types.includes(type)) return `must be a ${describeTypes(types)} image`;
  const size = imageDimensions(bytes, type);
  if (size === undefined)
    return `is not a readable ${IMAGE_TYPE_LABELS[type]} image: its width and height cannot be read`;
  const { width, height } = size;
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE)
    return `must be at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels (this one is ${width} × ${height})`;
  if (width * height > MAX_IMAGE_PIXELS)
    return `must be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (this one is ${width} × ${height})`;
  if (containsMarkup(bytes)) return 'must be a plain image: it also contains HTML or script';
  return { type, width, height };
}

/** A file as the server received it, after its type was established from its content. */
export function checkFile(spec: FileSpec, file: IncomingFile): UploadedFile | string {
  if (file.size === 0 || file.buffer.length === 0) return 'is empty';
  if (file.size > spec.maxBytes || file.buffer.length > spec.maxBytes)
    return `must be at most ${formatBytes(spec.maxBytes)}`;
  const image = inspectImage(file.buffer, spec.types);
  if (typeof image === 'string') return image;
  return { filename: file.originalname, mimetype: image.type, size: file.buffer.length, bytes: file.buffer };
}
