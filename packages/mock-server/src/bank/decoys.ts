/**
 * Stand-ins for e-mail addresses the bank does not know. Login step 2, the e-mail verification and the
 * passcode reset answer an unknown address exactly as a known one that gets a wrong answer: each counts
 * wrong answers against its address and locks after the fifth (lockouts.ts), with the same messages.
 * So those calls do not tell which addresses have an account. Only login step 1 shows that, by design
 * and rate limited (docs/decisions/0010).
 *
 * Stand-ins are not bank data: they are never snapshotted, and a reset forgets them. At most
 * {@link MAX_DECOYS} are kept, the oldest forgotten first.
 */
import type { AttemptsHolder } from './lockouts';
import type { Attempts, Factor } from './model';

/** How many addresses' stand-ins are kept at most. */
export const MAX_DECOYS = 10_000;

const clean = (): Attempts => ({ failures: 0, lockedUntil: 0 });

export class Decoys {
  private readonly byEmail = new Map<string, AttemptsHolder>();

  /** The stand-in of an address (made on first use). */
  of(email: string): AttemptsHolder {
    const address = email.trim().toLowerCase();
    const known = this.byEmail.get(address);
    if (known) return known;
    const attempts: Record<Factor, Attempts> = {
      passcode: clean(),
      pin: clean(),
      emailCode: clean(),
      resetCode: clean(),
      stepUp: clean(),
    };
    const decoy = { attempts };
    this.byEmail.set(address, decoy);
    if (this.byEmail.size > MAX_DECOYS) {
      const oldest = this.byEmail.keys().next();
      if (!oldest.done) this.byEmail.delete(oldest.value);
    }
    return decoy;
  }
}
