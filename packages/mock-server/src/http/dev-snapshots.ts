/**
 * Named snapshots for demo staff: save the bank under a name (`POST /__mock/snapshots {"name"}`; a
 * name already saved is overwritten), list them (`GET`, newest first), bring one back
 * (`POST /__mock/snapshots/:name/restore`) and remove one (`DELETE /__mock/snapshots/:name`). A
 * snapshot holds the bank's records (bank/snapshot.ts), not its clock: a restored bank runs on the
 * clock as it stands. Snapshots are not part of the bank, so `POST /__mock/reset` keeps them; the state
 * file (persistence.ts) and the demo's saved bank keep them too. At most {@link MAX_NAMED_SNAPSHOTS}.
 *
 * Transport-free, like dev-endpoints.ts (which registers {@link snapshotEndpoints}).
 */
import { staffContract, type SnapshotSummary } from '@ebank/contract';
import { refuse } from '../bank/errors';
import type { BankSnapshot } from '../bank/model';
import { staffEndpoint, type StaffEndpoint } from './staff-endpoint';

/** Where snapshots are listed (`GET`) and saved (`POST`); `/:name/restore` and `/:name` below it. */
export const SNAPSHOTS_PATH = staffContract.listSnapshots.path;
/** How many named snapshots are kept at most (each is a whole copy of the bank). */
export const MAX_NAMED_SNAPSHOTS = 20;

/** A bank saved under a name. */
export interface NamedSnapshot {
  readonly name: string;
  /** When it was saved, by the bank's clock (ISO 8601). */
  readonly savedAt: string;
  readonly snapshot: BankSnapshot;
}

/** The named snapshots, in the order saved (a name saved again moves to the end). */
export class NamedSnapshots {
  private readonly saved = new Map<string, NamedSnapshot>();

  /** `initial`: as kept in a state file or the demo's storage (validated there), oldest first. */
  constructor(initial: readonly NamedSnapshot[] = []) {
    for (const entry of initial) this.saved.set(entry.name, entry);
  }

  /** Saves a snapshot under a name (a name saved before is overwritten); a new name past the limit is refused. */
  save(name: string, snapshot: BankSnapshot, savedAt: string): SnapshotSummary {
    if (!this.saved.has(name) && this.saved.size >= MAX_NAMED_SNAPSHOTS)
      refuse('conflict', `At most ${MAX_NAMED_SNAPSHOTS} snapshots are kept: delete one first`);
    this.saved.delete(name);
    this.saved.set(name, { name, savedAt, snapshot });
    return { name, savedAt };
  }

  /** The snapshot saved under a name; an unknown name is refused (404). */
  get(name: string): NamedSnapshot {
    return this.saved.get(name) ?? refuse('not_found', `No snapshot named '${name}'`);
  }

  /** Removes a snapshot; an unknown name is refused (404). */
  delete(name: string): void {
    if (!this.saved.delete(name)) refuse('not_found', `No snapshot named '${name}'`);
  }

  /** Names and times, newest first. */
  list(): SnapshotSummary[] {
    return [...this.saved.values()].reverse().map(({ name, savedAt }) => ({ name, savedAt }));
  }

  /** Every snapshot, oldest first, as a state file keeps them. */
  all(): readonly NamedSnapshot[] {
    return [...this.saved.values()];
  }
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The snapshot endpoints of the staff contract. */
export function snapshotEndpoints(): Record<
  'snapshots' | 'saveSnapshot' | 'restoreSnapshot' | 'deleteSnapshot',
  StaffEndpoint
> {
  return {
    snapshots: staffEndpoint(staffContract.listSnapshots, { headers: NO_STORE })((host) =>
      Promise.resolve({ status: 200, body: host.snapshots.list() }),
    ),
    saveSnapshot: staffEndpoint(staffContract.saveSnapshot)(async (host, { body }) => {
      const bank = await host.bank();
      const saved = host.snapshots.save(body.name, bank.snapshot(), new Date(bank.now()).toISOString());
      return { status: 201, body: saved };
    }),
    restoreSnapshot: staffEndpoint(staffContract.restoreSnapshot)(async (host, { params }) => {
      const { name, savedAt, snapshot } = host.snapshots.get(params.name);
      await host.restore(snapshot);
      return { status: 200, body: { ok: true, name, savedAt } };
    }),
    deleteSnapshot: staffEndpoint(staffContract.deleteSnapshot)((host, { params }) => {
      host.snapshots.delete(params.name);
      return Promise.resolve({ status: 200, body: { ok: true, name: params.name } });
    }),
  };
}
