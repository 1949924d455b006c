/**
 * The typed client: one function that calls any operation over `fetch`, encodes with the wire codec,
 * and turns every way a call can fail into one {@link ApiError}.
 */
import { z } from 'zod';
import { encode, API_PATH, type WireEncoding } from './codec';
import type { Auth, OperationInput, OperationReply } from './operation';
import { operations, type OperationName, type Operations } from './operations';
import { ApiError, hostErrorMessage } from './api-error';
import { ErrorReplySchema, type FieldIssue } from './replies';

const zodFieldIssues = (error: z.ZodError): FieldIssue[] =>
  error.issues.map((i) => {
    const field = i.path.map(String).join('.') || 'body';
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

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(config: ApiClientConfig) {
  const baseUrl = config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`;
  const doFetch = config.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  async function call<K extends OperationName>(
    name: K,
    ...[input, options]: CallArgs<K>
  ): Promise<OperationReply<Operations[K]>> {
    const operation = operations[name];
    const token = 'marker' in operation.selector ? config.token?.(operation.auth) : undefined;
    let request: ReturnType<typeof encode>;
    try {
      request = encode(name, (input ?? {}) as Input<K>, {
        token,
        ...(config.encoding ? { encoding: config.encoding } : {}),
      });
    } catch (error) {
      if (!(error instanceof z.ZodError)) throw error;
      const issues = zodFieldIssues(error);
      throw new ApiError('input', issues.map((i) => i.message).join('; '), name, { issues });
    }

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${API_PATH}${request.search}`, {
        method: 'POST',
        body: request.body,
        headers: { Accept: 'application/json' },
        ...(options?.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (options?.signal?.aborted) throw error;
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

    if (!response.ok) {
      const parsed = ErrorReplySchema.safeParse(body);
      const message = parsed.success ? parsed.data.message : (hostErrorMessage(body) ?? '');
      throw new ApiError('http', message, name, {
        status: response.status,
        issues: parsed.data?.issues ?? [],
        code: parsed.data?.code,
      });
    }
    const hostMessage = hostErrorMessage(body);
    if (hostMessage !== undefined) throw new ApiError('host', hostMessage, name, { status: response.status });

    const reply = operation.reply.safeParse(body);
    if (!reply.success) {
      const issues = zodFieldIssues(reply.error);
      throw new ApiError('reply', 'The reply does not match the contract', name, { status: response.status, issues });
    }
    return reply.data as OperationReply<Operations[K]>;
  }

  return { call, baseUrl };
}
