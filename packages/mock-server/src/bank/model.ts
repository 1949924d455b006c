/**
 * The bank's records. Amounts are integer cents; times are epoch milliseconds. Their fields are
 * described once, by the snapshot's schema (snapshot-schema.ts); the types here are taken from it,
 * with what the bank holds otherwise (known payees as a set, upload bytes as bytes) and which fields
 * the bank may change.
 */
import type {
  LedgerEntryRecord,
  NotificationRecord,
  OutboxRecord,
  RequestRecord,
  SnapshotRecord,
  UploadRecord,
  UserRecord,
} from '../snapshot-schema';

/** `T` with only the fields `K` writable. */
type WritableOnly<T, K extends keyof T> = Readonly<Omit<T, K>> & Pick<T, K>;

export type Role = UserRecord['role'];
export type KycStatus = UserRecord['kyc'];
/** What a run of wrong answers can lock, each counted on its own. */
export type Factor = keyof UserRecord['attempts'];
export type Attempts = UserRecord['attempts'][Factor];
export type KycCase = Readonly<NonNullable<UserRecord['kycCase']>>;
/** A code sent by e-mail, stored as a keyed hash only. */
export type SentCode = Readonly<NonNullable<UserRecord['emailCode']>>;
/** A passcode reset sent by e-mail: a code and a link, stored as keyed hashes only. */
export type SentReset = Readonly<NonNullable<UserRecord['resetCode']>>;
export type PendingStepUp = Readonly<NonNullable<UserRecord['stepUp']>>;
/** A transfer the customer has confirmed (PIN, and code when asked) and may now submit once. */
export type TransferAuthorization = Readonly<NonNullable<UserRecord['authorization']>>;
export type Profile = UserRecord['profile'];

/** A user as a snapshot keeps it: plain JSON, the known payees as a list. */
export type UserSnapshot = UserRecord;

/** A user as the bank holds it: the known payees as a set. */
export type User = WritableOnly<
  Omit<UserRecord, 'knownPayees'>,
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'fullname'
  | 'profile'
  | 'picture'
  | 'passcodeHash'
  | 'pinHash'
  | 'credentialVersion'
  | 'keptSession'
  | 'emailVerified'
  | 'kyc'
  | 'kycCase'
  | 'plan'
  | 'notice'
  | 'attempts'
  | 'emailCode'
  | 'resetCode'
  | 'stepUp'
  | 'authorization'
> & { knownPayees: Set<string> };

export type LedgerEntry = WritableOnly<LedgerEntryRecord, 'status'>;
export type EntryStatus = LedgerEntry['status'];

export type MoneyRequest = WritableOnly<RequestRecord, 'status' | 'decidedAt'>;
export type RequestKind = MoneyRequest['kind'];
export type RequestStatus = MoneyRequest['status'];

/** A transfer as the bank records it: the payee and note, with the fee it computed. */
export type TransferDetails = Readonly<NonNullable<RequestRecord['transfer']>>;

/** A transfer as the customer describes it. */
export type TransferInput = Omit<TransferDetails, 'feeCents'> & { readonly amount: number };

export type Notification = WritableOnly<NotificationRecord, 'read'>;

export type OutboxMessage = Readonly<OutboxRecord>;
export type OutboxKind = OutboxMessage['kind'];

/** An upload as a snapshot keeps it: the bytes in base64. */
export type UploadSnapshot = Readonly<UploadRecord>;

/** An upload as the bank holds it. */
export type Upload = Readonly<Omit<UploadRecord, 'bytes'> & { bytes: Uint8Array }>;

export interface Coin {
  readonly name: string;
  readonly address: string;
}

/** A plan the bank offers (a fixed deposit or an account upgrade). */
export interface Plan {
  readonly name: string;
  /** What the plan costs, in cents; none for a plan without a set price (a fixed deposit). */
  readonly priceCents?: number;
  /** A few short lines on what the plan gives. */
  readonly features?: readonly string[];
}

export const PAYMENT_METHODS = ['bank-transfer', 'card', 'cash', 'crypto', 'institutional'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Reference data the bank publishes. */
export interface Catalogue {
  readonly currency: string;
  readonly coins: readonly Coin[];
  readonly purposes: readonly string[];
  readonly fixedDepositPlans: readonly Plan[];
  readonly upgradePlans: readonly Plan[];
  /** Where a customer sends the deposit that completes the verification of the account. */
  readonly verificationDeposit: Coin;
  readonly documentTypes: readonly string[];
  readonly contact: { readonly whatsapp?: string; readonly email?: string; readonly phone?: string };
  readonly bankDetails: { readonly swiftCode: string; readonly routingNumber: string; readonly country: string };
}

/** The shape of a bank snapshot; bump it whenever that shape changes. */
export const SNAPSHOT_VERSION = 1;

/**
 * Everything the bank holds, as a plain JSON object: what a state file keeps across a restart.
 * Records are listed in the bank's own order. The token signer's key is not in it: the signer
 * belongs to whoever builds the bank.
 */
export type BankSnapshot = SnapshotRecord;
