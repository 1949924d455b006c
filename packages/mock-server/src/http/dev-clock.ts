/**
 * The bank's clock for demo staff: `GET /__mock/clock` tells how far it is ahead and the bank's time;
 * `POST /__mock/clock` with `{"advanceMinutes": N}` moves it forward, with `{"reset": true}` back to
 * the real time (the staff contract's `getClock` and `moveClock`). Every rule of the bank reads that clock
 * (bank/clock.ts). The clock belongs to the bank: `POST /__mock/reset` (a new seeded bank) sets it back, a
 * restored snapshot keeps it, and it is not kept in the state file (a restart runs on the real time).
 *
 * Transport-free, like dev-endpoints.ts (which registers {@link clockEndpoints}).
 */
import { CLOCK_USAGE, ClockAdvanceSchema, staffContract, type ClockState } from '@ebank/contract';
import type { Bank } from '../bank/bank';
import { staffEndpoint, type StaffEndpoint } from './staff-endpoint';

/** Where the clock is read (`GET`) and moved (`POST`). */
export const CLOCK_PATH = staffContract.getClock.path;

export const clockState = (bank: Bank): ClockState => ({
  offsetMinutes: bank.clock.offsetMinutes,
  now: new Date(bank.now()).toISOString(),
});

/**
 * What a body that says neither move is told: what is wrong with the minutes when only they are, else
 * how to move the clock. (One move may go at most a year, so that no move can put the bank's records
 * years ahead; the clock checks it again, and keeps its total offset within bounds.)
 */
function refusal(body: unknown): string {
  const advance = ClockAdvanceSchema.safeParse(body);
  const issues = advance.success ? [] : advance.error.issues;
  const minutes = issues.length === 1 && issues[0]?.path[0] === 'advanceMinutes' ? issues[0] : undefined;
  return minutes?.message ?? CLOCK_USAGE;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/** `GET` and `POST /__mock/clock`. */
export function clockEndpoints(): Record<'clock' | 'moveClock', StaffEndpoint> {
  return {
    clock: staffEndpoint(staffContract.getClock, { headers: NO_STORE })(async (host) => ({
      status: 200,
      body: clockState(await host.bank()),
    })),
    moveClock: staffEndpoint(staffContract.moveClock, { headers: NO_STORE, bodyRefusal: refusal })(
      async (host, { body: move }) => {
        const bank = await host.bank();
        if ('reset' in move) bank.clock.reset();
        else bank.clock.advance(move.advanceMinutes);
        return { status: 200, body: clockState(bank) };
      },
    ),
  };
}
