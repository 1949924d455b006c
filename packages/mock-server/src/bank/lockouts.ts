/**
 * Wrong answers in a row: each factor (passcode, PIN, e-mailed codes) is counted on the user, on its
 * own; the fifth wrong answer locks that factor for a while, a right one clears the count. On a shared
 * server the admin signs in with the staff key, which is not counted (credentials.ts).
 *
 * "In a row" means what it says: the count goes on until a right answer or a lock, however much time
 * passes between the answers, so moving the bank's clock (either way) never gives a guess back. Only
 * the lock has a time: it ends after its duration, and it never lasts longer than that from now, even
 * when it was set while the clock was ahead and the clock has gone back since.
 */
import { MINUTE, type BankContext } from './context';
import { refuse } from './errors';
import type { Factor, User } from './model';
import { verifySecret } from './security';

/** Whose wrong answers are counted: a customer, or a stand-in for an address the bank does not know (decoys.ts). */
export type AttemptsHolder = Pick<User, 'attempts'>;

const FACTOR_LABEL: Record<Factor, string> = {
  passcode: 'passcode',
  pin: 'PIN',
  emailCode: 'verification code',
  resetCode: 'reset code',
  stepUp: 'authorization code',
};

export class Lockouts {
  constructor(private readonly context: BankContext) {}

  /** Refuses while a factor is locked. */
  assertUnlocked(user: AttemptsHolder, factor: Factor) {
    const attempts = user.attempts[factor];
    const now = this.context.now();
    // A lock set while the clock was ahead (it has gone back since) is brought back to a lock's length
    // from now, and kept so: it ends on time, and it still holds meanwhile (no guesses given back).
    const longest = now + this.context.config.lockMinutes * MINUTE;
    if (attempts.lockedUntil > longest) attempts.lockedUntil = longest;
    const { lockedUntil } = attempts;
    if (lockedUntil > now) {
      const minutes = Math.ceil((lockedUntil - now) / MINUTE);
      refuse(
        'locked',
        `Too many wrong ${FACTOR_LABEL[factor]} attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  /** Counts a wrong answer; the fifth in a row locks the factor. Always throws. */
  wrongAnswer(user: AttemptsHolder, factor: Factor, what: string): never {
    const { maxAttempts, lockMinutes } = this.context.config;
    const attempts = user.attempts[factor];
    attempts.failures += 1;
    if (attempts.failures >= maxAttempts) {
      attempts.failures = 0;
      attempts.lockedUntil = this.context.now() + lockMinutes * MINUTE;
      return refuse('locked', `Too many wrong ${FACTOR_LABEL[factor]} attempts. Try again in ${lockMinutes} minutes.`);
    }
    const left = maxAttempts - attempts.failures;
    return refuse('invalid', `${what} ${left} attempt${left === 1 ? '' : 's'} left.`);
  }

  rightAnswer(user: AttemptsHolder, factor: Factor) {
    user.attempts[factor] = { failures: 0, lockedUntil: 0 };
  }

  /**
   * Checks a secret against its slow hash, counting the answer. The lock is checked again after the
   * hash: wrong answers given meanwhile may have locked the factor.
   */
  async checkSecret(user: AttemptsHolder, factor: 'passcode' | 'pin', secret: string, hash: string, wrong: string) {
    this.assertUnlocked(user, factor);
    const ok = await verifySecret(secret, hash, this.context.olderHashes);
    this.assertUnlocked(user, factor);
    if (!ok) this.wrongAnswer(user, factor, wrong);
    this.rightAnswer(user, factor);
  }
}
