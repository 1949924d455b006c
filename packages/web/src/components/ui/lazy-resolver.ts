/**
 * A react-hook-form resolver whose schema code loads on demand: the form renders at once, and the
 * module with the schema (zod and the contract's fields) is fetched on the first validation, normally
 * long after the browser fetched it in idle time. Types come from the schema module with `import type`.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export function lazyResolver<TValues extends FieldValues, TOut>(
  load: () => Promise<Resolver<TValues, unknown, TOut>>,
): Resolver<TValues, unknown, TOut> {
  let loaded: Promise<Resolver<TValues, unknown, TOut>> | undefined;
  return async (values, context, options) => {
    loaded ??= load();
    const resolver = await loaded;
    return resolver(values, context, options);
  };
}
