/**
 * What every upload accepts, in the customer's words, from the contract's own limits (decision 0005):
 * the file picker's types, the hint under each upload, the checks made before a file is sent, and the
 * sentence for a picture the bank refused. Plain text, no zod and no image reading: the app's first chunk
 * reads it; the checks of a chosen file are in ./image-upload, loaded with the forms that upload.
 */
import { describeTypes, formatBytes, IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '@ebank/contract';

/** What a file input offers to choose: the images the bank accepts. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** The accepted kinds, in words: 'PNG, JPG, GIF or WebP'. */
export const KINDS = describeTypes(IMAGE_TYPES);
const LIMITS = `${formatBytes(MAX_IMAGE_BYTES)} and ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels`;

/** The hint under every upload. */
export const IMAGE_HINT = `${KINDS} (max. ${formatBytes(MAX_IMAGE_BYTES)}, ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} px)`;

/** The sentence for a picture the bank refused (its own reason names the field, not the customer's words). */
export const IMAGE_REFUSED = `That picture could not be used: it must be a ${KINDS} image up to ${LIMITS}.`;
