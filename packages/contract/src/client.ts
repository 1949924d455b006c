/**
 * The typed client: ts-rest's `initClient` over the contract's router, with our own `api` (the fetcher)
 * that speaks the host's wire: it encodes the typed fields with the codecs, adds the marker and `token` (or
 * `?crud=`), sends multipart only when a file is present, and reads the reply as JSON. `call` checks the
 * reply with ts-rest's `validateResponse` and turns every way a call can fail into one {@link ApiError}.
 */
import {
  initClient,
  TsRestResponseValidationError,
  validateResponse,
  type ApiFetcher,
  type AppRoute,
} from '@ts-rest/core';
import { z } from 'zod';
import { encode, API_PATH, type WireEncoding } from './codec';
import type { Auth, OperationInput, OperationReply } from './operation';
import { contract, operationNames, type OperationName, type Operations } from './operations';
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

type Input<K extends OperationName> = OperationInput<Operations[K]>;
/** Operations without fields or files may be called without an input. */
export type CallArgs<K extends OperationName> =
  Record<string, never> extends Input<K>
    ? [input?: Input<K>, options?: CallOptions]
    : [input: Input<K>, options?: CallOptions];

/** Which operation a route of the contract is (routes are the router's own objects), and back. */
const nameOfRoute = new Map<object, OperationName>(operationNames.map((name) => [contract[name], name]));
const routes = new Map<string, AppRoute>(Object.entries(contract));

/** A function of the ts-rest client, as `call` uses it. */
type Send = (args: {
  body: unknown;
  fetchOptions?: { signal?: AbortSignal };
}) => Promise<{ status: number; body: unknown }>;

/** The fetcher: one POST to the API path in the host's encoding, the reply read as JSON. */
function wireFetcher(config: ApiClientConfig, baseUrl: string): ApiFetcher {
  const doFetch = config.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async ({ route, rawBody, fetchOptions }) => {
    const name = nameOfRoute.get(route);
    if (name === undefined) throw new TypeError(`${route.path} is no route of the contract`);
    const { selector, auth } = contract[name].metadata;
    const token = 'marker' in selector ? config.token?.(auth) : undefined;
    let request: ReturnType<typeof encode>;
    try {
      request = encode(name, rawBody as Input<typeof name>, {
        token,
        ...(config.encoding ? { encoding: config.encoding } : {}),
      });
    } catch (error) {
      if (!(error instanceof z.ZodError)) throw error;
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

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(config: ApiClientConfig) {
  const baseUrl = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
  /** The ts-rest client: `client.getInstitution()`, `client.login({ body: { ... } })`, typed from the router. */
  const client = initClient(contract, { baseUrl, api: wireFetcher(config, baseUrl), throwOnUnknownStatus: false });
  /** The same client's functions by operation name, for `call`, which takes the name as a value. */
  const senders = new Map(Object.entries(client) as [string, Send][]);

  /** Calls an operation by name and gives its reply, or throws an {@link ApiError}. */
  async function call<K extends OperationName>(
    name: K,
    ...[input, options]: CallArgs<K>
  ): Promise<OperationReply<Operations[K]>> {
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
      return validateResponse({ appRoute: route, response: { status: 200, body } }).body as OperationReply<
        Operations[K]
      >;
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
