/** The bank's records. Amounts are integer cents; times are epoch milliseconds. */

export type Role = 'user' | 'admin';
export type KycStatus = 'Not Verified' | 'Pending Verification' | 'Declined' | 'Verified';
/** What a run of wrong answers can lock, each counted on its own. */
export type Factor = 'passcode' | 'pin' | 'emailCode' | 'resetCode' | 'stepUp';

export interface Attempts {
  failures: number;
  lockedUntil: number;
}

export interface KycCase {
  readonly documentType: string;
  readonly country: string;
  readonly phone: string;
  readonly homeAddress: string;
  /** Upload ids: picture, ID front, ID back. */
  readonly documents: readonly string[];
  readonly submittedAt: number;
}

/** A code sent by e-mail, stored as a keyed hash only. */
export interface SentCode {
  readonly hash: string;
  readonly expiresAt: number;
}

/** A passcode reset sent by e-mail: a code and a link, stored as keyed hashes only. */
export interface SentReset extends SentCode {
  readonly linkHash: string;
  /**
   * The links of the earlier resets this one replaced (newest first, a few at most), so that opening
   * an older e-mail's link is told apart from a wrong code.
   */
  readonly replacedLinkHashes?: readonly string[];
}

export interface PendingStepUp extends SentCode {
  readonly amountCents: number;
  readonly payeeKey: string;
}

/** A transfer the customer has confirmed (PIN, and code when asked) and may now submit once. */
export interface TransferAuthorization {
  readonly amountCents: number;
  readonly payeeKey: string;
  readonly expiresAt: number;
}

export interface Profile {
  phone?: string;
  gender?: string;
  dob?: string;
  country?: string;
  maritalStatus?: string;
  homeAddress?: string;
  nextOfKin?: string;
}

export interface User {
  readonly id: string;
  email: string;
  readonly username: string;
  firstName: string;
  lastName: string;
  fullname: string;
  profile: Profile;
  /** Upload id of the profile picture. */
  picture?: string;
  readonly role: Role;
  passcodeHash: string;
  pinHash?: string;
  /** Bumped when the passcode or the e-mail address changes, which retires every token issued before. */
  credentialVersion: number;
  /**
   * The one session that changed the passcode or the e-mail address in settings and so outlives the
   * change: its token's signature and the version it stays valid under (a later change or reset
   * retires it too).
   */
  keptSession?: { readonly signature: string; readonly version: number };
  emailVerified: boolean;
  kyc: KycStatus;
  kycCase?: KycCase;
  readonly accountNumber: string;
  plan: string;
  /** An account message shown instead of the dashboard (`ismsg`). */
  notice?: { head: string; body: string };
  readonly createdAt: number;
  attempts: Record<Factor, Attempts>;
  emailCode?: SentCode;
  resetCode?: SentReset;
  stepUp?: PendingStepUp;
  authorization?: TransferAuthorization;
  knownPayees: Set<string>;
}

export type EntryStatus = 'successful' | 'in_progress' | 'failed';

export interface LedgerEntry {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly direction: 'credit' | 'debit';
  readonly amountCents: number;
  status: EntryStatus;
  readonly createdAt: number;
  readonly requestId?: string;
}

export type RequestKind = 'crypto-deposit' | 'payment' | 'fixed-deposit' | 'upgrade' | 'transfer';
export type RequestStatus = 'pending' | 'confirmed' | 'declined';

/** A transfer as the customer describes it. */
export interface TransferInput {
  readonly bank: string;
  readonly swift: string;
  readonly currency: string;
  readonly routing: string;
  readonly country: string;
  readonly accountNumber: string;
  readonly accountHolder: string;
  readonly amount: number;
  readonly note: string;
}

/** A transfer as the bank records it: the payee and note, with the fee it computed. */
export type TransferDetails = Omit<TransferInput, 'amount'> & { readonly feeCents: number };

export interface MoneyRequest {
  readonly id: string;
  readonly userId: string;
  readonly kind: RequestKind;
  /** Coin type, or 'Bank Transfer'. */
  readonly type: string;
  readonly amountCents: number;
  status: RequestStatus;
  readonly createdAt: number;
  decidedAt?: number;
  readonly proof?: string;
  readonly plan?: string;
  readonly purpose?: string;
  readonly transfer?: TransferDetails;
}

export interface Notification {
  readonly id: string;
  readonly userId: string;
  readonly title: string;
  readonly body: string;
  read: boolean;
  readonly createdAt: number;
}

export type OutboxKind = 'verify-email' | 'reset-passcode' | 'transfer-code' | 'notice';

export interface OutboxMessage {
  readonly id: string;
  readonly to: string;
  readonly kind: OutboxKind;
  readonly subject: string;
  readonly text: string;
  readonly code?: string;
  readonly link?: string;
  readonly createdAt: number;
}

export interface Upload {
  readonly id: string;
  readonly ownerId: string;
  readonly mimetype: string;
  readonly bytes: Uint8Array;
  readonly createdAt: number;
}

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

/** A user as a snapshot keeps it: plain JSON, the known payees as a list. */
export type UserSnapshot = Omit<User, 'knownPayees'> & { readonly knownPayees: readonly string[] };

/** An upload as a snapshot keeps it: the bytes in base64. */
export type UploadSnapshot = Omit<Upload, 'bytes'> & { readonly bytes: string };

/**
 * Everything the bank holds, as a plain JSON object: what a state file keeps across a restart.
 * Records are listed in the bank's own order. The token signer's key is not in it: the signer
 * belongs to whoever builds the bank.
 */
export interface BankSnapshot {
  readonly version: typeof SNAPSHOT_VERSION;
  /** The key of the hashes of e-mailed codes (base64), so codes sent before a restart still match. */
  readonly codeKey: string;
  readonly users: readonly UserSnapshot[];
  readonly ledger: readonly LedgerEntry[];
  readonly requests: readonly MoneyRequest[];
  readonly notifications: readonly Notification[];
  readonly outbox: readonly OutboxMessage[];
  readonly uploads: readonly UploadSnapshot[];
}
