/**
 * A developer endpoint made from a route of the staff contract (`staffContract` of @ebank/contract): its
 * method and path are the route's, its path parameters, query and body are read with the route's schemas
 * before it answers (a path parameter the route does not take is a 404, a query or body it does not take a
 * 400, each with what is wrong), and its answer is typed by the route's success replies.
 */
import * as z from 'zod/mini';
import { refuse } from '../bank/errors';
import type { DevHost, DevRequest } from './dev-endpoints';
import type { JsonResult } from './reply';

/** A staff route as this module reads it (a ts-rest route of the staff contract). */
export interface StaffRoute {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  readonly pathParams?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  /** A schema, or ts-rest's marker of a route without a body. */
  readonly body?: unknown;
  readonly responses: object;
}

type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

/** What a route's answer is given: the request as the route's schemas read it. */
export interface StaffInput<R extends StaffRoute> {
  readonly params: R extends { readonly pathParams: infer P } ? Parsed<P> : undefined;
  readonly query: R extends { readonly query: infer Q } ? Parsed<Q> : undefined;
  readonly body: R extends { readonly body: infer B } ? Parsed<B> : undefined;
}

/** The route's success status: 200, or 201 for a route that makes something. */
type SuccessOf<R extends StaffRoute> = 200 extends keyof R['responses'] ? 200 : 201;
type ReplySchema<R extends StaffRoute> = Extract<R['responses'][SuccessOf<R> & keyof R['responses']], z.ZodMiniType>;

/** The route's success reply: its success status with the body its schema describes. */
export interface StaffResult<R extends StaffRoute> {
  readonly status: SuccessOf<R>;
  readonly body: z.input<ReplySchema<R>>;
}

/**
 * An endpoint made from a staff route: its JSON answer becomes a reply in dev-endpoints.ts. `H` is what it
 * acts on: the request's bank (a {@link DevHost}), or the server's sandboxes (dev-sandboxes.ts).
 */
export interface StaffEndpoint<H = DevHost> {
  readonly method: StaffRoute['method'];
  readonly path: string;
  readonly answer: (host: H, request: DevRequest) => Promise<JsonResult>;
}

export interface StaffEndpointOptions {
  /** Headers of every reply (such as `Cache-Control: no-store`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** What a refused body is told (the body as sent, and its issues), when not every issue's message joined. */
  readonly bodyRefusal?: (body: unknown, error: z.core.$ZodError) => string;
}

const issues = (error: z.core.$ZodError) => error.issues.map((issue) => issue.message).join('; ');

function read<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  code: 'invalid' | 'not_found',
  message: (value: unknown, error: z.core.$ZodError) => string = (_value, error) => issues(error),
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) refuse(code, message(value, parsed.error));
  return parsed.data;
}

const schemaOr = (value: unknown): z.ZodMiniType | undefined => (value instanceof z.ZodMiniType ? value : undefined);

/**
 * The endpoint of a staff route: `staffEndpoint(route, options)(answer)`, answering with `answer` once the
 * request has been read. (In two steps, so that the route is known before the answer is typed by it.)
 */
export function staffEndpoint<R extends StaffRoute>(route: R, options: StaffEndpointOptions = {}) {
  const params = schemaOr(route.pathParams);
  const query = schemaOr(route.query);
  const body = schemaOr(route.body);
  return <H = DevHost>(answer: (host: H, input: StaffInput<R>) => Promise<StaffResult<R>>): StaffEndpoint<H> => ({
    method: route.method,
    path: route.path,
    answer: async (host, request) => {
      const input = {
        params: params && read(params, request.params, 'not_found'),
        query: query && read(query, request.query, 'invalid'),
        body: body && read(body, request.body, 'invalid', options.bodyRefusal),
      } as StaffInput<R>;
      const result = await answer(host, input);
      return options.headers ? { ...result, headers: options.headers } : result;
    },
  });
}
