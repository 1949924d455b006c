/**
 * The host's wire, as a client writes it: the path, the marker and token fields, the two form encodings,
 * and `encodeRequest`, which turns one operation's typed input into the exact body and query the host
 * expects. It reads only the operation it is given, so a client of one part of the contract loads no other.
 */
import { z } from './zod';
import { selectorLabel, type OperationDef, type OperationInput } from './operation';

/** Every call goes to this path under the API base (which ends with `/`). */
export const API_PATH = 'api/users.php';
/** The body field that carries the user or temporary token on marker operations. */
export const TOKEN_FIELD = 'token';
/** What the client puts in a marker field; the host accepts any non-empty value. */
export const MARKER_VALUE = '1';
/** Longest marker value and token accepted. */
export const MAX_MARKER_LENGTH = 100;
export const MAX_TOKEN_LENGTH = 4096;

export type WireEncoding = 'multipart' | 'urlencoded';
export const CONTENT_TYPES = {
  multipart: 'multipart/form-data',
  urlencoded: 'application/x-www-form-urlencoded',
} as const satisfies Record<WireEncoding, string>;

// ------------------------------------------------------------------------------------------------
// encode

export interface EncodeOptions {
  /** Sent as the `token` field on marker operations (never on crud ones). */
  readonly token?: string | undefined;
  /** Without files the body may use either form encoding; with files it is always multipart. */
  readonly encoding?: WireEncoding;
}

export interface EncodedRequest {
  readonly path: typeof API_PATH;
  readonly query: Readonly<Record<string, string>>;
  /** `''` or `?crud=...`, ready to append to the URL. */
  readonly search: string;
  /** The text fields, in the order they are sent. */
  readonly fields: readonly (readonly [string, string])[];
  readonly files: readonly (readonly [string, Blob])[];
  readonly encoding: WireEncoding;
  readonly body: FormData | URLSearchParams;
}

const fileName = (blob: Blob) =>
  typeof File !== 'undefined' && blob instanceof File && blob.name ? blob.name : 'upload';

/** A call's body and query for one operation, from its typed input. */
export function encodeRequest<Op extends OperationDef>(
  operation: Op,
  input: OperationInput<Op>,
  options: EncodeOptions = {},
): EncodedRequest {
  const { selector } = operation;
  const name = selectorLabel(selector);
  const entries: [string, unknown][] = Object.entries(input as Record<string, unknown>);
  const isFile = (key: string) => Object.hasOwn(operation.files, key);
  const values = Object.fromEntries(entries.filter(([key]) => !isFile(key)));
  const files = Object.keys(operation.files).map((field): readonly [string, Blob] => {
    const blob = entries.find(([key]) => key === field)?.[1];
    if (!(blob instanceof Blob)) throw new TypeError(`${name}: ${field} must be a file`);
    return [field, blob];
  });
  const wire = z.encode(operation.request, values);
  const fields: (readonly [string, string])[] = [];
  if ('marker' in selector) {
    fields.push([selector.marker, MARKER_VALUE]);
    if (options.token) fields.push([TOKEN_FIELD, options.token]);
  }
  for (const [key, value] of Object.entries(wire)) if (value !== undefined) fields.push([key, value]);

  const query: Record<string, string> = 'crud' in selector ? { crud: selector.crud } : {};
  const search = 'crud' in selector ? `?${new URLSearchParams(query).toString()}` : '';
  const encoding: WireEncoding = files.length > 0 ? 'multipart' : (options.encoding ?? 'urlencoded');
  let body: FormData | URLSearchParams;
  if (encoding === 'multipart') {
    const form = new FormData();
    for (const [key, value] of fields) form.append(key, value);
    for (const [key, blob] of files) form.append(key, blob, fileName(blob));
    body = form;
  } else {
    body = new URLSearchParams(fields.map(([k, v]) => [k, v]));
  }
  return { path: API_PATH, query, search, fields, files, encoding, body };
}
