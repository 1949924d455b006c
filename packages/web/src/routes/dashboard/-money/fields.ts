/**
 * The UI side of the money forms' schemas: each field checks what the screen promises, in the screen's
 * words, then pipes into the contract's own field schema, so a form can never produce a request the
 * contract would refuse.
 */
import { dashboardOperations, fieldMeta, type money } from '@ebank/contract';
import * as z from 'zod/mini';
import { required } from '@/forms/form-rules';

/** The longest value a contract text field takes (its registered metadata), if it is a text field. */
export function maxLength(schema: z.ZodMiniType): number | undefined {
  const meta = fieldMeta.get(schema);
  return meta?.kind === 'text' ? meta.max : undefined;
}

/** A required text field named `label`, within the contract field's length, then the contract field itself. */
export function requiredText<T extends z.ZodMiniType<unknown, string>>(label: string, field: T) {
  const max = maxLength(field);
  const base = required(`${label} is required`);
  return z.pipe(
    max === undefined ? base : base.check(z.maxLength(max, `${label} must be at most ${max} characters`)),
    field,
  );
}

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/u;

/**
 * An amount typed into a number field: required, greater than 0, at most 2 decimals, then the contract's
 * money field (which turns it into a number).
 */
export const amountField = (field: ReturnType<typeof money> = dashboardOperations.createPayment.request.shape.amount) =>
  z.pipe(
    z.string().check(
      z.trim(),
      z.minLength(1, 'Enter the amount'),
      z.refine((value) => Number(value) > 0, 'The amount must be greater than 0'),
      z.regex(AMOUNT, 'Enter an amount such as 10.50, with at most 2 decimals'),
    ),
    field,
  );
