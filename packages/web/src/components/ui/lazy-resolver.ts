/**
 * A resolver whose schema code loads on demand: the form renders at once, and the module with the
 * schema (zod and the contract's fields) is fetched on the first validation, normally long after the
 * browser fetched it in idle time. Types come from the schema module with `import type`.
 */
import type { FieldValues, Resolver } from '@/lib/form-state';

export function lazyResolver<TValues extends FieldValues, TOut>(
  load: () => Promise<Resolver<TValues, TOut>>,
): Resolver<TValues, TOut> {
  let loaded: Promise<Resolver<TValues, TOut>> | undefined;
  return async (values) => {
    loaded ??= load();
    const resolver = await loaded;
    return resolver(values);
  };
}
