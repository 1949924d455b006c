/**
 * The bank's clock: the time every rule of the bank reads (code, lock, token and link expiry, the
 * lookup limits' windows, the dates of new records). It follows a time source (the real time, or a
 * test's) moved forward by an offset that demo staff set (`POST /__mock/clock`), so that a demo can
 * show a code expiring or a lock ending without waiting. It only moves forward, and back to the source.
 */
import { refuse } from './errors';

export const MINUTE_MS = 60_000;
/** The most one move may go forward: a year. */
export const MAX_ADVANCE_MINUTES = 525_600;
/** The most the clock may be ahead of its source in all: ten years. */
export const MAX_OFFSET_MINUTES = 10 * MAX_ADVANCE_MINUTES;

export class BankClock {
  private offsetMs = 0;

  /** `source` is the time followed (default the real time), in ms since the epoch. */
  constructor(private readonly source: () => number = Date.now) {}

  /** The bank's time now, in ms since the epoch. */
  readonly now = (): number => this.source() + this.offsetMs;

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
