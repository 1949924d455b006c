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
 * `@ts-rest/react-query` offers no queries for POST routes (every call here is a POST) and does not support
 * React 19, so these small factories wrap the client's `call` (decision 0022).
 */
export function createQueryFactories(client: ApiClient) {
  const call = <K extends OperationName>(name: K, input: Input<K> | undefined, signal?: AbortSignal) =>
    client.call(name, ...([input, signal ? { signal } : undefined] as CallArgs<K>));

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
