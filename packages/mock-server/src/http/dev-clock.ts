/**
 * The bank's clock for demo staff: `GET /__mock/clock` tells how far it is ahead and the bank's time;
 * `POST /__mock/clock` with `{"advanceMinutes": N}` moves it forward, with `{"reset": true}` back to
 * the real time. Every rule of the bank reads that clock (bank/clock.ts). The clock belongs to the
 * bank: `POST /__mock/reset` (a new seeded bank) sets it back, a restored snapshot keeps it, and it is
 * not kept in the state file (a restart runs on the real time).
 *
 * Transport-free, like dev-endpoints.ts (which registers {@link clockEndpoints}).
 */
import { z } from 'zod';
import type { Bank } from '../bank/bank';
import { MAX_ADVANCE_MINUTES } from '../bank/clock';
import { refuse } from '../bank/errors';
import type { DevEndpoint, Reply } from './dev-endpoints';

/** Where the clock is read (`GET`) and moved (`POST`). */
export const CLOCK_PATH = '/__mock/clock';

/** What the clock endpoints answer. */
export interface ClockState {
  /** How far the bank's clock is ahead of the real time, in minutes. */
  readonly offsetMinutes: number;
  /** The bank's time now (ISO 8601). */
  readonly now: string;
}

const USAGE = `Send {"advanceMinutes": N} (N from 1 to ${MAX_ADVANCE_MINUTES}) or {"reset": true}`;

/**
 * How far one move goes: a whole number of minutes, at most a year ({@link MAX_ADVANCE_MINUTES}), so
 * that no move can put the bank's records (tokens, codes, locks) years ahead. The clock checks it
 * again, and also keeps its total offset within bounds (bank/clock.ts).
 */
const AdvanceMinutesSchema = z
  .number({ error: 'advanceMinutes: must be a number of minutes' })
  .int({ error: 'advanceMinutes: must be a whole number of minutes' })
  .min(1, { error: 'advanceMinutes: must be at least 1 minute' })
  .max(MAX_ADVANCE_MINUTES, {
    error: `advanceMinutes: can be at most ${MAX_ADVANCE_MINUTES} minutes (a year) at a time`,
  });

/** The two moves. */
const AdvanceSchema = z.strictObject({ advanceMinutes: AdvanceMinutesSchema });
const ResetSchema = z.strictObject({ reset: z.literal(true) });

export const clockState = (bank: Bank): ClockState => ({
  offsetMinutes: bank.clock.offsetMinutes,
  now: new Date(bank.now()).toISOString(),
});

/**
 * Moves the bank's clock as a request's body says; a body that says neither move is refused (400),
 * with what is wrong with the minutes when only they are.
 */
function moveClock(bank: Bank, body: unknown): void {
  if (ResetSchema.safeParse(body).success) {
    bank.clock.reset();
    return;
  }
  const move = AdvanceSchema.safeParse(body);
  if (move.success) {
    bank.clock.advance(move.data.advanceMinutes);
    return;
  }
  const issues = move.error.issues;
  const minutes = issues.length === 1 && issues[0]?.path[0] === 'advanceMinutes' ? issues[0] : undefined;
  refuse('invalid', minutes?.message ?? USAGE);
}

/** `GET` and `POST /__mock/clock`, answered with the developer endpoints' JSON reply (`ok`). */
export function clockEndpoints(
  ok: (value: unknown, headers?: Readonly<Record<string, string>>) => Reply,
): Record<'clock' | 'moveClock', DevEndpoint> {
  return {
    clock: {
      method: 'GET',
      path: CLOCK_PATH,
      answer: async (host) => ok(clockState(await host.bank()), { 'Cache-Control': 'no-store' }),
    },
    moveClock: {
      method: 'POST',
      path: CLOCK_PATH,
      answer: async (host, { body }) => {
        const bank = await host.bank();
        moveClock(bank, body);
        return ok(clockState(bank), { 'Cache-Control': 'no-store' });
      },
    },
  };
}
