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
 * Login step 1 (the e-mail lookup, which shows a name and picture before the passcode): limits per
 * client address, and per looked-up e-mail address over all clients. See docs/decisions/0010.
 */
export interface LookupLimits {
  readonly perClient: RateLimit;
  readonly perEmail: RateLimit;
}

export interface BankConfig {
  readonly serviceChargePercent: number;
  readonly tokenTtlMinutes: number;
  /** Lifetime of a token issued with 'Remember me'. */
  readonly rememberTtlMinutes: number;
  readonly kycTokenTtlMinutes: number;
  readonly stepUp: StepUpRule;
  /** Wrong answers in a row before a factor locks, and for how long. */
  readonly maxAttempts: number;
  readonly lockMinutes: number;
  readonly emailCodeTtlMinutes: number;
  readonly stepUpCodeTtlMinutes: number;
  readonly lookupLimits: LookupLimits;
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
  stepUp: { amountAtLeast: 1000, newPayee: false },
  maxAttempts: 5,
  lockMinutes: 15,
  emailCodeTtlMinutes: 30,
  stepUpCodeTtlMinutes: 10,
  // Generous enough for people and for the browser tests (all from 127.0.0.1); a script is slowed down.
  lookupLimits: { perClient: { max: 30, windowSeconds: 60 }, perEmail: { max: 20, windowSeconds: 60 } },
  paymentMethods: { 'bank-transfer': false, card: false, cash: false, crypto: true, institutional: true },
  hashCost: DEFAULT_HASH_COST,
  publicUrl: 'http://localhost:8080/',
};
