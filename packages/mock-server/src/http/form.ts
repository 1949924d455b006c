/**
 * The API's own form parsers, for a body already read into memory (see api-route.ts, which reads it
 * within the limits below): `application/x-www-form-urlencoded` and `multipart/form-data`, with every
 * check the API made with body-parser and multer before, and a few more: nothing is dropped silently.
 * A part without a name or with a malformed header, a field name with brackets or `__proto__`, text
 * that is not UTF-8: each is refused with a 4xx {@link FormRefusal}, never skipped or half-read.
 *
 * Fields come back in a null-prototype object (a repeated name as an array, in order): a field name
 * can never reach `Object.prototype`.
 */
import { isUtf8 } from 'node:buffer';
import { MAX_IMAGE_BYTES, type IncomingFile } from '@ebank/contract';

/** A form as the API reads it: text fields (a repeated one as an array, in order) and files. */
export interface Form {
  readonly fields: Readonly<Record<string, string | string[]>>;
  readonly files: readonly IncomingFile[];
}

/** Why a body is refused: the status and the JSON error's message and code. */
export class FormRefusal {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly message: string,
    readonly code: 'invalid_request' | 'payload_too_large' | 'unsupported_media_type',
  ) {}
}

export const FORM_LIMITS = {
  /** Bytes of a field name as sent. */
  fieldNameBytes: 100,
  /** Bytes of a multipart text field's value. */
  fieldValueBytes: 64 * 1024,
  /** Text fields of a multipart body. */
  fields: 60,
  files: 3,
  /** Bytes of one part's header block. */
  partHeaderBytes: 16 * 1024,
  fileBytes: MAX_IMAGE_BYTES,
  /** A urlencoded body, after any content encoding is undone. */
  urlencodedBytes: 256 * 1024,
  /** Parameters of a urlencoded body (counted as its `&`-separated pieces). */
  urlencodedFields: 100,
} as const;

/** Room for every multipart form the limits above allow; a larger body is refused before it is parsed. */
export const MAX_MULTIPART_BYTES =
  FORM_LIMITS.files * FORM_LIMITS.fileBytes +
  (FORM_LIMITS.files + FORM_LIMITS.fields) * (FORM_LIMITS.partHeaderBytes + 256) +
  FORM_LIMITS.fields * FORM_LIMITS.fieldValueBytes +
  64 * 1024;

const tooLarge = (message: string) => new FormRefusal(413, message, 'payload_too_large');
const invalid = (message: string) => new FormRefusal(400, message, 'invalid_request');

export const REFUSALS = {
  wrongType: new FormRefusal(
    415,
    'Send the body as multipart/form-data or application/x-www-form-urlencoded',
    'unsupported_media_type',
  ),
  notUtf8Form: new FormRefusal(415, 'Send the form in UTF-8, without a content encoding', 'unsupported_media_type'),
  tooLarge: tooLarge('The request is too large'),
  unreadable: invalid('The request body could not be read'),
  malformedMultipart: invalid('The multipart body is malformed'),
  badPercent: invalid('The form body has an invalid percent-escape'),
  badUtf8: invalid('The form body is not valid UTF-8'),
  tooManyFields: tooLarge('Too many fields'),
  tooManyFiles: tooLarge(`Too many files: at most ${FORM_LIMITS.files}`),
  longName: tooLarge('A field name is too long'),
  noName: invalid('A part of the form has no field name'),
} as const;

const fieldRefusal = {
  tooLong: (field: string) => tooLarge(`${field}: is too long`),
  fileTooLarge: (field: string) => tooLarge(`${field}: must be at most ${FORM_LIMITS.fileBytes / (1024 * 1024)} MB`),
  brackets: (field: string) => invalid(`${field}: is not a field name: names carry no brackets`),
  notAName: (field: string) => invalid(`${field}: is not a field name`),
  notUtf8: (field: string) => invalid(`${field}: is not valid UTF-8`),
};

/** Adds a field; a repeated name becomes an array (which the contract's decoder refuses). */
function addField(fields: Record<string, string | string[]>, name: string, value: string) {
  const prior = fields[name];
  if (prior === undefined) fields[name] = value;
  else if (typeof prior === 'string') fields[name] = [prior, value];
  else prior.push(value);
}

/** A name no field may have: `__proto__` would vanish in any plain object the form is copied into. */
const forbiddenName = (name: string) => name === '__proto__';

// ------------------------------------------------------------------------------------------------
// media types (Content-Type)

export interface MediaType {
  /** `type/subtype`, lowercased, without parameters. */
  readonly type: string;
  /** Parameters by lowercased name (the first of a repeated one); undefined when they are malformed. */
  readonly params: Readonly<Record<string, string>> | undefined;
}

// RFC 9110 tchar, and the bytes a quoted-string may hold unescaped (qdtext, with obs-text).
const TCHAR = new Uint8Array(256);
for (const c of "!#$%&'*+-.^_`|~") TCHAR[c.charCodeAt(0)] = 1;
for (let c = 0x30; c <= 0x39; c++) TCHAR[c] = 1;
for (let c = 0x41; c <= 0x5a; c++) TCHAR[c] = 1;
for (let c = 0x61; c <= 0x7a; c++) TCHAR[c] = 1;
const QDTEXT = new Uint8Array(256);
QDTEXT[0x09] = 1;
for (let c = 0x20; c <= 0xff; c++) QDTEXT[c] = c === 0x22 || c === 0x5c || c === 0x7f ? 0 : 1;

const isOws = (code: number) => code === 0x20 || code === 0x09;

/**
 * Parses `*( OWS ";" OWS name "=" ( token / quoted-string ) ) OWS` from `at` (RFC 9110 parameters,
 * strictly: anything else is malformed). Names ending in `*` (RFC 8187 extended values) are given
 * raw, for the caller to decode.
 */
function parseParams(text: string, at: number): Record<string, string> | undefined {
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  let i = at;
  const n = text.length;
  for (;;) {
    while (i < n && isOws(text.charCodeAt(i))) i++;
    if (i === n) return params;
    if (text.charCodeAt(i) !== 0x3b) return undefined;
    i++;
    while (i < n && isOws(text.charCodeAt(i))) i++;
    const nameStart = i;
    while (i < n && TCHAR[text.charCodeAt(i)] === 1) i++;
    if (i === nameStart || i === n || text.charCodeAt(i) !== 0x3d) return undefined;
    const name = text.slice(nameStart, i).toLowerCase();
    i++;
    let value: string;
    if (text.charCodeAt(i) === 0x22) {
      value = '';
      let start = ++i;
      for (;;) {
        if (i >= n) return undefined;
        const code = text.charCodeAt(i);
        if (code === 0x22) break;
        if (code === 0x5c) {
          // quoted-pair: the next character stands for itself
          const next = text.charCodeAt(i + 1);
          if (i + 1 >= n || (next !== 0x09 && (next < 0x20 || next === 0x7f || next > 0xff))) return undefined;
          value += text.slice(start, i);
          start = i + 1;
          i += 2;
          continue;
        }
        if (QDTEXT[code] !== 1 || code > 0xff) return undefined;
        i++;
      }
      value += text.slice(start, i);
      i++;
    } else {
      const valueStart = i;
      while (i < n && TCHAR[text.charCodeAt(i)] === 1) i++;
      if (i === valueStart) return undefined;
      value = text.slice(valueStart, i);
    }
    params[name] ??= value;
  }
}

/** The text before `;` (or the end), without surrounding optional whitespace, lowercased. */
function leadingType(header: string, end: number): string {
  let start = 0;
  let stop = end;
  while (start < stop && isOws(header.charCodeAt(start))) start++;
  while (stop > start && isOws(header.charCodeAt(stop - 1))) stop--;
  return header.slice(start, stop).toLowerCase();
}

/** Short headers already parsed (a client sends the same Content-Type again and again). */
const mediaTypes = new Map<string, MediaType>();

/** Parses a Content-Type: the media type (before any `;`), and its parameters when well formed. */
export function parseMediaType(header: string): MediaType {
  const known = mediaTypes.get(header);
  if (known) return known;
  const semicolon = header.indexOf(';');
  const params = semicolon === -1 ? {} : parseParams(header, semicolon);
  const parsed: MediaType = Object.freeze({
    type: leadingType(header, semicolon === -1 ? header.length : semicolon),
    params: params && Object.freeze(params),
  });
  if (header.length <= 256) {
    if (mediaTypes.size >= 256) mediaTypes.clear();
    mediaTypes.set(header, parsed);
  }
  return parsed;
}

// ------------------------------------------------------------------------------------------------
// application/x-www-form-urlencoded

export type FormCharset = 'utf-8' | 'iso-8859-1';

const decodeLatin1Escapes = (text: string) =>
  text.replace(/%[0-9A-Fa-f]{2}/gu, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));

/** `+` is a space, then percent-escapes (already checked well formed). */
function decodeComponent(text: string, charset: FormCharset): string {
  const spaced = text.includes('+') ? text.replace(/\+/gu, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  return charset === 'utf-8' ? decodeURIComponent(spaced) : decodeLatin1Escapes(spaced);
}

/**
 * A urlencoded body (WHATWG form-urlencoded: `&`-separated `name=value` pairs, `+` for a space,
 * percent-escapes): every `%` must start an escape and, in UTF-8, the bytes and the escapes must be
 * UTF-8; at most {@link FORM_LIMITS.urlencodedFields} pieces. An empty piece is skipped; an empty name
 * is kept (and refused by the decoder as an unknown field).
 */
export function parseUrlencoded(body: Buffer, charset: FormCharset): Form | FormRefusal {
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  const form: Form = { fields, files: [] };
  // Checked in this order: escapes, then UTF-8, then the count.
  const escaped = body.includes(0x25);
  if (escaped && /%(?![0-9A-Fa-f]{2})/u.test(body.toString('latin1'))) return REFUSALS.badPercent;
  let text: string;
  if (charset === 'utf-8') {
    // A byte-order mark is not part of the form.
    const bytes = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? body.subarray(3) : body;
    if (!isUtf8(bytes)) return REFUSALS.badUtf8;
    text = bytes.toString('utf8');
    if (escaped)
      try {
        decodeURIComponent(text);
      } catch {
        return REFUSALS.badUtf8;
      }
  } else {
    text = body.toString('latin1');
  }
  if (text.length === 0) return form;
  let count = 1;
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1))
    if (++count > FORM_LIMITS.urlencodedFields) return REFUSALS.tooManyFields;
  for (const piece of text.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = decodeComponent(eq === -1 ? piece : piece.slice(0, eq), charset);
    const value = eq === -1 ? '' : decodeComponent(piece.slice(eq + 1), charset);
    if (forbiddenName(name)) return fieldRefusal.notAName(name);
    addField(fields, name, value);
  }
  return form;
}

// ------------------------------------------------------------------------------------------------
// multipart/form-data

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;

/** Bytes a header value may hold: HTAB, SP, visible ASCII, and obs-text. */
const VCHAR = new Uint8Array(256);
VCHAR[0x09] = 1;
for (let c = 0x20; c <= 0xff; c++) VCHAR[c] = c === 0x7f ? 0 : 1;

interface PartHeaders {
  readonly disposition: string | undefined;
  readonly contentType: string | undefined;
  /** Where the part's content starts. */
  readonly contentStart: number;
}

/**
 * A part's header block from `at` up to and including its empty line: `name: value` lines (a line
 * starting with a space or tab continues the one before). Undefined when malformed, empty, or
 * longer than {@link FORM_LIMITS.partHeaderBytes}.
 */
function parsePartHeaders(body: Buffer, at: number): PartHeaders | undefined {
  const limit = Math.min(body.length, at + FORM_LIMITS.partHeaderBytes);
  let disposition: string | undefined;
  let contentType: string | undefined;
  let last: 'disposition' | 'contentType' | 'other' | undefined;
  let i = at;
  for (;;) {
    const end = body.indexOf('\r\n', i, 'latin1');
    if (end === -1 || end + 2 > limit) return undefined;
    if (end === i) {
      if (last === undefined) return undefined;
      return { disposition, contentType, contentStart: end + 2 };
    }
    for (let k = i; k < end; k++) if (VCHAR[body[k] ?? 0] !== 1) return undefined;
    const first = body[i] ?? 0;
    if (first === 0x20 || first === 0x09) {
      // A folded line continues the value before it.
      if (last === undefined) return undefined;
      const more = body.toString('latin1', i, end);
      if (last === 'disposition') disposition = `${disposition ?? ''}${more}`;
      else if (last === 'contentType') contentType = `${contentType ?? ''}${more}`;
    } else {
      let colon = i;
      while (colon < end && TCHAR[body[colon] ?? 0] === 1) colon++;
      if (colon === i || colon === end || body[colon] !== 0x3a) return undefined;
      const name = body.toString('latin1', i, colon).toLowerCase();
      let valueStart = colon + 1;
      while (valueStart < end && isOws(body[valueStart] ?? 0)) valueStart++;
      const value = body.toString('latin1', valueStart, end);
      // The first of a repeated header counts.
      if (name === 'content-disposition' && disposition === undefined) {
        disposition = value;
        last = 'disposition';
      } else if (name === 'content-type' && contentType === undefined) {
        contentType = value;
        last = 'contentType';
      } else {
        last = 'other';
      }
    }
    i = end + 2;
  }
}

/** A header parameter's bytes (held one per character) as UTF-8 text, or undefined if they are not UTF-8. */
function utf8OfLatin1(text: string): string | undefined {
  if (!/[^\u0000-\u007f]/u.test(text)) return text;
  const bytes = Buffer.from(text, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : undefined;
}

/** Browsers escape `"`, CR and LF in names and file names as %22, %0D and %0A (WHATWG HTML). */
const unescapeName = (text: string) =>
  text.includes('%')
    ? text.replace(/%0A|%0D|%22/giu, (m) => (m === '%22' ? '"' : m.toUpperCase() === '%0A' ? '\n' : '\r'))
    : text;

/** The last path segment of a file name (`..` and `.` are none). */
function basename(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const base = cut === -1 ? path : path.slice(cut + 1);
  return base === '..' || base === '.' ? '' : base;
}

/** An RFC 8187 extended value (`UTF-8''%E2%82%AC.png`), or undefined when malformed. */
function extendedValue(raw: string): string | undefined {
  const match = /^([!#$%&+\-^_`{}~0-9A-Za-z]+)'[^']*'((?:[!#$&+\-.^_`|~0-9A-Za-z]|%[0-9A-Fa-f]{2})*)$/u.exec(raw);
  if (!match) return undefined;
  const [, charset = '', encoded = ''] = match;
  const bytes = Buffer.from(decodeLatin1Escapes(encoded), 'latin1');
  return /^utf-?8$/iu.test(charset) ? bytes.toString('utf8') : bytes.toString('latin1');
}

interface Disposition {
  /** The field name as sent (bytes one per character), before any escape is undone. */
  readonly rawName: string | undefined;
  readonly filename: string | undefined;
}

/** `form-data; name="..."[; filename="..."]`; undefined when it is another type or malformed. */
function parseDisposition(header: string): Disposition | undefined {
  const { type, params } = parseMediaType(header);
  if (type !== 'form-data' || params === undefined) return undefined;
  let filename = params.filename;
  const extended = params['filename*'];
  if (extended !== undefined) {
    filename = extendedValue(extended);
    if (filename === undefined) return undefined;
  }
  return { rawName: params.name, filename };
}

/** How a text part's bytes are read: UTF-8 unless its Content-Type names another charset. */
function partCharset(contentType: string | undefined): FormCharset | undefined {
  if (contentType === undefined) return 'utf-8';
  const charset = parseMediaType(contentType).params?.charset?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8' || charset === 'us-ascii') return 'utf-8';
  if (charset === 'iso-8859-1' || charset === 'latin1') return 'iso-8859-1';
  return undefined;
}

/**
 * A multipart/form-data body (RFC 7578) with this boundary. Parts are read in order, and the first
 * problem is the answer: a malformed delimiter or part header (400), a part without a name (400), a
 * name that is too long (413), has brackets or is `__proto__` (400), more than 60 text fields or 3
 * files (413), a text value over 64 kB or a file over the image limit (413), text that is not UTF-8
 * (400) or in a charset other than UTF-8 or ISO-8859-1 (415), and no closing delimiter (400). Every
 * part is a text field or a file (a file when it has a file name; an empty file with an empty name is
 * no file at all, a file input left empty), so those two limits bound the parts too.
 */
export function parseMultipart(body: Buffer, boundary: string): Form | FormRefusal {
  if (boundary === '') return REFUSALS.malformedMultipart;
  const fields: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  const files: IncomingFile[] = [];
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  /** Whether `--boundary` (the delimiter without its CRLF) stands at `at`. */
  const dashBoundaryAt = (at: number) =>
    body.length >= at + delimiter.length - 2 &&
    body.compare(delimiter, 2, delimiter.length, at, at + delimiter.length - 2) === 0;
  // The first delimiter may start the body (the CRLF before it is then implied).
  let end: number;
  if (dashBoundaryAt(0)) end = delimiter.length - 2;
  else {
    const first = body.indexOf(delimiter);
    if (first === -1) return REFUSALS.malformedMultipart;
    end = first + delimiter.length;
  }
  let textFields = 0;
  let fileCount = 0;
  for (;;) {
    // After a delimiter: `--` closes the form (whatever follows is ignored), CRLF starts a part.
    if (body[end] === DASH && body[end + 1] === DASH) return { fields, files };
    if (body[end] !== CR || body[end + 1] !== LF) return REFUSALS.malformedMultipart;
    const headers = parsePartHeaders(body, end + 2);
    if (headers === undefined) return REFUSALS.malformedMultipart;
    // Content that starts with `--boundary`: parsers differ on whether the blank line closing the headers
    // also opens a delimiter, so such a form reads two ways and is refused.
    if (dashBoundaryAt(headers.contentStart)) return REFUSALS.malformedMultipart;
    if (headers.disposition === undefined) return REFUSALS.noName;
    const disposition = parseDisposition(headers.disposition);
    if (disposition === undefined) return REFUSALS.malformedMultipart;
    const isFile = disposition.filename !== undefined;
    if (isFile) {
      if (++fileCount > FORM_LIMITS.files) return REFUSALS.tooManyFiles;
    } else if (++textFields > FORM_LIMITS.fields) return REFUSALS.tooManyFields;

    const next = body.indexOf(delimiter, headers.contentStart);
    const contentEnd = next === -1 ? body.length : next;
    const size = contentEnd - headers.contentStart;
    const { rawName } = disposition;
    if (rawName === undefined || rawName === '') return REFUSALS.noName;
    if (rawName.length > FORM_LIMITS.fieldNameBytes) return REFUSALS.longName;
    const decodedName = utf8OfLatin1(rawName);
    if (decodedName === undefined) return fieldRefusal.notUtf8(unescapeName(rawName));
    const name = unescapeName(decodedName);
    if (isFile && size > FORM_LIMITS.fileBytes) return fieldRefusal.fileTooLarge(name);
    if (!isFile && size > FORM_LIMITS.fieldValueBytes) return fieldRefusal.tooLong(name);
    // The form never closes: the body was cut short.
    if (next === -1) return REFUSALS.malformedMultipart;
    if (name.includes('[')) return fieldRefusal.brackets(name);
    if (forbiddenName(name)) return fieldRefusal.notAName(name);

    const content = body.subarray(headers.contentStart, contentEnd);
    if (isFile) {
      const originalname = unescapeName(basename(disposition.filename));
      if (originalname !== '' || size > 0) files.push({ fieldname: name, originalname, size, buffer: content });
    } else {
      const charset = partCharset(headers.contentType);
      if (charset === undefined) return REFUSALS.notUtf8Form;
      if (charset === 'utf-8' && !isUtf8(content)) return fieldRefusal.notUtf8(name);
      addField(fields, name, content.toString(charset === 'utf-8' ? 'utf8' : 'latin1'));
    }
    end = next + delimiter.length;
  }
}

// ------------------------------------------------------------------------------------------------
// which form a request carries

/** What a request's Content-Type says its body is. */
export type FormKind =
  | { readonly kind: 'multipart'; readonly boundary: string }
  | { readonly kind: 'urlencoded'; readonly charset: FormCharset }
  /** No Content-Type and no body: an empty form. */
  | { readonly kind: 'none' };

const NO_FORM: FormKind = { kind: 'none' };

/**
 * The form a request's Content-Type announces: multipart/form-data (with a boundary), or
 * application/x-www-form-urlencoded in UTF-8 or ISO-8859-1; no Content-Type only when there is no
 * body. Anything else is refused before the body is read.
 */
export function formKind(contentType: string | undefined, hasBody: boolean): FormKind | FormRefusal {
  if (contentType === undefined) return hasBody ? REFUSALS.wrongType : NO_FORM;
  const { type, params } = parseMediaType(contentType);
  if (type === 'multipart/form-data') {
    const boundary = params?.boundary;
    return boundary === undefined || boundary === '' ? REFUSALS.malformedMultipart : { kind: 'multipart', boundary };
  }
  if (type === 'application/x-www-form-urlencoded') {
    // Parameters that cannot be read leave the charset unknown.
    const charset = params === undefined ? undefined : (params.charset?.toLowerCase() ?? 'utf-8');
    return charset === 'utf-8' || charset === 'iso-8859-1' ? { kind: 'urlencoded', charset } : REFUSALS.notUtf8Form;
  }
  return REFUSALS.wrongType;
}

/** The most a body of this kind may hold (after any content encoding is undone). */
export const bodyLimit = (kind: FormKind): number =>
  kind.kind === 'multipart' ? MAX_MULTIPART_BYTES : FORM_LIMITS.urlencodedBytes;

/** Parses a body that was read whole. */
export function parseForm(kind: FormKind, body: Buffer): Form | FormRefusal {
  if (kind.kind === 'multipart') return parseMultipart(body, kind.boundary);
  if (kind.kind === 'urlencoded') return parseUrlencoded(body, kind.charset);
  return body.length === 0 ? { fields: {}, files: [] } : REFUSALS.wrongType;
}
