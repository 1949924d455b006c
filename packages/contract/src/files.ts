/**
 * Uploaded files: what each operation accepts and the limits, in words a form can show. The check by content
 * (never by the name or the type the sender claims) is in `image-inspect.ts`, which only the server and the
 * forms that upload load.
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

/** Widest and tallest accepted image, in pixels. */
export const MAX_IMAGE_SIDE = 8000;
/** Largest accepted image area, in pixels (40 megapixels). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface ImageDimensions {
  readonly width: number;
  readonly height: number;
}

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
