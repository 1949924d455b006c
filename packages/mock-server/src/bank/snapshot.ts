/**
 * The bank as one plain JSON object (a state file keeps it across restarts; the bank itself has no
 * fs), and its fingerprint. Records are listed in the bank's own order, so a restored bank has the
 * same digest.
 */
import type { CodeKey } from './codes';
import type { Ledger } from './ledger';
import type { Notifications, Outbox } from './messages';
import { SNAPSHOT_VERSION, type BankSnapshot } from './model';
import type { MoneyRequests } from './requests';
import type { Uploads } from './uploads';
import type { Users } from './users';

/** The parts of the bank that hold its records. */
export interface BankRecords {
  readonly codes: CodeKey;
  readonly users: Users;
  readonly ledger: Ledger;
  readonly requests: MoneyRequests;
  readonly notifications: Notifications;
  readonly outbox: Outbox;
  readonly uploads: Uploads;
}

/**
 * A fingerprint of everything the bank holds, to show that a refused request changed nothing: its
 * records as one JSON text (uploads by id), equal for equal banks.
 */
export function digestOf(parts: BankRecords): string {
  const state = {
    users: parts.users.records(),
    ledger: parts.ledger.records(),
    requests: parts.requests.all(),
    notifications: parts.notifications.records(),
    outbox: parts.outbox.records(),
    uploads: parts.uploads.ids(),
  };
  return JSON.stringify(state);
}

/** Everything the bank holds, as a plain JSON object (a copy: later changes do not touch it). */
export function snapshotOf(parts: BankRecords): BankSnapshot {
  const records = structuredClone({
    users: parts.users.records(),
    ledger: parts.ledger.records(),
    requests: parts.requests.all(),
    notifications: parts.notifications.records(),
    outbox: parts.outbox.records(),
  });
  return {
    version: SNAPSHOT_VERSION,
    codeKey: parts.codes.toBase64(),
    ...records,
    uploads: parts.uploads.records(),
  };
}

/**
 * Loads a snapshot into empty parts, in the same order. The snapshot must come from snapshotOf() or
 * be validated as one (see persistence.ts); it is copied.
 */
export function loadSnapshot(parts: BankRecords, snapshot: BankSnapshot) {
  parts.codes.load(snapshot.codeKey);
  const copy = structuredClone(snapshot);
  parts.users.load(copy.users);
  parts.ledger.load(copy.ledger);
  parts.requests.load(copy.requests);
  parts.notifications.load(copy.notifications);
  parts.outbox.load(copy.outbox);
  parts.uploads.load(copy.uploads);
}
