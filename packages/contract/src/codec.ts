/**
 * The wire codec, used by both sides. `encode` turns a typed call into the exact body and query the
 * host expects; `decode` finds the one operation a received request names, validates it against the
 * contract and returns it typed, or a typed error that says what is wrong, field by field.
 */
import { z } from './zod';
import type { IncomingFile } from './files';
import { withBareReasons } from './fields';
import { checkFile } from './image-inspect';
import type { OperationDef, OperationInput, OperationReceived } from './operation';
import { selectorLabel } from './operation';
import { operations, operationNames, type OperationName, type Operations } from './operations';
import type { FieldIssue } from './replies';
import {
  encodeRequest,
  MAX_MARKER_LENGTH,
  MAX_TOKEN_LENGTH,
  TOKEN_FIELD,
  type EncodedRequest,
  type EncodeOptions,
} from './wire';

export * from './wire';

const byMarker = new Map<string, OperationName>();
const byCrud = new Map<string, OperationName>();
for (const name of operationNames) {
  const { selector } = operations[name];
  if ('marker' in selector) byMarker.set(selector.marker, name);
  else byCrud.set(selector.crud, name);
}

/** The operation a wire selector names, if any. */
export const operationForMarker = (marker: string) => byMarker.get(marker);
export const operationForCrud = (crud: string) => byCrud.get(crud);

// ------------------------------------------------------------------------------------------------
// encode

/** A call's body and query for an operation of the contract, by its name. */
export function encode<K extends OperationName>(
  name: K,
  input: OperationInput<Operations[K]>,
  options: EncodeOptions = {},
): EncodedRequest {
  return encodeRequest<OperationDef>(operations[name], input, options);
}

// ------------------------------------------------------------------------------------------------
// decode

export type DecodeErrorCode = 'no_operation' | 'several_operations' | 'unknown_crud' | 'invalid_request';

export interface DecodeFailure {
  readonly ok: false;
  readonly code: DecodeErrorCode;
  readonly message: string;
  readonly issues: readonly FieldIssue[];
}

/** A decoded request of each operation: its name, its definition and its validated, typed input. */
type DecodedOf<N extends OperationName> = {
  [K in N]: {
    readonly ok: true;
    readonly name: K;
    readonly operation: Operations[K];
    readonly input: OperationReceived<Operations[K]>;
    /** The `token` field, when one was sent with a marker operation. */
    readonly token: string | undefined;
  };
}[N];
export type Decoded = DecodedOf<OperationName>;

/**
 * Pairs a name with its operation and input. The input has just been validated by that operation's own
 * request schema and file specs, which is what its type says.
 */
function decoded<K extends OperationName>(name: K, input: Record<string, unknown>, token: string | undefined) {
  const result: DecodedOf<K> = {
    ok: true,
    name,
    operation: operations[name],
    input: input as OperationReceived<Operations[K]>,
    token,
  };
  return result;
}

const failure = (code: DecodeErrorCode, message: string, issues: FieldIssue[] = []): DecodeFailure => ({
  ok: false,
  code,
  message,
  issues,
});

const issue = (field: string, message: string): FieldIssue => ({ field, message: `${field}: ${message}` });

/** One text value per field: multer turns a repeated field into an array, an extended parser into an object. */
function singleValue(field: string, value: unknown, issues: FieldIssue[]): string | undefined {
  if (typeof value === 'string') return value;
  issues.push(issue(field, Array.isArray(value) ? 'was sent more than once' : 'must be a single text value'));
  return undefined;
}

function zodIssues(error: z.core.$ZodError, label: string): FieldIssue[] {
  return error.issues.flatMap((i): FieldIssue[] => {
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => issue(k, `is not a field of ${label}`));
    const field = i.path.map(String).join('.') || 'body';
    if (i.code === 'invalid_union' && 'discriminator' in i && i.discriminator)
      return [issue(field, 'is not one of the accepted values')];
    return [issue(field, i.message)];
  });
}

/**
 * Finds the one operation a request names and validates it.
 * @param query the URL query (only `crud` is read)
 * @param fields the text fields as the body parser gives them (repeated fields as arrays)
 * @param files the uploaded files
 */
export function decode(
  query: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, unknown>>,
  files: readonly IncomingFile[] = [],
): Decoded | DecodeFailure {
  const crudRaw = query.crud;
  if (crudRaw !== undefined && typeof crudRaw !== 'string')
    return failure('invalid_request', 'crud: must be given once', [issue('crud', 'must be given once')]);
  const markers = Object.keys(fields).filter((key) => byMarker.has(key));
  if (crudRaw !== undefined && !byCrud.has(crudRaw))
    return failure('unknown_crud', `Unknown crud '${crudRaw}'`, [issue('crud', `'${crudRaw}' is not an operation`)]);
  const named = [...(crudRaw === undefined ? [] : [`crud=${crudRaw}`]), ...markers];
  if (named.length === 0)
    return failure(
      'no_operation',
      'No operation: the body must carry one action marker field (such as getinstituition) or the URL ?crud=',
    );
  if (named.length > 1)
    return failure('several_operations', `One operation per request, but this one names ${named.join(', ')}`);

  const name = crudRaw === undefined ? byMarker.get(markers[0] ?? '') : byCrud.get(crudRaw);
  if (name === undefined) return failure('no_operation', 'No operation');
  const operation: OperationDef = operations[name];
  const label = selectorLabel(operation.selector);
  const issues: FieldIssue[] = [];
  // No prototype: a field named `__proto__` is a field like any other (and refused as unknown), never dropped.
  const values = Object.create(null) as Record<string, string>;
  let token: string | undefined;

  for (const [key, raw] of Object.entries(fields)) {
    const value = singleValue(key, raw, issues);
    if (value === undefined) continue;
    if ('marker' in operation.selector && key === operation.selector.marker) {
      if (value === '') issues.push(issue(key, 'must not be empty'));
      else if (value.length > MAX_MARKER_LENGTH)
        issues.push(issue(key, `must be at most ${MAX_MARKER_LENGTH} characters`));
    } else if (key === TOKEN_FIELD) {
      if (value.length > MAX_TOKEN_LENGTH) issues.push(issue(key, `must be at most ${MAX_TOKEN_LENGTH} characters`));
      else token = value === '' ? undefined : value;
    } else if (Object.hasOwn(operation.files, key)) {
      issues.push(issue(key, 'must be a file'));
    } else {
      values[key] = value;
    }
  }

  const parsed = z.safeDecode(operation.request, values);
  if (!parsed.success) issues.push(...withBareReasons(() => zodIssues(parsed.error, label)));

  const received: Record<string, unknown> = {};
  const seen = new Set<string>();
  for (const file of files) {
    const spec = Object.hasOwn(operation.files, file.fieldname) ? operation.files[file.fieldname] : undefined;
    if (spec === undefined) {
      issues.push(issue(file.fieldname, `is not a file field of ${label}`));
    } else if (seen.has(file.fieldname)) {
      issues.push(issue(file.fieldname, 'takes one file only'));
    } else {
      seen.add(file.fieldname);
      const checked = checkFile(spec, file);
      if (typeof checked === 'string') issues.push(issue(file.fieldname, checked));
      else received[file.fieldname] = checked;
    }
  }
  for (const field of Object.keys(operation.files))
    if (!seen.has(field) && !issues.some((i) => i.field === field)) issues.push(issue(field, 'a file is required'));

  if (issues.length > 0 || !parsed.success) {
    const shown = issues.slice(0, 5).map((i) => i.message);
    const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
    return failure('invalid_request', `Invalid ${label} request: ${shown.join('; ')}${more}`, issues);
  }
  return decoded(name, { ...parsed.data, ...received }, token);
}

// ------------------------------------------------------------------------------------------------
// a received form, as `decode` takes it

/** Text fields as a form's parsers give them: a name sent more than once holds its values in the order sent. */
export type ReceivedFields = Record<string, string | string[]>;

/** A form as received: its text fields and its files, with their bytes. */
export interface ReceivedForm {
  readonly fields: ReceivedFields;
  readonly files: IncomingFile[];
}

/**
 * Adds a text value to `fields`; a name already there becomes a list, as the server's body parsers make it.
 * Every name is an own field, `__proto__` too (which `decode` then refuses as unknown).
 */
function addField(fields: ReceivedFields, name: string, value: string): void {
  const prior = Object.hasOwn(fields, name) ? fields[name] : undefined;
  const next = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
  if (name === '__proto__')
    Object.defineProperty(fields, name, { value: next, enumerable: true, writable: true, configurable: true });
  else fields[name] = next;
}

/** Reads text entries (a URL's query, a urlencoded body's `URLSearchParams`) as {@link ReceivedFields}. */
export function receiveFields(entries: Iterable<[string, string]>): ReceivedFields {
  const fields: ReceivedFields = {};
  for (const [name, value] of entries) addField(fields, name, value);
  return fields;
}

/**
 * Reads a form's entries (a `FormData`, or the `URLSearchParams` of a urlencoded body) into the fields and
 * files `decode` takes, as the server reads them with multer and express.urlencoded.
 */
export async function receiveForm(entries: Iterable<[string, FormDataEntryValue]>): Promise<ReceivedForm> {
  const fields: ReceivedFields = {};
  const files: IncomingFile[] = [];
  for (const [name, value] of entries) {
    if (typeof value === 'string') addField(fields, name, value);
    else {
      const buffer = new Uint8Array(await value.arrayBuffer());
      files.push({ fieldname: name, originalname: value.name, size: buffer.length, buffer });
    }
  }
  return { fields, files };
}
