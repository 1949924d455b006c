import type { z } from 'zod';
import type { FileSpec, UploadedFile } from './files';

/** Which token an operation needs: the user's, the temporary KYC token, or none. */
export type Auth = 'user' | 'kyc' | 'none';
/** Reads are queries even though every call is a POST; everything else is a mutation. */
export type Kind = 'query' | 'mutation';
/** What selects the operation on the wire: the NAME of a marker field, or `?crud=`. */
export type Selector = { readonly marker: string } | { readonly crud: string };

/** The request fields: a strict object of field codecs, or a union of them told apart by a literal. */
export type RequestSchema = z.ZodType<Record<string, unknown>, Record<string, string | undefined>>;

export interface OperationDef<
  Req extends RequestSchema = RequestSchema,
  Files extends Readonly<Record<string, FileSpec>> = Readonly<Record<string, FileSpec>>,
  Rep extends z.ZodType = z.ZodType,
> {
  readonly selector: Selector;
  readonly auth: Auth;
  readonly kind: Kind;
  readonly summary: string;
  readonly request: Req;
  readonly files: Files;
  readonly reply: Rep;
}

/** The typed text fields; an operation without any has `object` (zod types it as `Record<string, never>`). */
type Fields<Op extends OperationDef> =
  Record<string, never> extends z.output<Op['request']> ? object : z.output<Op['request']>;

/** What the client passes: typed fields plus a Blob per file field. */
export type OperationInput<Op extends OperationDef> = Fields<Op> & {
  readonly [K in keyof Op['files']]: Blob;
};
/** What the server receives after decoding: typed fields plus a checked file per file field. */
export type OperationReceived<Op extends OperationDef> = Fields<Op> & {
  readonly [K in keyof Op['files']]: UploadedFile;
};
/** The reply as the client reads it. */
export type OperationReply<Op extends OperationDef> = z.output<Op['reply']>;
/** The reply as a server may send it. */
export type OperationReplyWire<Op extends OperationDef> = z.input<Op['reply']>;

export const selectorLabel = (selector: Selector) => ('marker' in selector ? selector.marker : `crud=${selector.crud}`);
