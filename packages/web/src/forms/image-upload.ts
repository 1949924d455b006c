/**
 * The checks of a file chosen for an upload, made before it is sent: by the type the browser gives it and its
 * size, then by its content, read as the bank reads it (the contract's `inspectImage`, decision 0005). Only
 * the forms that upload load this module.
 */
import { formatBytes, IMAGE_TYPES, inspectImage, MAX_IMAGE_BYTES } from '@ebank/contract';
import * as z from 'zod/mini';
import './zod-config';
import { KINDS } from './image-rules';

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

/**
 * A required image, with the screen's own message when none was chosen: one the bank accepts by the
 * browser's type and its size, then by its content, checked as the bank checks it.
 */
export const imageFile = /* #__NO_SIDE_EFFECTS__ */ (missing: string) =>
  z.pipe(
    z.custom<File | undefined>((value) => value === undefined || value instanceof Blob),
    z.transform(async (file: File | undefined, ctx) => {
      const problem = file === undefined ? missing : await imageContentProblem(file);
      if (problem === undefined && file !== undefined) return file;
      ctx.issues.push({ code: 'custom', message: problem ?? missing, input: file });
      return z.NEVER;
    }),
  );
