/**
 * The dashboard's reply schemas (a signed-in customer's calls): apart from replies.ts, whose schemas the
 * sign-in side uses too, so that the login page does not build these (decision 0030).
 */
import { z } from './zod';
import { maybe, num, str } from './replies';

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

/**
 * A fixed-deposit or upgrade request row: `plan` extends the spec's row (optional, absent on the real
 * host; see docs/decisions/0041): the plan the customer asked for, so a list of requests can name it.
 */
export const PlanRequestRowSchema = z.extend(RequestRowSchema, { plan: maybe(str) });

export const NotificationSchema = z.object({
  id: str,
  title: str,
  body: str,
  /** 'no' means unread. */
  wasread: z.enum(['yes', 'no']),
});

export const TitleBodySchema = z.object({ title: str, body: str });

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

/** The reply of a submission read by its icon ('success' or other). */
export const IconReplySchema = z.object({
  icon: str,
  message: maybe(str),
  trx_notif: maybe(z.array(TitleBodySchema)),
});
