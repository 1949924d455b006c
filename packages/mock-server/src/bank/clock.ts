/**
 * The bank's clock: the time every rule of the bank reads (code, lock, token and link expiry, the
 * lookup limits' windows, the dates of new records). It follows a time source (the real time, or a
 * test's) moved forward by an offset that demo staff set (`POST /__mock/clock`), so that a demo can
 * show a code expiring or a lock ending without waiting. It only moves forward, and back to the source.
 *
 * Going back (a reset, a restart on the real time, a snapshot saved while the clock was ahead) leaves
 * records whose times lie ahead of the bank's now. No time limit may outlive its own duration from
 * now because of that: a token issued after now is refused, a code or an authorization that ends
 * further than its whole lifetime from now counts as expired ({@link stillRuns}), and a lock lasts at
 * most its own duration from now (lockouts.ts).
 */
import { MAX_CLOCK_ADVANCE_MINUTES } from '@ebank/contract';
import { refuse } from './errors';

export const MINUTE_MS = 60_000;
/** The most one move may go forward: a year (as the staff contract says). */
export const MAX_ADVANCE_MINUTES = MAX_CLOCK_ADVANCE_MINUTES;
/** The most the clock may be ahead of its source in all: ten years. */
export const MAX_OFFSET_MINUTES = 10 * MAX_ADVANCE_MINUTES;

/**
 * Whether a time limit of `durationMs`, ending at `until`, still runs at `now`: it has not ended, and
 * it was not set after now (it would then end further than its whole duration from now: it was set
 * while the clock was ahead, and counts as expired).
 */
export const stillRuns = (until: number, durationMs: number, now: number): boolean =>
  until > now && until - now <= durationMs;

export class BankClock {
  private offsetMs = 0;

  /** `source` is the time followed (default the real time), in ms since the epoch. */
  constructor(private readonly source: () => number = Date.now) {}

  /** The bank's time now, in ms since the epoch. */
  readonly now = (): number => this.source() + this.offsetMs;

  /** The time the clock follows (the real time, or a test's), without the offset staff set. */
  readonly realNow = (): number => this.source();

  /** How far ahead of its source the clock is, in whole minutes. */
  get offsetMinutes(): number {
    return this.offsetMs / MINUTE_MS;
  }

  /** Moves the clock forward by a whole number of minutes (1 to {@link MAX_ADVANCE_MINUTES}). */
  advance(minutes: number): void {
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_ADVANCE_MINUTES)
      refuse('invalid', `advanceMinutes: must be a whole number from 1 to ${MAX_ADVANCE_MINUTES}`);
    if (this.offsetMinutes + minutes > MAX_OFFSET_MINUTES)
      refuse('invalid', `The clock can be at most ${MAX_OFFSET_MINUTES} minutes ahead: reset it first`);
    this.offsetMs += minutes * MINUTE_MS;
  }

  /** Back to the source's time. */
  reset(): void {
    this.offsetMs = 0;
  }
}
