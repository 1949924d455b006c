/**
 * The checks both trees' forms put in front of the contract's fields, in the screen's own words; each form
 * then pipes into the contract's field, so it can never produce a request the contract would refuse.
 * They build schemas and do nothing else, which the annotations tell the bundler: a schema built at a route
 * file's top level then stays out of the app's first chunk unless something there uses it.
 */
import { z } from 'zod';
import './zod-config';
import { imageContentProblem } from './image-rules';

/** A text that must not be blank, with the screen's own message. */
export const required = /* #__NO_SIDE_EFFECTS__ */ (message: string) => z.string().trim().min(1, message);

/** Exactly `length` digits (a passcode, a PIN, a code), with the screen's own message otherwise. */
export const exactDigits = /* #__NO_SIDE_EFFECTS__ */ (length: number, message: string) =>
  z.string().regex(new RegExp(`^\\d{${String(length)}}$`, 'u'), message);

/**
 * A required image, with the screen's own message when none was chosen: one the bank accepts by the
 * browser's type and its size, then by its content, checked as the bank checks it (./image-rules).
 */
export const imageFile = /* #__NO_SIDE_EFFECTS__ */ (missing: string) =>
  z
    .custom<File | undefined>((value) => value === undefined || value instanceof Blob)
    .transform(async (file, ctx) => {
      const problem = file === undefined ? missing : await imageContentProblem(file);
      if (problem === undefined && file !== undefined) return file;
      ctx.issues.push({ code: 'custom', message: problem ?? missing, input: file });
      return z.NEVER;
    });
