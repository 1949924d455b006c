/**
 * The checks both trees' forms put in front of the contract's fields, in the screen's own words; each form
 * then pipes into the contract's field, so it can never produce a request the contract would refuse.
 * They build schemas and do nothing else, which the annotations tell the bundler: a schema built at a route
 * file's top level then stays out of the app's first chunk unless something there uses it.
 */
import * as z from 'zod/mini';
import './zod-config';

/** A text that must not be blank, with the screen's own message. */
export const required = /* #__NO_SIDE_EFFECTS__ */ (message: string) =>
  z.string().check(z.trim(), z.minLength(1, message));

/**
 * A text that may be left blank, read by the contract's `wire` field: trimmed, and blank means "not given" (the
 * field is left out of the request).
 */
export const blankAsAbsent = /* #__NO_SIDE_EFFECTS__ */ <T extends z.ZodMiniType<unknown, string | undefined>>(
  wire: T,
) =>
  z.pipe(
    z.pipe(
      z.string().check(z.trim()),
      z.transform((text: string) => (text === '' ? undefined : text)),
    ),
    wire,
  );

/** Exactly `length` digits (a passcode, a PIN, a code), with the screen's own message otherwise. */
export const exactDigits = /* #__NO_SIDE_EFFECTS__ */ (length: number, message: string) =>
  z.string().check(z.regex(new RegExp(`^\\d{${String(length)}}$`, 'u'), message));
