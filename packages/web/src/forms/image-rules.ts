/**
 * What every upload accepts, in the customer's words, from the contract's own limits (decision 0005):
 * the file picker's types, the hint under each upload, the checks made before a file is sent, and the
 * sentence for a picture the bank refused. Plain text, no zod: the app's first chunk reads it.
 */
import {
  describeTypes,
  formatBytes,
  IMAGE_TYPES,
  inspectImage,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIDE,
} from '@ebank/contract';

/** What a file input offers to choose: the images the bank accepts. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** The accepted kinds, in words: 'PNG, JPG, GIF or WebP'. */
const KINDS = describeTypes(IMAGE_TYPES);
const LIMITS = `${formatBytes(MAX_IMAGE_BYTES)} and ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels`;

/** The hint under every upload. */
export const IMAGE_HINT = `${KINDS} (max. ${formatBytes(MAX_IMAGE_BYTES)}, ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} px)`;

/** The sentence for a picture the bank refused (its own reason names the field, not the customer's words). */
export const IMAGE_REFUSED = `That picture could not be used: it must be a ${KINDS} image up to ${LIMITS}.`;

/**
 * Why a chosen file cannot be sent, by the type the browser gives it and its size; undefined when it can.
 * Cheap and immediate; {@link imageContentProblem} then reads the file as the bank will.
 */
export function imageProblem(file: Blob): string | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return `Choose a ${KINDS} image`;
  if (file.size > MAX_IMAGE_BYTES) return `Choose an image of at most ${formatBytes(MAX_IMAGE_BYTES)}`;
  return undefined;
}

/**
 * Why a file cannot be sent, by its content, checked as the bank checks it (the contract's
 * `inspectImage`): an SVG or a page renamed to `.png` is refused here, before it is sent.
 */
export async function imageContentProblem(file: Blob): Promise<string | undefined> {
  const problem = imageProblem(file);
  if (problem !== undefined) return problem;
  const inspected = inspectImage(new Uint8Array(await file.arrayBuffer()));
  return typeof inspected === 'string' ? `That picture could not be used: it ${inspected}.` : undefined;
}
