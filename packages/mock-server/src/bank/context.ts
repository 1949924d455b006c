/** What every part of the bank shares: its configuration, its reference data and its clock. */
import { formatMoney } from '@ebank/contract';
import type { BankConfig } from './config';
import type { Catalogue } from './model';
import type { OlderHashCheck } from './security';

/**
 * Whether a secret is the server's staff key (MOCK_STAFF_KEY), compared in constant time; the key itself is
 * not given to the bank, and no snapshot holds it.
 */
export type StaffKeyCheck = (secret: string) => boolean;

export interface BankContext {
  readonly config: BankConfig;
  readonly catalogue: Catalogue;
  readonly now: () => number;
  /**
   * The time the bank's clock follows, without the offset staff set: what the staff's own sessions run
   * on, so that moving the clock never signs out the admin who moved it (tokens.ts).
   */
  readonly realNow: () => number;
  /** Checks passcode and PIN hashes of an older format, where the platform can (security.ts). */
  readonly olderHashes?: OlderHashCheck | undefined;
  /**
   * With a staff key (a shared server): the admin's password is the key, and staff's sign-in calls are
   * never locked or limited per e-mail address (credentials.ts, docs/decisions/0047).
   */
  readonly isStaffKey?: StaffKeyCheck | undefined;
}

export const MINUTE = 60_000;

export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;

/**
 * An amount as the bank writes it in messages (`$1,000.00`): the contract's one money formatter, the
 * one the portal shows amounts with. The staff console writes amounts with it too.
 */
export const formatAmount = (context: Pick<BankContext, 'catalogue'>, cents: number) =>
  formatMoney(fromCents(cents), context.catalogue.currency);

/** Newest first; records made at the same moment, the later-made first. */
export const newestFirst = <T extends { readonly createdAt: number }>(records: readonly T[]): T[] =>
  [...records].reverse().sort((a, b) => b.createdAt - a.createdAt);
