/**
 * Reply schemas. Replies are JSON. The real host is PHP and is loose with types (numbers as strings,
 * flags as "yes"/1), so reply fields accept those forms and give the client one typed value. What the
 * mock server emits is the output type, which every schema here also accepts as input.
 */
import { z } from 'zod';

const NUMERIC = /^-?\d+(\.\d+)?$/u;

/** A number, or a numeric string as PHP hosts send it. */
export const num = z.union([z.number(), z.string().trim().regex(NUMERIC).transform(Number)]);
/** Text, or a number the host sent where text was meant (account numbers, ids). */
export const str = z.union([z.string(), z.number().transform(String)]);
/** A yes/no flag in any of the forms hosts use. */
export const yesNo = z.union([
  z.boolean(),
  z.literal([0, 1]).transform((n) => n === 1),
  z
    .enum(['yes', 'no', 'true', 'false', '1', '0', 'Yes', 'No'])
    .transform((s) => ['yes', 'true', '1', 'Yes'].includes(s)),
]);
/** A field that may be missing or null on the wire; the client sees `undefined` for both. */
export const maybe = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

export const TransactionTypeSchema = z.enum(['credit', 'debit']);
export const TransactionStatusSchema = z.enum(['successful', 'in_progress', 'failed']);
export const RequestStatusSchema = z.enum(['pending', 'confirmed', 'declined']);

/** A ledger transaction as the statement and the home page list it. */
export const TransactionSchema = z.object({
  name: str,
  /** When it happened, ISO 8601. */
  date: str,
  amount: num,
  transaction_type: TransactionTypeSchema,
  status: TransactionStatusSchema,
});

/** A crypto deposit, payment, fixed deposit, upgrade or transfer request row. */
export const RequestRowSchema = z.object({
  type: str,
  amount: num,
  status: RequestStatusSchema,
  created_at: str,
});

export const NotificationSchema = z.object({
  id: str,
  title: str,
  body: str,
  /** 'no' means unread. */
  wasread: z.enum(['yes', 'no']),
});

export const TitleBodySchema = z.object({ title: str, body: str });
export const HeadBodySchema = z.object({ head: str, body: str });

/** The user summary `u`. */
export const UserSummarySchema = z.object({
  picture: maybe(str),
  fullname: str,
  current_plan: maybe(str),
  total_credit: num,
  total_debit: num,
  username: maybe(str),
});

export const BalanceSchema = z.object({ current_balance: num });
export const AccountSchema = z.object({ account_no: maybe(str) });
/**
 * Where a customer sends the deposit that completes the verification of the account ('Submit
 * verification'): the coin type and its address. An extension of getinstituition's reply (optional,
 * absent on the real host; see docs/decisions/0028).
 */
export const VerificationDepositSchema = z.object({ type: str, address: str });
export const BankDetailsSchema = z.object({
  swift_code: maybe(str),
  routing_no: maybe(str),
  country: maybe(str),
});

export const ProfileSchema = z.object({
  picture: maybe(str),
  fullname: maybe(str),
  email: maybe(str),
  username: maybe(str),
  phone: maybe(str),
  gender: maybe(str),
  dob: maybe(str),
  country: maybe(str),
  marital_status: maybe(str),
  home_address: maybe(str),
  next_of_kin: maybe(str),
});

export const ContactSchema = z.object({
  whatsapp: maybe(str),
  email: maybe(str),
  phone: maybe(str),
});

/** Coin types and their addresses, shared by every crypto form loader. */
export const CryptoFormSchema = z.object({
  /** Coin type names, in display order. */
  names: z.array(str),
  /** Deposit addresses, by the index of `names`. */
  addresses: z.array(str),
  /** Deposit address by coin type name. */
  addresses2: z.record(z.string(), str),
  transactions: z.array(RequestRowSchema),
  /** Currency symbol. */
  currency: str,
});

export const PurposeSchema = z.object({ purpose_name: str });
/**
 * A fixed-deposit or upgrade plan. `price` and `features` extend the spec's `plan_name` (optional,
 * absent on the real host; see docs/decisions/0028): what the plan costs, in the reply's currency,
 * and a few short lines on what it gives.
 */
export const PlanSchema = z.object({
  plan_name: str,
  price: maybe(num),
  features: maybe(z.array(str)),
});
export const DocTypeSchema = z.object({ doc_name: str });

export const RoleSchema = z.enum(['user', 'admin']);
export const VerificationStatusSchema = z.enum(['Not Verified', 'Pending Verification', 'Declined', 'Verified']);
export const LoginUserSchema = z.object({ picture: maybe(str), fullname: str });

/** The reply of an action whose result the spec does not show: a status and a message. */
export const StatusReplySchema = z.object({
  status: str,
  message: maybe(str),
});

/** The reply of a submission read by its icon ('success' or other). */
export const IconReplySchema = z.object({
  icon: str,
  message: maybe(str),
  trx_notif: maybe(z.array(TitleBodySchema)),
});

/** The error reply every operation shares, whatever its status. */
export const FieldIssueSchema = z.object({ field: z.string(), message: z.string() });
export const ErrorReplySchema = z.object({
  error: z.literal(true),
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(FieldIssueSchema).optional(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;
export type ErrorReply = z.infer<typeof ErrorReplySchema>;
