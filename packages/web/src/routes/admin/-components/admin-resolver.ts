/**
 * The admin area's forms read what staff type with the staff contract's schemas. Their words are written
 * for the staff API, where a script reads them, so each starts with its field's wire name
 * ('advanceMinutes: must be at least 1 minute'). Under a field, whose label already names it, the admin
 * area says the rest ('Must be at least 1 minute').
 */
import type { FieldValues, Resolver } from 'react-hook-form';

/** A staff API message about `field` without the field's name before it, from a capital; others as they are. */
export function underField(field: string, message: string): string {
  const prefix = `${field}: `;
  if (!message.startsWith(prefix)) return message;
  const rest = message.slice(prefix.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The resolver, whose messages under a field do not repeat its wire name ({@link underField}). */
export function withoutFieldNames<Input extends FieldValues, Context, Output>(
  resolve: Resolver<Input, Context, Output>,
): Resolver<Input, Context, Output> {
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [field, error] of Object.entries(result.errors)) {
      if (typeof error?.message === 'string') error.message = underField(field, error.message);
    }
    return result;
  };
}
