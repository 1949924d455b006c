/**
 * The API's body parsing: multer (memory storage) for `multipart/form-data`, `express.urlencoded` for
 * `application/x-www-form-urlencoded`, each within its limits; any other body is refused before it is
 * read. Every error of the parsers becomes a {@link FormRefusal}, a 4xx with a message a client can
 * read, never a 500: what the parsers cannot read is the client's mistake.
 */
import { isAscii } from 'node:buffer';
import type { Request, RequestHandler } from 'express';
import express from 'express';
import multer from 'multer';
import { MAX_IMAGE_BYTES, type IncomingFile } from '@ebank/contract';
import { REFUSALS } from './reply';

export const FORM_LIMITS = {
  /** Bytes of a field name as sent. */
  fieldNameBytes: 100,
  /** Bytes of a multipart text field's value. */
  fieldValueBytes: 64 * 1024,
  /** Text fields of a multipart body. */
  fields: 60,
  files: 3,
  /** Parts of a multipart body: every text field and file, and room for empty file inputs. */
  parts: 70,
  fileBytes: MAX_IMAGE_BYTES,
  /** A urlencoded body, after any content encoding (gzip, deflate, br) is undone. */
  urlencodedBytes: 256 * 1024,
  /** Parameters of a urlencoded body. */
  urlencodedFields: 100,
} as const;

/** Why a body is refused: the status and the JSON error's message and code. */
export class FormRefusal extends Error {
  override readonly name = 'FormRefusal';
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
    readonly code: 'invalid_request' | 'payload_too_large' | 'unsupported_media_type',
  ) {
    super(message);
  }
}

const tooLarge = (message: string) => new FormRefusal(413, message, 'payload_too_large');
const invalid = (message: string) => new FormRefusal(400, message, 'invalid_request');
const WRONG_TYPE = 'Send the body as multipart/form-data or application/x-www-form-urlencoded';
const NOT_UTF8_FORM = REFUSALS.notUtf8.body.message;
const MALFORMED_MULTIPART = 'The multipart body is malformed';

/** The refusal for a multer error (its `field` names the field it concerns, when known). */
function multerRefusal(error: multer.MulterError): FormRefusal {
  const field = error.field ? `${error.field}: ` : '';
  // multer 2 has codes its type declarations do not list yet (LIMIT_FIELD_NESTING, ...).
  const code: string = error.code;
  switch (code) {
    case 'LIMIT_FILE_SIZE':
      return tooLarge(`${field}must be at most ${FORM_LIMITS.fileBytes / (1024 * 1024)} MB`);
    case 'LIMIT_FIELD_VALUE':
      return tooLarge(`${field}is too long`);
    case 'LIMIT_FIELD_KEY':
      return tooLarge('A field name is too long');
    case 'LIMIT_FILE_COUNT':
      return tooLarge(`Too many files: at most ${FORM_LIMITS.files}`);
    case 'LIMIT_FIELD_COUNT':
      return tooLarge('Too many fields');
    case 'LIMIT_PART_COUNT':
      return tooLarge('Too many parts in the form');
    case 'LIMIT_FIELD_NESTING':
    case 'LIMIT_FIELD_ARRAY_INDEX':
      return invalid(`${field}is not a field name: names carry no brackets`);
    case 'INVALID_FIELD_NAME':
      return invalid(`${field}is not a field name`);
    case 'MISSING_FIELD_NAME':
      return invalid('A part of the form has no field name');
    default:
      return invalid(MALFORMED_MULTIPART);
  }
}

/** A urlencoded body must be well formed (body-parser's `verify`): every `%` starts an escape, and it is UTF-8. */
class MalformedForm extends Error {
  readonly status = 400;
}
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/u;
function checkUrlencoded(_req: unknown, _res: unknown, body: Buffer, encoding: string) {
  const escapes = body.includes(0x25);
  if (escapes && BAD_ESCAPE.test(body.toString('latin1')))
    throw new MalformedForm('The form body has an invalid percent-escape');
  // ASCII without escapes is UTF-8 as it stands: there is nothing to decode.
  if (!escapes && isAscii(body)) return;
  if (encoding.toLowerCase() !== 'utf-8') return;
  try {
    decodeURIComponent(STRICT_UTF8.decode(body));
  } catch {
    throw new MalformedForm('The form body is not valid UTF-8');
  }
}

/** The refusal for an error of body-parser (an `http-errors` error with a status and a type). */
function urlencodedRefusal(error: unknown): FormRefusal {
  if (error instanceof MalformedForm) return invalid(error.message);
  const { status, type } = error as { status?: unknown; type?: unknown };
  if (type === 'parameters.too.many') return tooLarge('Too many fields');
  if (type === 'charset.unsupported' || type === 'encoding.unsupported')
    return new FormRefusal(415, NOT_UTF8_FORM, 'unsupported_media_type');
  if (status === 413) return tooLarge(REFUSALS.tooLarge.body.message);
  return invalid(REFUSALS.unreadable.body.message);
}

const multipartParser = multer({
  storage: multer.memoryStorage(),
  // Names and file names as browsers send them: UTF-8.
  defParamCharset: 'utf8',
  limits: {
    fieldNameSize: FORM_LIMITS.fieldNameBytes,
    fieldSize: FORM_LIMITS.fieldValueBytes,
    fields: FORM_LIMITS.fields,
    fileSize: FORM_LIMITS.fileBytes,
    files: FORM_LIMITS.files,
    parts: FORM_LIMITS.parts,
    headerPairs: 200,
    // No field of the contract has a bracketed name: `a[b]` is refused, never turned into an object.
    fieldNestingDepth: 0,
  },
}).any();

const urlencodedParser: RequestHandler = express.urlencoded({
  extended: false,
  limit: FORM_LIMITS.urlencodedBytes,
  parameterLimit: FORM_LIMITS.urlencodedFields,
  verify: checkUrlencoded,
});

const replaced = (v: unknown) => typeof v === 'string' && v.includes('\uFFFD');

/** busboy reads bytes that are not UTF-8 as U+FFFD: a text field holding one was not UTF-8 as sent. */
function notUtf8Field(fields: Readonly<Record<string, unknown>>): string | undefined {
  for (const name in fields) {
    const value = fields[name];
    if (name.includes('\uFFFD') || (Array.isArray(value) ? value.some(replaced) : replaced(value))) return name;
  }
  return undefined;
}

/** A multipart body through multer; its errors, and text that was not UTF-8, become refusals. */
const parseMultipart: RequestHandler = (req, res, next) => {
  const coding = req.headers['content-encoding']?.trim().toLowerCase() ?? 'identity';
  if (coding !== 'identity') {
    next(new FormRefusal(415, NOT_UTF8_FORM, 'unsupported_media_type'));
    return;
  }
  multipartParser(req, res, (error?: unknown) => {
    if (error === undefined || error === null) {
      // multer leaves a body it does not take for multipart (a Content-Type it cannot parse) unread.
      if (req.body === undefined) {
        next(invalid(MALFORMED_MULTIPART));
        return;
      }
      const name = notUtf8Field(formOf(req).fields);
      next(name === undefined ? undefined : invalid(`${name}: is not valid UTF-8`));
    } else next(error instanceof multer.MulterError ? multerRefusal(error) : invalid(MALFORMED_MULTIPART));
  });
};

const parseUrlencoded: RequestHandler = (req, res, next) => {
  urlencodedParser(req, res, (error?: unknown) => {
    next(error === undefined || error === null ? undefined : urlencodedRefusal(error));
  });
};

/**
 * Reads the API's form into `req.body` (text fields, a repeated one as an array) and `req.files`. A
 * request without a Content-Type is an empty form only when it has no body.
 */
const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];
export const parseForm: RequestHandler = (req, res, next) => {
  // One look at the Content-Type names the parser.
  const type = req.is(FORM_TYPES);
  if (type === 'multipart/form-data') {
    parseMultipart(req, res, next);
    return;
  }
  if (type === 'application/x-www-form-urlencoded') {
    parseUrlencoded(req, res, next);
    return;
  }
  const { headers } = req;
  if (headers['content-type'] === undefined && !headers['content-length'] && !headers['transfer-encoding']) {
    req.body = {};
    next();
    return;
  }
  next(new FormRefusal(415, WRONG_TYPE, 'unsupported_media_type'));
};

/** The form `parseForm` read: its text fields and files. */
export function formOf(req: Request): {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly files: readonly IncomingFile[];
} {
  const body: unknown = req.body;
  return {
    fields: typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {},
    files: Array.isArray(req.files) ? req.files : [],
  };
}
