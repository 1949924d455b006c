/**
 * The one table of what the forms call each field the bank receives: the forms take their labels from it,
 * and a refusal that names a field (error-message.ts) names it in these words. It is typed from the
 * contract, so a field the bank gains without a label here fails to compile. Plain data, no zod: the app's
 * first chunk reads it.
 */
import type { OperationName, Operations } from '@ebank/contract';
import type * as z from 'zod/mini';

/** The keys of each member of a union (a union's own `keyof` gives only the shared ones). */
type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;

/** The text fields of one operation's request, by their names on the wire. */
export type RequestFieldOf<K extends OperationName> = KeysOf<z.input<Operations[K]['request']>>;
/** The file fields of one operation. */
export type FileFieldOf<K extends OperationName> = Extract<keyof Operations[K]['files'], string>;

export type RequestFieldName = { [K in OperationName]: RequestFieldOf<K> }[OperationName];
export type FileFieldName = { [K in OperationName]: FileFieldOf<K> }[OperationName];

/** The label of every text field, as the forms show it. */
export const FIELD_LABELS: Readonly<Record<RequestFieldName, string>> = {
  // the transfer, in the form's order
  bank: 'Bank',
  swift: 'Swift code',
  currency: 'Currency',
  routing: 'Routing number',
  country: 'Country',
  act_no: 'Account number',
  act_hold_name: 'Account holder name',
  amount: 'Amount',
  note: 'Note',
  extra: 'Transfer details',
  pin: 'Transaction PIN',
  code: 'Authorization code',
  // settings
  c_pwd: 'Current passcode',
  n_pwd: 'New passcode',
  con_pwd: 'Confirm new passcode',
  email: 'E-mail',
  // profile
  fullname: 'Full name',
  phone: 'Phone number',
  gender: 'Gender',
  dob: 'Date of birth',
  marital_status: 'Marital status',
  home_address: 'Home address',
  next_of_kin: 'Next of kin',
  // payments, deposits, upgrades
  purpose: 'Purpose',
  plan: 'Plan',
  type: 'Crypto type',
  address: 'Address',
  id: 'Notification',
  // sign-in, sign-up, verification, reset
  password: 'Passcode',
  remeber: 'Remember me',
  first_name: 'First name',
  last_name: 'Last name',
  username: 'Username',
  confirm: 'Confirm passcode',
  ver_code: 'Verification code',
  action: 'Request',
  reset_code: 'Reset code',
  new_password: 'New passcode',
};

/** Where one operation's form calls a field otherwise. */
export const FIELD_LABEL_OVERRIDES: {
  readonly [K in OperationName]?: Readonly<Partial<Record<RequestFieldOf<K>, string>>>;
} = {
  changePin: { c_pwd: 'Current PIN', n_pwd: 'New PIN', con_pwd: 'Confirm PIN' },
  changeEmail: { email: 'New e-mail address' },
  submitVerification: { type: 'Document type' },
};

/** The label of every file field, as the forms show it. */
export const FILE_LABELS: Readonly<Record<FileFieldName, string>> = {
  profilePic: 'Profile picture',
  depositPic: 'Payment Proof',
  fixedDepositPic: 'Payment Proof',
  pic: 'Your picture',
  idcardFront: 'Document front',
  idcardBack: 'Document back',
};

const isField = <T extends string>(table: Readonly<Record<T, string>>, name: string): name is T =>
  Object.hasOwn(table, name);

/** Whether `name` is a file field of some operation. */
export const isFileField = (name: string): name is FileFieldName => isField(FILE_LABELS, name);

/** The label of a field of `operation`, or undefined when no form shows a field of that name. */
export function fieldLabel(operation: OperationName, name: string): string | undefined {
  const overrides: Readonly<Record<string, string | undefined>> | undefined = FIELD_LABEL_OVERRIDES[operation];
  if (overrides !== undefined && Object.hasOwn(overrides, name)) return overrides[name];
  if (isField(FIELD_LABELS, name)) return FIELD_LABELS[name];
  if (isFileField(name)) return FILE_LABELS[name];
  return undefined;
}

/**
 * The label of a field by its name alone (the last name of a path such as `extra.amount`), for a message
 * that knows no operation: the contract's refusals under a form's field (zod-config.ts). Undefined for a
 * name no form shows.
 */
export function labelOfField(path: readonly PropertyKey[]): string | undefined {
  const name = path.findLast((key): key is string => typeof key === 'string');
  if (name === undefined) return undefined;
  if (isField(FIELD_LABELS, name)) return FIELD_LABELS[name];
  return isFileField(name) ? FILE_LABELS[name] : undefined;
}
