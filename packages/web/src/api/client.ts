/**
 * The app's API client, made from the contract (ts-rest's client with the host's wire, decision 0022), its
 * query/mutation option factories, and the addresses under its base. Tokens come from the session: the user
 * token for user and public calls, the temporary token for the KYC submission. The client is made once per
 * part of the contract (decision 0030), with this one configuration: `auth.ts` for the sign-in pages,
 * `dashboard.ts` for the rest, so the login page loads none of the dashboard's schemas. Every read's query
 * options are in `queries.ts`; what a failed call shows is `error-message.ts`.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  createRouterClient,
  type ApiError,
  type CallArgsOf,
  type OperationInput,
  type OperationName,
  type OperationReply,
  type OperationRouter,
  type OperationsOf,
} from '@ebank/contract';
import { session } from '@/session/session';
import '@/forms/zod-config';

/** The API base address; the same origin unless the build says otherwise. */
export const API_BASE = import.meta.env.VITE_API_BASE ?? '/';

/**
 * Query keys are hierarchical, `['bank', operation, input]`, so one operation's queries can be invalidated
 * together. Reads are queries (even though every call is a POST), everything else is a mutation.
 */
export const bankKeys = {
  all: ['bank'] as const,
  operation: <K extends OperationName>(name: K) => ['bank', name] as const,
  call: <K extends OperationName>(name: K, input: object | undefined) => ['bank', name, input ?? {}] as const,
};

/**
 * `@ts-rest/react-query` offers no queries for POST routes (every call here is a POST) and does not support
 * React 19, so these small factories wrap the client's `call` (decision 0022).
 */
export function createQueryFactories<R extends OperationRouter>(client: RouterClient<R>) {
  type Ops = OperationsOf<R>;
  type Name = keyof R & OperationName;
  type Input<K extends Name> = OperationInput<Ops[K]>;
  type Reply<K extends Name> = OperationReply<Ops[K]>;
  /** The part's reads (queries) and writes (mutations). */
  type Query = { [K in Name]: Ops[K]['kind'] extends 'query' ? K : never }[Name];
  type Mutation = Exclude<Name, Query>;

  const call = <K extends Name>(name: K, input: Input<K> | undefined, signal?: AbortSignal) =>
    client.call(name, ...([input, signal ? { signal } : undefined] as CallArgsOf<Ops[K]>));

  /** Query options for a read; pass them to `useQuery`, `useSuspenseQuery` or `ensureQueryData`. */
  function queryOptionsFor<K extends Query>(name: K, ...[input]: CallArgsOf<Ops[K]>) {
    return queryOptions<Reply<K>, ApiError>({
      queryKey: bankKeys.call(name, input),
      queryFn: ({ signal }) => call(name, input, signal),
    });
  }

  /** Mutation options for a write; pass them to `useMutation`. */
  function mutationOptionsFor<K extends Mutation>(name: K) {
    return mutationOptions<Reply<K>, ApiError, Input<K>>({
      mutationKey: bankKeys.operation(name),
      mutationFn: (input) => call(name, input),
    });
  }

  return { queryOptionsFor, mutationOptionsFor };
}

type RouterClient<R extends OperationRouter> = ReturnType<typeof createRouterClient<R>>;

/** The portal's client of one part of the contract, with its option factories. */
export function portalClient<R extends OperationRouter>(router: R) {
  const api = createRouterClient(router, {
    baseUrl: API_BASE,
    token: (auth) => (auth === 'kyc' ? session.tempToken() : session.token()),
  });
  return { api, ...createQueryFactories(api) };
}

/** An address under the API base (which may be relative), resolved against the page's origin. */
export function apiUrl(path: string) {
  const withSlash = API_BASE.endsWith('/') ? API_BASE : `${API_BASE}/`;
  const base = new URL(withSlash, window.location.origin);
  return new URL(path, base).href;
}

/** A picture path from the bank, as an address the browser can load. */
export function pictureUrl(picture: string | undefined) {
  if (picture === undefined || picture.trim() === '') return undefined;
  try {
    return apiUrl(picture);
  } catch {
    return undefined;
  }
}
