/**
 * The form that adds a fault rule: the fields as typed, read with the staff contract's schema of a rule
 * (its words for what is wrong, under the field), and what a rule does, in words, for the list.
 */
import { FaultRuleInputSchema, operationNames, StaffApiError, type FaultRule } from '@ebank/contract';
import * as z from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { blankAsAbsent } from '@/forms/form-rules';
import { underField, withoutFieldNames } from './admin-resolver';

const rule = FaultRuleInputSchema.shape;

/** A number typed in a field: empty is "not set"; anything else the contract's schema reads as a number. */
const numberText = z.pipe(
  z.string().check(z.trim()),
  z.transform((text: string) => (text === '' ? undefined : Number(text))),
);

/** A delay typed as `500`, or as a range `200-800` for a random delay between the two. */
const latencyText = z.pipe(
  z.string().check(z.trim()),
  z.transform((text: string): number | number[] | undefined => {
    if (text === '') return undefined;
    const range = /^(\d+)\s*[-–]\s*(\d+)$/u.exec(text);
    return range ? [Number(range[1]), Number(range[2])] : Number(text);
  }),
);

/** The form's fields as typed, read with the contract's schema of a rule (its words for what is wrong). */
const faultFields = z
  .object({
    operation: z.string().check(z.minLength(1, 'Choose the operation the rule is for')),
    status: z.pipe(numberText, rule.status),
    message: blankAsAbsent(rule.message),
    latencyMs: z.pipe(latencyText, rule.latencyMs),
    drop: z.boolean(),
    times: z.pipe(numberText, rule.times),
    rate: z.pipe(numberText, rule.rate),
  })
  .check(
    z.refine((input) => !(input.drop && input.status !== undefined), {
      path: ['status'],
      message: 'A rule either drops calls or answers a status: clear the status, or untick the drop',
    }),
  );
const faultForm = z.pipe(
  faultFields,
  z.transform(({ drop, ...input }: z.output<typeof faultFields>) => ({ ...input, ...(drop ? { drop: true } : {}) })),
);
export const faultResolver = withoutFieldNames(zodResolver(faultForm));

export type FaultFields = z.input<typeof faultForm>;
export type FaultRuleBody = z.output<typeof faultForm>;
const FIELDS = ['operation', 'status', 'message', 'latencyMs', 'drop', 'times', 'rate'] as const;

/**
 * The field a refusal of the bank is about, when its message starts with the field's name (`rate: ...`),
 * and what to say under it.
 */
export function fieldOf(
  error: Error | null,
): { readonly field: (typeof FIELDS)[number]; readonly message: string } | undefined {
  if (!(error instanceof StaffApiError)) return undefined;
  const field = FIELDS.find((name) => error.message.startsWith(`${name}: `));
  return field === undefined ? undefined : { field, message: underField(field, error.message) };
}

export const OPERATIONS = operationNames.map((name) => ({ value: name, label: name }));
export const EMPTY_RULE: FaultFields = {
  operation: '',
  status: '',
  message: '',
  latencyMs: '',
  drop: false,
  times: '',
  rate: '',
};

const delayText = (latency: NonNullable<FaultRule['latencyMs']>) =>
  typeof latency === 'number' ? `${String(latency)} ms` : `${String(latency[0] ?? 0)} to ${String(latency[1] ?? 0)} ms`;

/** What a rule does to the calls it applies to, in words. */
export function faultEffect(fault: FaultRule): string {
  const delay = fault.latencyMs === undefined ? undefined : delayText(fault.latencyMs);
  const after = delay === undefined ? '' : ` after ${delay}`;
  if (fault.drop === true) return `Drops the call${after}, with no reply`;
  if (delay !== undefined && fault.status === undefined && fault.message === undefined)
    return `Delays the call by ${delay}, then the bank answers`;
  const message = fault.message === undefined ? '' : `: “${fault.message}”`;
  return `Fails the call${after} with status ${String(fault.status ?? 503)}${message}`;
}
