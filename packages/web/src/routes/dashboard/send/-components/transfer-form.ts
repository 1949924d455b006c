/**
 * The transfer form: every field required, each within the contract's own limits, then
 * the contract's field itself (`TransferFieldsSchema`), so what the form gives is what the bank takes.
 */
import { TransferFieldsSchema } from '@ebank/contract';
import * as z from 'zod/mini';
import { FIELD_LABELS } from '@/forms/field-labels';
import { required } from '@/forms/form-rules';
import { amountField, requiredText } from '../../-money/fields';

const shape = TransferFieldsSchema.shape;

/** The transfer as the bank receives it (amount as a number). */
export type Transfer = z.output<typeof TransferFieldsSchema>;
export type TransferField = keyof Transfer;

/** The form's fields, in its order. */
const ORDER = [
  'bank',
  'swift',
  'currency',
  'routing',
  'country',
  'act_no',
  'act_hold_name',
  'amount',
  'note',
] as const satisfies readonly TransferField[];

/** Labels, in the form's order, from the one table of field labels. */
export const TRANSFER_LABELS: Readonly<Record<TransferField, string>> = Object.fromEntries(
  ORDER.map((name) => [name, FIELD_LABELS[name]]),
) as Record<(typeof ORDER)[number], string>;

export const TRANSFER_FIELDS = Object.keys(TRANSFER_LABELS) as TransferField[];

/** A SWIFT/BIC code: bank (4 letters), country (2 letters), location (2), and an optional branch (3). */
const SWIFT = /^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/u;

export const transferFormSchema = z.object({
  bank: requiredText(TRANSFER_LABELS.bank, shape.bank),
  swift: z.pipe(
    required('Swift code is required').check(
      z.regex(SWIFT, 'Enter the 8 or 11 character swift code, such as FEXBUS33'),
    ),
    shape.swift,
  ),
  currency: requiredText(TRANSFER_LABELS.currency, shape.currency),
  routing: requiredText(TRANSFER_LABELS.routing, shape.routing),
  country: requiredText(TRANSFER_LABELS.country, shape.country),
  act_no: requiredText(TRANSFER_LABELS.act_no, shape.act_no),
  act_hold_name: requiredText(TRANSFER_LABELS.act_hold_name, shape.act_hold_name),
  amount: amountField(shape.amount),
  note: requiredText(TRANSFER_LABELS.note, shape.note),
});

/** The form as typed (every value a string). */
export type TransferFormInput = z.input<typeof transferFormSchema>;

export const emptyTransferForm: TransferFormInput = {
  bank: '',
  swift: '',
  currency: '',
  routing: '',
  country: '',
  act_no: '',
  act_hold_name: '',
  amount: '',
  note: '',
};
