/**
 * Limits on login step 1, the e-mail lookup (which shows a name and picture before the passcode):
 * per client address and per looked-up address. Recent lookups are not bank data and are never
 * snapshotted.
 */
import type { BankContext } from './context';

export interface LookupRefusal {
  readonly retryAfterSeconds: number;
  readonly message: string;
}

export class LookupLimits {
  /** Recent lookup times by key (`client:<address>`, `email:<address>`). */
  private readonly lookupTimes = new Map<string, number[]>();

  constructor(private readonly context: BankContext) {}

  /**
   * Counts a lookup against the limits per client address and per looked-up address. Known and
   * unknown addresses count alike. Over a limit it counts nothing and answers how long to wait.
   */
  admit(client: string, email: string): LookupRefusal | undefined {
    const now = this.context.now();
    const { perClient, perEmail } = this.context.config.lookupLimits;
    const address = email.trim().toLowerCase();
    const checks = [
      { key: `client:${client}`, limit: perClient, who: 'from your network' },
      ...(address ? [{ key: `email:${address}`, limit: perEmail, who: 'for this e-mail address' }] : []),
    ];
    const recent = checks.map(({ key, limit }) => {
      // Lookups counted while the bank clock was ahead (clock.ts) are not in the window once it is back.
      const times = (this.lookupTimes.get(key) ?? []).filter((t) => t > now - limit.windowSeconds * 1000 && t <= now);
      this.lookupTimes.set(key, times);
      return times;
    });
    for (const [i, { limit, who }] of checks.entries()) {
      const times = recent[i] ?? [];
      if (limit.max === null || times.length < limit.max) continue;
      // The lookup that leaves the window first makes room for the next one.
      const freedAt = (times[times.length - limit.max] ?? now) + limit.windowSeconds * 1000;
      const retryAfterSeconds = Math.max(1, Math.ceil((freedAt - now) / 1000));
      return {
        retryAfterSeconds,
        message: `Too many sign-in attempts ${who}. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`,
      };
    }
    for (const times of recent) times.push(now);
    if (this.lookupTimes.size > 10_000) {
      const longest = Math.max(perClient.windowSeconds, perEmail.windowSeconds) * 1000;
      for (const [key, times] of this.lookupTimes)
        if (times.every((t) => t <= now - longest)) this.lookupTimes.delete(key);
    }
    return undefined;
  }
}
