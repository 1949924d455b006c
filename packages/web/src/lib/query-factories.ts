/**
 * TanStack Query option factories for every operation, chosen by the operation's kind: reads are
 * queries (even though every call is a POST), everything else is a mutation. Keys are hierarchical,
 * `['bank', operation, input]`, so one operation's queries can be invalidated together.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type {
  ApiClient,
  ApiError,
  CallArgs,
  MutationName,
  OperationInput,
  OperationName,
  OperationReply,
  Operations,
  QueryName,
} from '@ebank/contract';

type Input<K extends OperationName> = OperationInput<Operations[K]>;
type Reply<K extends OperationName> = OperationReply<Operations[K]>;

export const bankKeys = {
  all: ['bank'] as const,
  operation: <K extends OperationName>(name: K) => ['bank', name] as const,
  call: <K extends QueryName>(name: K, input: Input<K> | undefined) => ['bank', name, input ?? {}] as const,
};

/**
 * `client` may be a promise-returning loader, so a page can render before the client (and the contract's
 * schemas with it) has loaded; every call awaits it.
 */
export function createQueryFactories(client: ApiClient | (() => Promise<ApiClient>)) {
  const load = typeof client === 'function' ? client : () => Promise.resolve(client);
  const call = async <K extends OperationName>(name: K, input: Input<K> | undefined, signal?: AbortSignal) =>
    (await load()).call(name, ...([input, signal ? { signal } : undefined] as CallArgs<K>));

  /** Query options for a read; pass them to `useQuery`, `useSuspenseQuery` or `ensureQueryData`. */
  function queryOptionsFor<K extends QueryName>(name: K, ...[input]: CallArgs<K>) {
    return queryOptions<Reply<K>, ApiError>({
      queryKey: bankKeys.call(name, input),
      queryFn: ({ signal }) => call(name, input, signal),
    });
  }

  /** Mutation options for a write; pass them to `useMutation`. */
  function mutationOptionsFor<K extends MutationName>(name: K) {
    return mutationOptions<Reply<K>, ApiError, Input<K>>({
      mutationKey: bankKeys.operation(name),
      mutationFn: (input) => call(name, input),
    });
  }

  return { queryOptionsFor, mutationOptionsFor };
}
