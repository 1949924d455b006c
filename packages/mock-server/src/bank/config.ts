import { DEFAULT_HASH_COST, type HashCost } from './security';
import type { PaymentMethod } from './model';

export interface StepUpRule {
  /** Ask for a code when the amount is at least this much (in currency units); null: never by amount. */
  readonly amountAtLeast: number | null;
  /** Ask for a code on the first transfer to a payee. */
  readonly newPayee: boolean;
}

/** At most `max` requests in any `windowSeconds`; null: no limit. */
export interface RateLimit {
  readonly max: number | null;
  readonly windowSeconds: number;
}

/**
 * The limits on one kind of call that no token opens: per client address, and per e-mail address the
 * call names, over all clients (rate-limits.ts).
 */
export interface CallLimits {
  readonly perClient: RateLimit;
  readonly perEmail: RateLimit;
}

export interface BankConfig {
  readonly serviceChargePercent: number;
  readonly tokenTtlMinutes: number;
  /** Lifetime of a token issued with 'Remember me'. */
  readonly rememberTtlMinutes: number;
  readonly kycTokenTtlMinutes: number;
  /**
   * How recent a sign-in an e-mail change needs, in minutes: the address is where reset links go, so a
   * session left open (or a token taken from it) must not be able to move the account to another address.
   */
  readonly recentSignInMinutes: number;
  readonly stepUp: StepUpRule;
  /** Wrong answers in a row before a factor locks, and for how long. */
  readonly maxAttempts: number;
  readonly lockMinutes: number;
  readonly emailCodeTtlMinutes: number;
  readonly stepUpCodeTtlMinutes: number;
  /** Login step 1, the e-mail lookup, which shows a name and picture before the passcode (docs/decisions/0010). */
  readonly lookupLimits: CallLimits;
  /** What checks a secret: login step 2 (a slow hash each), the e-mail verification code, the reset code or link. */
  readonly signInLimits: CallLimits;
  /** What e-mails a code or a link: a reset request and the two resends. */
  readonly mailLimits: CallLimits;
  /** Sign-ups (a slow hash and an e-mail each). */
  readonly signUpLimits: CallLimits;
  /** What a customer's uploads may hold in all: files, and bytes (pictures, KYC documents, proofs). */
  readonly uploadQuota: { readonly files: number; readonly bytes: number };
  /** Which deposit and payment methods are offered in the customer's region. */
  readonly paymentMethods: Readonly<Record<PaymentMethod, boolean>>;
  readonly hashCost: HashCost;
  /** Where the portal is, for links in e-mails (ends with `/`). */
  readonly publicUrl: string;
}

export const DEFAULT_BANK_CONFIG: BankConfig = {
  serviceChargePercent: 10,
  tokenTtlMinutes: 30,
  rememberTtlMinutes: 8 * 60,
  kycTokenTtlMinutes: 60,
  recentSignInMinutes: 10,
  stepUp: { amountAtLeast: 1000, newPayee: false },
  maxAttempts: 5,
  lockMinutes: 15,
  emailCodeTtlMinutes: 30,
  stepUpCodeTtlMinutes: 10,
  // Generous enough for people and for the browser tests (all from 127.0.0.1); a script is slowed down.
  lookupLimits: { perClient: { max: 30, windowSeconds: 60 }, perEmail: { max: 20, windowSeconds: 60 } },
  signInLimits: { perClient: { max: 10, windowSeconds: 60 }, perEmail: { max: 10, windowSeconds: 60 } },
  mailLimits: { perClient: { max: 20, windowSeconds: 15 * 60 }, perEmail: { max: 5, windowSeconds: 15 * 60 } },
  // An address can sign up once (a second sign-up is refused): per client only.
  signUpLimits: { perClient: { max: 20, windowSeconds: 10 * 60 }, perEmail: { max: null, windowSeconds: 10 * 60 } },
  uploadQuota: { files: 100, bytes: 50 * 1024 * 1024 },
  paymentMethods: { 'bank-transfer': false, card: false, cash: false, crypto: true, institutional: true },
  hashCost: DEFAULT_HASH_COST,
  publicUrl: 'http://localhost:8080/',
};
