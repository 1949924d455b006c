/**
 * Uploaded files: what each operation accepts, and a type check by content (magic bytes), never by
 * the name or the type the sender claims.
 */

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Human names for the accepted types, used in messages and hints. */
export const IMAGE_TYPE_LABELS: Record<ImageType, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
};

/** Largest accepted image, in bytes. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface FileSpec {
  /** How many files the field takes (every field of the spec takes exactly one). */
  readonly count: 1;
  readonly required: boolean;
  readonly types: readonly ImageType[];
  readonly maxBytes: number;
}

export const imageFile = (required = true): FileSpec => ({
  count: 1,
  required,
  types: IMAGE_TYPES,
  maxBytes: MAX_IMAGE_BYTES,
});

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

/** A file as the server received it, after its type was established from its content. */
export interface UploadedFile {
  /** The name the sender gave; display only, never used to store or serve the file. */
  readonly filename: string;
  readonly mimetype: ImageType;
  readonly size: number;
  readonly bytes: Uint8Array;
}

/** A file as a transport hands it to `decode` (multer's shape, reduced). */
export interface IncomingFile {
  readonly fieldname: string;
  readonly originalname: string;
  readonly size: number;
  readonly buffer: Uint8Array;
}

export const describeTypes = (types: readonly ImageType[]) => {
  const labels = types.map((t) => IMAGE_TYPE_LABELS[t]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1) ?? ''}` : (labels[0] ?? '');
};

export const formatBytes = (n: number) => (n >= 1024 * 1024 ? `${n / (1024 * 1024)} MB` : `${Math.round(n / 1024)} kB`);

/** Checks one received file against its spec; returns an error message or the typed file. */
export function checkFile(spec: FileSpec, file: IncomingFile): UploadedFile | string {
  if (file.size === 0 || file.buffer.length === 0) return 'is empty';
  if (file.size > spec.maxBytes || file.buffer.length > spec.maxBytes)
    return `must be at most ${formatBytes(spec.maxBytes)}`;
  const type = sniffImageType(file.buffer);
  if (type === undefined || !spec.types.includes(type)) return `must be a ${describeTypes(spec.types)} image`;
  return { filename: file.originalname, mimetype: type, size: file.buffer.length, bytes: file.buffer };
}
