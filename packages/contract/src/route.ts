/**
 * How an operation becomes a ts-rest route (decision 0022), and the plain view of a route both sides read.
 * The contract's two parts (`auth-operations.ts`, `dashboard-operations.ts`) are built with it, so that a
 * client of one part loads only that part's schemas (decision 0030).
 */
import { initContract } from '@ts-rest/core';
import { z } from './zod';
import {
  requestBody,
  type Auth,
  type FileSpecs,
  type Kind,
  type OperationDef,
  type RequestSchema,
  type Selector,
} from './operation';
import { ErrorReplySchema } from './replies';

/** ts-rest's contract builder, shared by the contract's parts. */
export const c = initContract();

/** Every call is a POST to this path under the API base. */
export const API_ROUTE_PATH = '/api/users.php';

export const marker = <const N extends string>(name: N) => ({ marker: name });
export const crud = <const N extends string>(name: N) => ({ crud: name });

/** An operation without text fields. */
export const noFields = z.strictObject({});
const noFiles = {} as const;

/**
 * One operation as a route. Its selector, token and kind keep their literal types in `metadata`, so the
 * client can tell reads from writes and the server can find the route by its marker or crud.
 */
export function operation<
  const S extends Selector,
  const A extends Auth,
  const K extends Kind,
  Rep extends z.ZodMiniType,
  Req extends RequestSchema = typeof noFields,
  Files extends FileSpecs = typeof noFiles,
>(meta: { selector: S; auth: A; kind: K; summary: string }, schemas: { request?: Req; files?: Files; reply: Rep }) {
  const { selector, auth, kind, summary } = meta;
  const files = schemas.files ?? (noFiles as Files);
  return c.mutation({
    method: 'POST',
    path: API_ROUTE_PATH,
    summary,
    metadata: { selector, auth, kind },
    body: requestBody(schemas.request ?? (noFields as RequestSchema as Req), files),
    responses: { 200: schemas.reply },
  });
}

/** A refused call: the same JSON error shape for every route (each part's `commonResponses`). */
export const errorResponses = Object.fromEntries(
  [400, 401, 403, 404, 405, 409, 410, 413, 415, 423, 429].map((status) => [status, ErrorReplySchema]),
) as Record<400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 423 | 429, typeof ErrorReplySchema>;

/** An operation's route as both sides read it: metadata, fields, files and reply under plain names. */
export type OperationOf<R> = R extends {
  readonly metadata: infer M extends { selector: Selector; auth: Auth; kind: Kind };
  readonly body: { readonly fields: infer Req extends RequestSchema; readonly files: infer Files extends FileSpecs };
  readonly responses: { readonly 200: infer Rep extends z.ZodMiniType };
}
  ? OperationDef<Req, Files, Rep> & {
      readonly selector: M['selector'];
      readonly auth: M['auth'];
      readonly kind: M['kind'];
    }
  : never;

/** Every route of a router under its operation name, as {@link OperationOf}. */
export type OperationsOf<R> = { readonly [K in keyof R]: OperationOf<R[K]> };

/** The route shape every operation has (what {@link operation} returns, before its common responses). */
export interface OperationRoute {
  readonly summary?: string | undefined;
  readonly metadata: { readonly selector: Selector; readonly auth: Auth; readonly kind: Kind };
  readonly body: { readonly fields: RequestSchema; readonly files: FileSpecs };
  readonly responses: { readonly 200: z.ZodMiniType };
}

/** The plain view of one route (derived, never written twice). */
export function operationOf(route: OperationRoute): OperationDef {
  return {
    ...route.metadata,
    summary: route.summary ?? '',
    request: route.body.fields,
    files: route.body.files,
    reply: route.responses[200],
  };
}

/** The plain views of a router's routes: `operationsOf(authContract).login.request`, ... */
export function operationsOf<R extends Readonly<Record<string, OperationRoute>>>(router: R): OperationsOf<R> {
  return Object.fromEntries(
    Object.entries(router).map(([name, route]) => [name, operationOf(route)]),
  ) as OperationsOf<R>;
}
