/**
 * The typed client: ts-rest's `initClient` over a router of the contract (the whole contract, or one of its
 * parts, decision 0030), with our own `api` (the fetcher) that speaks the host's wire: it encodes the typed
 * fields with the codecs, adds the marker and `token` (or `?crud=`), sends multipart only when a file is
 * present, and reads the reply as JSON. `call` checks the reply with ts-rest's `validateResponse` and turns
 * every way a call can fail into one {@link ApiError}.
 */
import {
  initClient,
  TsRestResponseValidationError,
  validateResponse,
  type ApiFetcher,
  type AppRoute,
} from '@ts-rest/core';
import { z } from './zod';
import { encodeRequest, API_PATH, type WireEncoding } from './wire';
import type { Auth, OperationDef, OperationInput, OperationReply } from './operation';
import type { OperationName, Operations } from './operations';
import { operationOf, type OperationRoute, type OperationsOf } from './route';
import { ApiError, hostErrorMessage } from './api-error';
import { ErrorReplySchema, type FieldIssue } from './replies';

interface Issue {
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
  readonly message: string;
}
const issuesOf = (issues: readonly Issue[]): FieldIssue[] =>
  issues.map((i) => {
    const field = (i.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.') || 'body';
    return { field, message: `${field}: ${i.message}` };
  });

export interface ApiClientConfig {
  /** The API base, ending with `/` (added when missing): '/' for the same origin. */
  readonly baseUrl: string;
  /** The stored token for an operation's kind of access, if any. */
  readonly token?: (auth: Auth) => string | undefined;
  /** Body encoding when no file is sent; the host accepts both. */
  readonly encoding?: WireEncoding;
  readonly fetch?: typeof fetch;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** Operations without fields or files may be called without an input. */
export type CallArgsOf<Op extends OperationDef> =
  Record<string, never> extends OperationInput<Op>
    ? [input?: OperationInput<Op>, options?: CallOptions]
    : [input: OperationInput<Op>, options?: CallOptions];
export type CallArgs<K extends OperationName> = CallArgsOf<Operations[K]>;

/** A router of the contract: some of its operations (ts-rest routes built by `route.ts`) by name. */
export type OperationRouter = Partial<Readonly<Record<OperationName, OperationRoute & AppRoute>>>;

/** A function of the ts-rest client, as `call` uses it. */
type Send = (args: {
  body: unknown;
  fetchOptions?: { signal?: AbortSignal };
}) => Promise<{ status: number; body: unknown }>;

/** The fetcher: one POST to the API path in the host's encoding, the reply read as JSON. */
function wireFetcher(
  config: ApiClientConfig,
  baseUrl: string,
  operationOfRoute: ReadonlyMap<object, { readonly name: OperationName; readonly operation: OperationDef }>,
): ApiFetcher {
  const doFetch = config.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async ({ route, rawBody, fetchOptions }) => {
    const known = operationOfRoute.get(route);
    if (known === undefined) throw new TypeError(`${route.path} is no route of the contract`);
    const { name, operation } = known;
    const { selector, auth } = operation;
    const token = 'marker' in selector ? config.token?.(auth) : undefined;
    let request: ReturnType<typeof encodeRequest>;
    try {
      request = encodeRequest(operation, rawBody as OperationInput<OperationDef>, {
        token,
        ...(config.encoding ? { encoding: config.encoding } : {}),
      });
    } catch (error) {
      if (!(error instanceof z.core.$ZodError)) throw error;
      const issues = issuesOf(error.issues);
      throw new ApiError('input', issues.map((i) => i.message).join('; '), name, { issues });
    }

    const signal = fetchOptions?.signal ?? undefined;
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${API_PATH}${request.search}`, {
        method: 'POST',
        body: request.body,
        headers: { Accept: 'application/json' },
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError('network', '', name);
    }

    let body: unknown;
    try {
      body = JSON.parse(await response.text());
    } catch {
      throw new ApiError(response.ok ? 'reply' : 'http', response.ok ? 'The reply was not JSON' : '', name, {
        status: response.status,
      });
    }
    return { status: response.status, body, headers: response.headers };
  };
}

/**
 * A client of one router of the contract: the ts-rest client (`client.getInstitution()`,
 * `client.login({ body: { ... } })`, typed from the router) and `call`, which takes the operation's name as
 * a value. It loads and reads only that router's operations.
 */
export function createRouterClient<R extends OperationRouter>(router: R, config: ApiClientConfig) {
  type Ops = OperationsOf<R>;
  const baseUrl = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
  const names = Object.keys(router) as (keyof R & OperationName)[];
  const routes = new Map(names.flatMap((name) => (router[name] ? [[name, router[name]] as const] : [])));
  const operationOfRoute = new Map(
    [...routes].map(([name, route]) => [route, { name, operation: operationOf(route) }] as const),
  );
  const client = initClient(router, {
    baseUrl,
    api: wireFetcher(config, baseUrl, operationOfRoute),
    throwOnUnknownStatus: false,
  });
  /** The same client's functions by operation name, for `call`, which takes the name as a value. */
  const senders = new Map(Object.entries(client) as [string, Send][]);

  /** Calls an operation by name and gives its reply, or throws an {@link ApiError}. */
  async function call<K extends keyof R & OperationName>(
    name: K,
    ...[input, options]: CallArgsOf<Ops[K]>
  ): Promise<OperationReply<Ops[K]>> {
    const send = senders.get(name);
    const route = routes.get(name);
    if (send === undefined || route === undefined) throw new TypeError(`${name} is no operation of the contract`);
    const response = await send({
      body: input ?? {},
      ...(options?.signal ? { fetchOptions: { signal: options.signal } } : {}),
    });
    const { status, body } = response;

    if (status < 200 || status > 299) {
      const parsed = ErrorReplySchema.safeParse(body);
      const message = parsed.success ? parsed.data.message : (hostErrorMessage(body) ?? '');
      throw new ApiError('http', message, name, {
        status,
        issues: parsed.data?.issues ?? [],
        code: parsed.data?.code,
      });
    }
    const hostMessage = hostErrorMessage(body);
    if (hostMessage !== undefined) throw new ApiError('host', hostMessage, name, { status });

    try {
      return validateResponse({ appRoute: route, response: { status: 200, body } }).body as OperationReply<Ops[K]>;
    } catch (error) {
      if (!(error instanceof TsRestResponseValidationError)) throw error;
      throw new ApiError('reply', 'The reply does not match the contract', name, {
        status,
        issues: issuesOf(error.cause.issues),
      });
    }
  }

  return { call, client, baseUrl };
}
