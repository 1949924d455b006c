/**
 * The optional state file (`MOCK_STATE_FILE`): the whole bank as JSON, so that a prepared demo
 * outlives a restart. Read and validated once at start; written atomically (`write-file-atomic`: a
 * temp file in the same directory, fsync, rename over the target) at start, shortly after every
 * request that changed the bank (a burst is written once), and on shutdown. A request that changed
 * nothing (a 404, a refused call) does not even read the bank: the bank counts its own changes
 * (`Bank.changes`). Without it the bank lives in memory only and nothing is written. The bank itself
 * has no fs: it only gives and takes a snapshot.
 *
 * The file also keeps the named snapshots demo staff saved (`POST /__mock/snapshots`; an older file
 * without them still loads, with none). It does not keep the bank clock's offset (`POST /__mock/clock`):
 * a restart runs on the real time.
 *
 * The file also keeps the token signing key, so that a restart (`pnpm dev` restarts on every edit)
 * does not sign everybody out. Tokens still expire, and a passcode change before the restart still
 * retires older tokens (the credential version is in the snapshot). The file holds that key and the
 * passcode hashes, so it is written readable by its owner only.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { RequestHandler } from 'express';
import writeFileAtomic from 'write-file-atomic';
import * as z from 'zod/mini';
import { Bank, type BankOptions } from './bank/bank';
import { SNAPSHOT_VERSION, type BankSnapshot } from './bank/model';
import { CATALOGUE } from './bank/seed';
import type { NamedSnapshot } from './http/dev-snapshots';
import { asParsed, checkRecords, KEY_BYTES, KeySchema, NamedSnapshotsSchema, snapshotShape } from './snapshot-schema';

/** What the file says it is. */
export const STATE_FORMAT = 'ebank-mock-state';
/** How long after a change the file is written; later changes in that time join the same write. */
export const DEFAULT_WRITE_DELAY_MS = 200;

/** A state file that cannot be used; its message is one line, meant for the person starting the server. */
export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

// -------------------------------------------------------------------------------------------------
// the file's schema: the bank's snapshot (snapshot-schema.ts) with what the file says it is, the
// token signing key, and the named snapshots (absent in a file written before there were any)

const { version: snapshotVersion, ...snapshotRecords } = snapshotShape;

/** The state file's schema (strict: an unknown key means another version wrote it). */
export const StateFileSchema = z
  .strictObject({
    format: z.literal(STATE_FORMAT),
    version: snapshotVersion,
    savedAt: z.iso.datetime(),
    signingKey: KeySchema,
    snapshots: z.optional(NamedSnapshotsSchema),
    ...snapshotRecords,
  })
  .check(z.superRefine(checkRecords));

// -------------------------------------------------------------------------------------------------
// reading

export interface StoredState {
  /** The key tokens are signed with. */
  readonly signingKey: Buffer;
  readonly snapshot: BankSnapshot;
  /** The named snapshots, oldest first (none in a file written before there were any). */
  readonly snapshots: readonly NamedSnapshot[];
}

const MOVE_AWAY = 'Move it away (or delete it) to start from the seeded bank.';

const errorCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
const oneLine = (s: string) => s.replace(/\s+/gu, ' ').trim();

/**
 * The state a file holds, validated; undefined when there is no file (start from the seed then).
 * A file that cannot be read or used is a StateFileError: a demo is never silently reseeded over.
 */
export function readStateFile(file: string): StoredState | undefined {
  const where = `The state file ${file} (MOCK_STATE_FILE)`;
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw new StateFileError(oneLine(`${where} cannot be read: ${errorMessage(error)}`));
  }
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    throw new StateFileError(`${where} is not valid JSON: it is damaged or not a state file. ${MOVE_AWAY}`);
  }
  const head = z.looseObject({ format: z.literal(STATE_FORMAT), version: z.unknown() }).safeParse(raw);
  if (!head.success) throw new StateFileError(`${where} is not a mock bank state file. ${MOVE_AWAY}`);
  if (head.data.version !== SNAPSHOT_VERSION)
    throw new StateFileError(
      oneLine(
        `${where} has version ${JSON.stringify(head.data.version) || 'none'}; this server reads version ${SNAPSHOT_VERSION}. ${MOVE_AWAY}`,
      ),
    );
  const parsed = StateFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new StateFileError(oneLine(`${where} is damaged (${at}${issue?.message ?? 'invalid'}). ${MOVE_AWAY}`));
  }
  // The file's own key order: the bank's (see asParsed).
  const { format, savedAt, signingKey, snapshots = [], ...snapshot } = asParsed(parsed.data, raw);
  return { signingKey: Buffer.from(signingKey, 'base64'), snapshot, snapshots };
}

// -------------------------------------------------------------------------------------------------
// writing

/** What a state file keeps, as looked at: the bank (a reset replaces it), its count of changes, the named snapshots. */
interface Seen {
  readonly bank: Bank;
  readonly changes: number;
  readonly named: readonly NamedSnapshot[];
}

/** Whether nothing changed between two looks (a named snapshot saved again is a new entry). */
const sameState = (a: Seen, b: Seen) =>
  a.bank === b.bank &&
  a.changes === b.changes &&
  a.named.length === b.named.length &&
  a.named.every((entry, i) => entry === b.named[i]);

export interface StateFileOptions {
  /** Delay between a change and its write (default 200 ms). */
  readonly delayMs?: number | undefined;
  /** Where a failed background write is reported (default console.error). */
  readonly log?: (message: string) => void;
}

/** A bank kept in a file: open it, restore from it, then keep the current bank in it. */
export class StateFile {
  readonly signingKey: Buffer;
  private readonly stored: StoredState | undefined;
  private readonly delayMs: number;
  private readonly log: (message: string) => void;
  private current: (() => Bank) | undefined;
  private named: () => readonly NamedSnapshot[] = () => [];
  private timer: NodeJS.Timeout | undefined;
  private written: string | undefined;
  /** What was kept when last looked at (after a request, or at the start). */
  private seen: Seen | undefined;
  private closed = false;

  /** Reads and validates the file (see readStateFile); a missing file is fine. */
  constructor(
    readonly file: string,
    options: StateFileOptions = {},
  ) {
    this.stored = readStateFile(file);
    this.signingKey = this.stored?.signingKey ?? randomBytes(KEY_BYTES);
    this.delayMs = options.delayMs ?? DEFAULT_WRITE_DELAY_MS;
    this.log = options.log ?? ((message) => console.error(message));
  }

  /** The named snapshots the file holds, oldest first (none when there was no file). */
  get namedSnapshots(): readonly NamedSnapshot[] {
    return this.stored?.snapshots ?? [];
  }

  /** The bank the file holds, or undefined when there was no file (seed then). */
  restore(options: Omit<BankOptions, 'catalogue'>): Bank | undefined {
    return this.stored && Bank.restore(this.stored.snapshot, { ...options, catalogue: CATALOGUE });
  }

  /**
   * Keeps the bank `current()` answers (and the named snapshots `named()` lists) in the file: writes it
   * now (a StateFileError if it cannot), then after every request that may have changed it. Returns the
   * middleware that notices those.
   */
  keep(current: () => Bank, named?: () => readonly NamedSnapshot[]): RequestHandler {
    this.current = current;
    if (named) this.named = named;
    this.flush();
    this.seen = this.look();
    return (req, res, next) => {
      this.watch(req, res);
      next();
    };
  }

  /**
   * Notes a request that may change the bank (any but GET and HEAD): after its reply, the file is
   * written soon if the bank changed (another bank, one that counted a change, other named snapshots).
   */
  watch(req: { readonly method?: string | undefined }, res: { once(event: 'close', listener: () => void): unknown }) {
    if (req.method !== 'GET' && req.method !== 'HEAD') res.once('close', this.noticeChanges);
  }

  /** The bank kept, its count of changes, and the named snapshots, as they stand. */
  private look(): Seen | undefined {
    const bank = this.current?.();
    return bank && { bank, changes: bank.changes, named: this.named() };
  }

  /** If anything changed since last looked at, a write soon. Cheap: nothing is read or hashed. */
  private readonly noticeChanges = (): void => {
    const now = this.look();
    const seen = this.seen;
    if (!now || (seen && sameState(seen, now))) return;
    this.seen = now;
    this.changed();
  };

  /** Something may have changed: write soon. Changes until then are written together. */
  readonly changed = (): void => {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      try {
        this.flush();
      } catch (error) {
        this.log(errorMessage(error));
      }
    }, this.delayMs);
    this.timer.unref();
  };

  /** Writes the bank now if it differs from what was last written (a StateFileError if it cannot). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.current) return;
    const snapshot = this.current().snapshot();
    const snapshots = this.named();
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(snapshot))
      .update(JSON.stringify(snapshots))
      .digest('base64');
    if (fingerprint === this.written) return;
    const { version, ...records } = snapshot;
    const content = {
      format: STATE_FORMAT,
      version,
      savedAt: new Date().toISOString(),
      signingKey: this.signingKey.toString('base64'),
      ...(snapshots.length > 0 ? { snapshots } : {}),
      ...records,
    };
    try {
      // Readable by its owner only, whatever an older file's mode was.
      writeFileAtomic.sync(this.file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
    } catch (error) {
      throw new StateFileError(oneLine(`Cannot write the state file ${this.file}: ${errorMessage(error)}`));
    }
    this.written = fingerprint;
  }

  /** A last write, and no more after it (on shutdown). */
  close(): void {
    try {
      this.flush();
    } finally {
      this.closed = true;
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }
}
