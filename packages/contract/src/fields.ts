/**
 * Request field builders. Every value arrives on the wire as a string; each builder is a zod codec
 * whose input side is the wire string and whose output side is the typed value, so one schema both
 * validates/decodes what the server receives and encodes what the client sends (`z.encode`).
 *
 * Each builder also registers a {@link FieldMeta} describing the values it accepts, which the test
 * generators in `./testing/arbitraries.ts` read to produce valid inputs.
 */
import { z } from './zod';

export type FieldMeta =
  | { kind: 'text'; min: number; max: number; multiline: boolean }
  | { kind: 'digits'; length: number }
  | { kind: 'email' }
  | { kind: 'money' }
  | { kind: 'flag' }
  | { kind: 'date' }
  | { kind: 'phone' }
  | { kind: 'id' }
  | { kind: 'json' };

export const fieldMeta = z.registry<FieldMeta>();

/** Longest JSON document (the transfer's `extra`). */
export const MAX_JSON_LENGTH = 8000;

/** Control characters other than tab and line breaks (multipart turns `\n` into `\r\n` on the wire). */
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/u;
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f]/u;

/** Who a refusal is about: the field at `path` named in the consumer's words, or undefined. */
export type FieldNamer = (path: readonly PropertyKey[]) => string | undefined;

let nameOf: FieldNamer = () => undefined;

/**
 * Names the fields in the refusals below. On the wire a refusal names its field in front, by its wire
 * name (`note: must be at most 500 characters`, codec.ts), so by default a reason is the bare phrase. An
 * app that shows the reasons under its own fields (the portal's forms, which pipe into these fields)
 * names them in its own words, once, at start: 'Note must be at most 500 characters'. Decision 0042.
 */
export function nameFieldsWith(namer: FieldNamer): void {
  nameOf = namer;
}

/** Set while a wire request is checked: its refusals are bare phrases whatever the app's namer. */
let bare = false;

/**
 * Reads the refusals of a request as received on the wire (codec.ts), which name their field in front by
 * its wire name, as bare phrases, even in a page that also names fields in its own words (the static demo
 * runs the bank beside the forms). zod words a failed parse's issues when its `error` is first read, so
 * `read` is what reads it.
 */
export function withBareReasons<T>(read: () => T): T {
  const outer = bare;
  bare = true;
  try {
    return read();
  } finally {
    bare = outer;
  }
}

/** A refusal's reason, after the field's name when the app gives one. */
const reason =
  (phrase: string) =>
  (issue: { readonly path?: readonly PropertyKey[] | undefined }): string => {
    const name = bare ? undefined : nameOf(issue.path ?? []);
    return name === undefined ? phrase : `${name} ${phrase}`;
  };

/** A wire string with a uniform "is required" message when the field is absent. */
const wireString = () =>
  z.string({
    error: (issue) => reason(issue.input === undefined ? 'is required' : 'must be a single text value')(issue),
  });

function meta<T extends z.ZodMiniType>(schema: T, m: FieldMeta): T {
  fieldMeta.add(schema, m);
  return schema;
}

/** Free text. Single-line unless `multiline`; multi-line text has its line breaks normalised to `\n`. */
export function text(options: { min?: number; max?: number; multiline?: boolean } = {}) {
  const { min = 1, max = 200, multiline = false } = options;
  const wire = wireString().check(
    z.maxLength(max, { error: reason(`must be at most ${max} characters`) }),
    z.refine((s) => s.trim().length >= min, { error: reason(min > 0 ? 'is required' : 'is too short') }),
    z.refine((s) => !(multiline ? CONTROL_CHARS : SINGLE_LINE_CONTROL).test(s), {
      error: reason('must not contain control characters'),
    }),
  );
  const schema = z.codec(wire, z.string(), {
    decode: (s) => (multiline ? s.replace(/\r\n?/gu, '\n') : s),
    encode: (s) => s,
  });
  return meta(schema, { kind: 'text', min, max, multiline });
}

/** Exactly `length` digits, kept as a string (leading zeros matter): passcodes, PINs, codes. */
export function digits(length: number) {
  const schema = wireString().check(
    z.regex(new RegExp(`^\\d{${length}}$`, 'u'), { error: reason(`must be exactly ${length} digits`) }),
  );
  return meta(schema, { kind: 'digits', length });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
/** An e-mail address. Section 5: "e-mail must contain '@'". */
export function email() {
  const schema = wireString().check(
    z.maxLength(254, { error: reason('must be at most 254 characters') }),
    // The spec's own sentence, as it is.
    z.regex(EMAIL, "That doesn't look like an email address"),
  );
  return meta(schema, { kind: 'email' });
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/u;
/** A positive amount of money with at most two decimals, sent as a decimal string ("10.50"). */
export function money() {
  const wire = wireString().check(z.regex(AMOUNT, { error: reason('must be an amount such as 10.50') }));
  const schema = z.codec(wire, z.number().check(z.positive({ error: reason('must be greater than 0') })), {
    decode: (s) => Number(s),
    encode: (n) => n.toFixed(2),
  });
  return meta(schema, { kind: 'money' });
}

const TRUE_WORDS = ['1', 'true', 'on', 'yes'] as const;
const FLAG_WORDS = [...TRUE_WORDS, '0', 'false', 'off', 'no', ''] as const;
/** A checkbox-like flag: absent means false; sent as "1" or "0". */
export function flag() {
  const wire = z.enum(FLAG_WORDS, { error: reason('must be 1 or 0') });
  const schema = z.codec(wire, z.boolean(), {
    decode: (s) => (TRUE_WORDS as readonly string[]).includes(s),
    encode: (b) => (b ? '1' : '0'),
  });
  return z._default(meta(schema, { kind: 'flag' }), false);
}

/** A calendar date, YYYY-MM-DD. */
export function date() {
  const schema = wireString().check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/u, { error: reason('must be a date such as 1990-04-23') }),
    z.refine(
      (s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
      },
      { error: reason('must be a real calendar date') },
    ),
  );
  return meta(schema, { kind: 'date' });
}

/** A phone number: digits with an optional leading +, spaces, dashes and brackets. */
export function phone() {
  const schema = wireString().check(
    z.regex(/^\+?[0-9][0-9 ()-]{3,22}$/u, { error: reason('must be a phone number such as +44 20 7946 0958') }),
  );
  return meta(schema, { kind: 'phone' });
}

/** An opaque record identifier. */
export function id() {
  const schema = wireString().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/u, { error: reason('must be an identifier') }));
  return meta(schema, { kind: 'id' });
}

/**
 * A JSON document carried in one form field, holding the wire form of `inner` (for example the
 * transfer form echoed back as `extra`).
 */
export function json<T extends z.ZodMiniType>(inner: T): z.ZodMiniCodec<z.ZodMiniString<string>, T> {
  const wire = wireString().check(
    z.maxLength(MAX_JSON_LENGTH, { error: reason(`must be at most ${MAX_JSON_LENGTH} characters`) }),
  );
  const schema = z.codec(wire, inner, {
    decode: (s, ctx): z.input<T> => {
      try {
        return JSON.parse(s) as z.input<T>;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'must be valid JSON', input: s });
        return z.NEVER;
      }
    },
    encode: (value) => JSON.stringify(value),
  });
  return meta(schema, { kind: 'json' });
}
