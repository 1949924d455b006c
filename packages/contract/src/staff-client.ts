/**
 * The client of the staff API (`staff-contract.ts`): ts-rest's client over the staff routes, each call
 * carrying `Authorization: Bearer <token>` (a signed-in admin's token, or the server's staff key) when
 * one is given, and `X-Mock-Sandbox` when a sandbox is chosen, every reply checked against the contract. `staffReply` turns a call's result into its
 * success body, or throws a {@link StaffApiError} with the bank's message.
 */
import { initClient, tsRestFetchApi, TsRestResponseValidationError } from '@ts-rest/core';
import { ErrorReplySchema } from './replies';
import { SANDBOX_HEADER, staffContract } from './staff-contract';

export interface StaffClientConfig {
  /** Where the mock bank is: an origin (with a path prefix, if any) without a trailing slash. */
  readonly baseUrl: string;
  /** The token to send, read on every call. */
  readonly token?: () => string | undefined;
  /** The sandbox to act on (sent as `X-Mock-Sandbox`), read on every call; the request's own when none. */
  readonly sandbox?: () => string | undefined;
}

/** A staff call that did not succeed: the bank's message, and its status (none when no reply came). */
export class StaffApiError extends Error {
  override readonly name = 'StaffApiError';
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

export function createStaffClient(config: StaffClientConfig) {
  return initClient(staffContract, {
    baseUrl: config.baseUrl.replace(/\/+$/u, ''),
    validateResponse: true,
    api: (args) => {
      const token = config.token?.();
      const sandbox = config.sandbox?.();
      if (!token && !sandbox) return tsRestFetchApi(args);
      return tsRestFetchApi({
        ...args,
        headers: {
          ...args.headers,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(sandbox ? { [SANDBOX_HEADER.toLowerCase()]: sandbox } : {}),
        },
      });
    },
  });
}

export type StaffClient = ReturnType<typeof createStaffClient>;

interface Result {
  readonly status: number;
  readonly body: unknown;
}
type Success<R> = R extends { readonly status: 200 | 201; readonly body: infer B } ? B : never;

/**
 * The body of a successful staff call, or a {@link StaffApiError}: the bank's message for a refusal, a
 * fixed one when no reply came or the reply does not match the contract.
 */
export async function staffReply<R extends Result>(call: Promise<R>): Promise<Success<R>> {
  let result: R;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof TsRestResponseValidationError)
      throw new StaffApiError('The bank’s reply does not match the contract', undefined);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new StaffApiError('The bank did not answer. Check that it is running, then try again.', undefined);
  }
  if (result.status === 200 || result.status === 201) return result.body as Success<R>;
  const refusal = ErrorReplySchema.safeParse(result.body);
  throw new StaffApiError(
    refusal.success ? refusal.data.message : `The bank refused (status ${String(result.status)})`,
    result.status,
  );
}
