/**
 * What one operation is made of, and the types both sides derive from it. An operation is a ts-rest route
 * (operations.ts): its wire selector, token kind and query/mutation in `metadata`, its fields and files in
 * `body`, its reply as the 200 response.
 */
import { z } from './zod';
import type { FileSpec, UploadedFile } from './files';

/** Which token an operation needs: the user's, the temporary KYC token, or none. */
export type Auth = 'user' | 'kyc' | 'none';
/** Reads are queries even though every call is a POST; everything else is a mutation. */
export type Kind = 'query' | 'mutation';
/** What selects the operation on the wire: the NAME of a marker field, or `?crud=`. */
export type Selector = { readonly marker: string } | { readonly crud: string };

/** The request fields: a strict object of field codecs, or a union of them told apart by a literal. */
export type RequestSchema = z.ZodMiniType<Record<string, unknown>, Record<string, string | undefined>>;
export type FileSpecs = Readonly<Record<string, FileSpec>>;

/** A route's `metadata`: how the wire names it, which token it carries, whether it reads or writes. */
export interface OperationMeta<S extends Selector = Selector, A extends Auth = Auth, K extends Kind = Kind> {
  readonly selector: S;
  readonly auth: A;
  readonly kind: K;
}

/** The typed text fields; an operation without any has `object` (zod types it as `Record<string, never>`). */
type FieldsOf<Req extends RequestSchema> = Record<string, never> extends z.output<Req> ? object : z.output<Req>;

/** What a client passes: typed fields plus a Blob per file field. */
export type BodyInput<Req extends RequestSchema, Files extends FileSpecs> = FieldsOf<Req> & {
  readonly [K in keyof Files]: Blob;
};

/**
 * A route's body. ts-rest types a body by its schema's input side, which for the field codecs is the wire's
 * text; this wrapper is a Standard Schema whose input is the typed values, so a client passes dates, amounts
 * and flags as such. It holds the field codecs and file specs the wire codec (codec.ts) encodes and decodes
 * with; validating a body encodes it, so a value the wire cannot carry is refused.
 */
export interface RequestBody<Req extends RequestSchema = RequestSchema, Files extends FileSpecs = FileSpecs> {
  readonly fields: Req;
  readonly files: Files;
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'ebank';
    readonly validate: (
      value: unknown,
    ) => { readonly value: BodyInput<Req, Files> } | { readonly issues: readonly { readonly message: string }[] };
    readonly types?: { readonly input: BodyInput<Req, Files>; readonly output: BodyInput<Req, Files> };
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function requestBody<Req extends RequestSchema, Files extends FileSpecs>(
  fields: Req,
  files: Files,
): RequestBody<Req, Files> {
  const validate = (value: unknown) => {
    if (!isRecord(value)) return { issues: [{ message: 'The body must be an object' }] };
    const missing = Object.keys(files).filter((field) => !(value[field] instanceof Blob));
    if (missing.length > 0) return { issues: missing.map((field) => ({ message: `${field}: a file is required` })) };
    const text = Object.fromEntries(Object.entries(value).filter(([key]) => !Object.hasOwn(files, key)));
    const encoded = z.safeEncode<RequestSchema>(fields, text);
    if (!encoded.success) return { issues: encoded.error.issues.map((issue) => ({ message: issue.message })) };
    return { value: value as BodyInput<Req, Files> };
  };
  return { fields, files, '~standard': { version: 1, vendor: 'ebank', validate } };
}

/** One operation as both sides read it: the route's metadata, fields, files and reply under plain names. */
export interface OperationDef<
  Req extends RequestSchema = RequestSchema,
  Files extends FileSpecs = FileSpecs,
  Rep extends z.ZodMiniType = z.ZodMiniType,
> extends OperationMeta {
  readonly summary: string;
  readonly request: Req;
  readonly files: Files;
  readonly reply: Rep;
}

/** What the client passes: typed fields plus a Blob per file field. */
export type OperationInput<Op extends OperationDef> = BodyInput<Op['request'], Op['files']>;
/** What the server receives after decoding: typed fields plus a checked file per file field. */
export type OperationReceived<Op extends OperationDef> = FieldsOf<Op['request']> & {
  readonly [K in keyof Op['files']]: UploadedFile;
};
/** The reply as the client reads it. */
export type OperationReply<Op extends OperationDef> = z.output<Op['reply']>;
/** The reply as a server may send it. */
export type OperationReplyWire<Op extends OperationDef> = z.input<Op['reply']>;

export const selectorLabel = (selector: Selector) => ('marker' in selector ? selector.marker : `crud=${selector.crud}`);
