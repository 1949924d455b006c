/**
 * Limits on the calls that no token opens, each kind with its own (config.ts): login step 1, the e-mail
 * lookup (which shows a name and picture before the passcode); what checks a secret (login step 2, the
 * e-mail verification code, the reset code); what e-mails a code or a link; sign-ups. Each kind is
 * counted per client address and per e-mail address over all clients (staff's own calls on a shared
 * server per client only: credentials.ts). Recent calls are not bank data and are never snapshotted.
 */
import type { BankConfig, CallLimits } from './config';
import type { BankContext } from './context';

/** The kinds of call that are limited, each with limits of its own. */
export type LimitedCall = 'lookup' | 'signIn' | 'mail' | 'signUp';

export interface RateLimitRefusal {
  readonly retryAfterSeconds: number;
  readonly message: string;
}

/** Where each kind's limits are in the bank's configuration, and what its refusal calls it. */
const KINDS: Readonly<
  Record<LimitedCall, { readonly limits: (config: BankConfig) => CallLimits; readonly what: string }>
> = {
  lookup: { limits: (config) => config.lookupLimits, what: 'Too many sign-in attempts' },
  signIn: { limits: (config) => config.signInLimits, what: 'Too many sign-in attempts' },
  mail: { limits: (config) => config.mailLimits, what: 'Too many e-mails requested' },
  signUp: { limits: (config) => config.signUpLimits, what: 'Too many sign-ups' },
};
const KIND_NAMES = Object.keys(KINDS) as LimitedCall[];

/** How long to wait, as people say it: seconds up to two minutes, then minutes. */
const waitText = (seconds: number) => {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
};

/** Past this many keys, keys with no call left in any window are forgotten. */
const PRUNE_AT = 10_000;

export class RateLimits {
  /** Recent call times by key (`<kind>:client:<address>`, `<kind>:email:<address>`). */
  private readonly callTimes = new Map<string, number[]>();

  constructor(private readonly context: BankContext) {}

  /**
   * Counts a call of a kind against its limits per client address and per e-mail address (none: an empty
   * address). Known and unknown addresses count alike. Over a limit it counts nothing and answers how long
   * to wait.
   */
  admit(kind: LimitedCall, client: string, email: string): RateLimitRefusal | undefined {
    const now = this.context.now();
    const { perClient, perEmail } = KINDS[kind].limits(this.context.config);
    const address = email.trim().toLowerCase();
    const checks = [
      { key: `${kind}:client:${client}`, limit: perClient, who: 'from your network' },
      ...(address ? [{ key: `${kind}:email:${address}`, limit: perEmail, who: 'for this e-mail address' }] : []),
    ];
    const recent = checks.map(({ key, limit }) => {
      // Calls counted while the bank clock was ahead (clock.ts) are not in the window once it is back.
      const times = (this.callTimes.get(key) ?? []).filter((t) => t > now - limit.windowSeconds * 1000 && t <= now);
      this.callTimes.set(key, times);
      return times;
    });
    for (const [i, { limit, who }] of checks.entries()) {
      const times = recent[i] ?? [];
      if (limit.max === null || times.length < limit.max) continue;
      // The call that leaves the window first makes room for the next one.
      const freedAt = (times[times.length - limit.max] ?? now) + limit.windowSeconds * 1000;
      const retryAfterSeconds = Math.max(1, Math.ceil((freedAt - now) / 1000));
      return {
        retryAfterSeconds,
        message: `${KINDS[kind].what} ${who}. Please wait ${waitText(retryAfterSeconds)} and try again.`,
      };
    }
    for (const times of recent) times.push(now);
    if (this.callTimes.size > PRUNE_AT) this.prune(now);
    return undefined;
  }

  /** Forgets the keys with no call left in the longest window of any kind. */
  private prune(now: number) {
    const windows = KIND_NAMES.flatMap((kind) => {
      const { perClient, perEmail } = KINDS[kind].limits(this.context.config);
      return [perClient.windowSeconds, perEmail.windowSeconds];
    });
    const longest = Math.max(...windows) * 1000;
    for (const [key, times] of this.callTimes) if (times.every((t) => t <= now - longest)) this.callTimes.delete(key);
  }
}
