/**
 * The resolver of a zod schema for the form state (./form-state): on success the values as the schema
 * gives them (parsed, transformed), else one error per field: the first issue on it, by the first segment
 * of its path (the forms are flat). Only schema modules import it, with zod; the form state stays without.
 */
import type { z } from 'zod';
import type { FieldError, FieldValues, Resolver } from './form-state';

export function schemaResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, z.output<S>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data };
    const errors: Record<PropertyKey, FieldError> = {};
    for (const { path, message } of result.error.issues) errors[path[0] ?? ''] ??= { message };
    return { errors };
  };
}
