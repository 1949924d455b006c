import { QueryClient } from '@tanstack/react-query';
import { createApiClient, decode, type Decoded, type MutationName, type QueryName } from '@ebank/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { bankKeys, createQueryFactories } from './client';

function setup(reply: (decoded: Decoded) => unknown) {
  const calls: Decoded[] = [];
  const client = createApiClient({
    baseUrl: 'http://bank.test/',
    token: () => 'user-token',
    fetch: async (url, init) => {
      const request = new Request(url, init);
      const fields = Object.fromEntries(
        [...(await request.formData()).entries()].filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      const decoded = decode(Object.fromEntries(new URL(request.url).searchParams), fields);
      if (!decoded.ok) return Response.json({ error: true, message: decoded.message }, { status: 400 });
      calls.push(decoded);
      return Response.json(reply(decoded));
    },
  });
  return { calls, ...createQueryFactories(client), queryClient: new QueryClient() };
}

describe('query factories', () => {
  it('run reads as queries keyed by operation and input', async () => {
    const { queryOptionsFor, queryClient, calls } = setup(() => ({ haspin: 1 }));
    const options = queryOptionsFor('checkPin');
    expect(options.queryKey).toEqual(['bank', 'checkPin', {}]);
    await expect(queryClient.query(options)).resolves.toEqual({ haspin: true });
    expect(calls.map((c) => c.name)).toEqual(['checkPin']);
    expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<{ haspin: boolean } | undefined>();
  });

  it('run writes as mutations and surface errors as ApiError', async () => {
    const { mutationOptionsFor, queryClient } = setup((d) =>
      d.name === 'createPin' ? { status: 'success', message: 'Action Successful' } : {},
    );
    const options = mutationOptionsFor('createPin');
    expect(options.mutationKey).toEqual(['bank', 'createPin']);
    const mutation = queryClient.getMutationCache().build(queryClient, options);
    await expect(mutation.execute({ pin: '1234' })).resolves.toEqual({
      status: 'success',
      message: 'Action Successful',
    });
    await expect(mutation.execute({ pin: '12' })).rejects.toMatchObject({ kind: 'input' });
  });

  it('invalidate a whole operation through its key prefix', async () => {
    const { queryOptionsFor, queryClient } = setup(() => ({ ct: { email: 'help@bank.test' } }));
    await queryClient.query(queryOptionsFor('getContact'));
    await queryClient.invalidateQueries({ queryKey: bankKeys.operation('getContact') });
    expect(queryClient.getQueryState(queryOptionsFor('getContact').queryKey)?.isInvalidated).toBe(true);
  });

  it('offer no query for a write, and no mutation for a read (type level)', () => {
    const { queryOptionsFor, mutationOptionsFor } = setup(() => ({}));
    expectTypeOf(queryOptionsFor).parameter(0).toEqualTypeOf<QueryName>();
    expectTypeOf(mutationOptionsFor).parameter(0).toEqualTypeOf<MutationName>();
  });
});
