/**
 * The demo's bank: the mock server's own Bank, seeded with the same personas, living in the page.
 * It may be kept in the tab's session storage, so a reload keeps what the visitor did (and keeps them
 * signed in: the token signing key is kept with it), with the named snapshots demo staff saved
 * (`/__mock/snapshots`) and the request journal. A saved bank that cannot be read is replaced by the seed. As on the server, the
 * bank clock's offset is not kept: a reload runs on the real time.
 */
import { Bank } from '@ebank/mock-server/src/bank/bank';
import type { BankConfig } from '@ebank/mock-server/src/bank/config';
import type { BankSnapshot } from '@ebank/mock-server/src/bank/model';
import {
  fromBase64,
  HASH_SCHEME,
  randomBytes,
  toBase64,
  TokenSigner,
  type HashCost,
} from '@ebank/mock-server/src/bank/security';
import { CATALOGUE, seedBank } from '@ebank/mock-server/src/bank/seed';
import { Journal } from '@ebank/mock-server/src/http/dev-journal';
import { NamedSnapshots, type NamedSnapshot } from '@ebank/mock-server/src/http/dev-snapshots';
import { JournalEntrySchema, type JournalEntry } from '@ebank/contract';
import * as z from 'zod/mini';
import {
  asParsed,
  BankSnapshotSchema,
  KEY_BYTES,
  KeySchema,
  NamedSnapshotsSchema,
} from '@ebank/mock-server/src/snapshot-schema';

/** A cheap PBKDF2 (the test harness's), so that signing in takes milliseconds in a browser. */
export const DEMO_HASH_COST: HashCost = { iterations: 1_000 };

/** The session storage key the bank is kept under. */
export const STORAGE_KEY = 'ebank-demo:bank';
const FORMAT = 'ebank-demo-bank';

export type DemoStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DemoBankOptions {
  /** Where the portal is (ending with `/`), for the links in e-mails. */
  readonly publicUrl: string;
  /** Keeps the bank across reloads; in memory only when absent. */
  readonly storage?: DemoStorage | undefined;
  /** More bank settings (the defaults are the server's, with {@link DEMO_HASH_COST}). */
  readonly config?: Partial<BankConfig>;
}

interface Saved {
  readonly format: typeof FORMAT;
  /** The token signing key, base64. */
  readonly signingKey: string;
  readonly snapshot: BankSnapshot;
  /** The named snapshots, oldest first (absent when there are none, or in a bank saved before there were any). */
  readonly snapshots?: readonly NamedSnapshot[];
  /** The request journal, newest first (absent when empty, or in a bank saved before it was kept). */
  readonly journal?: readonly JournalEntry[];
}

const JournalEntriesSchema = z.array(JournalEntrySchema);

/**
 * What the storage holds, if it is a bank this code wrote: its snapshot is checked with the schema the
 * server's state file is checked with (a later or damaged one is ignored).
 */
function readSaved(storage: DemoStorage | undefined): Saved | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('format' in parsed) || parsed.format !== FORMAT)
    return undefined;
  const signingKey = KeySchema.safeParse('signingKey' in parsed ? parsed.signingKey : undefined);
  const raw = 'snapshot' in parsed ? parsed.snapshot : undefined;
  const snapshot = BankSnapshotSchema.safeParse(raw);
  if (!signingKey.success || !snapshot.success) return undefined;
  // A bank saved before the bank hashed with PBKDF2 is replaced too: a browser cannot check its scrypt hashes.
  const hashes = snapshot.data.users.flatMap((u) => [u.passcodeHash, ...(u.pinHash === undefined ? [] : [u.pinHash])]);
  if (!hashes.every((hash) => hash.startsWith(`${HASH_SCHEME}$`))) return undefined;
  // Named snapshots that cannot be read are dropped; the bank itself is kept.
  const rawNamed = 'snapshots' in parsed ? parsed.snapshots : [];
  const named = NamedSnapshotsSchema.safeParse(rawNamed);
  // So is a journal that cannot be read.
  const journal = JournalEntriesSchema.safeParse('journal' in parsed ? parsed.journal : []);
  return {
    format: FORMAT,
    signingKey: signingKey.data,
    snapshot: asParsed(snapshot.data, raw),
    snapshots: named.success ? asParsed(named.data, rawNamed) : [],
    journal: journal.success ? journal.data : [],
  };
}

export class DemoBank {
  private readonly signingKey: Uint8Array;
  private readonly signer: TokenSigner;
  private bank: Promise<Bank>;
  private warned = false;
  /** The named snapshots (`/__mock/snapshots`); a reset keeps them. */
  readonly snapshots: NamedSnapshots;
  /**
   * The request journal (`/__mock/journal`), kept with the bank: staff who reload the page, or follow the
   * demo bar's link to the admin area, still find the calls made before.
   */
  readonly journal = new Journal();

  constructor(private readonly options: DemoBankOptions) {
    const saved = readSaved(options.storage);
    this.signingKey = saved ? fromBase64(saved.signingKey) : randomBytes(KEY_BYTES);
    this.signer = new TokenSigner(this.signingKey);
    const restored = saved && this.restoreBank(saved.snapshot);
    this.bank = restored ? Promise.resolve(restored) : this.seed();
    this.snapshots = new NamedSnapshots(restored ? saved.snapshots : []);
    if (restored) this.journal.restore(saved.journal ?? []);
  }

  /** The bank as it stands now. */
  current(): Promise<Bank> {
    return this.bank;
  }

  /** Back to the seeded bank (and that is what is kept). */
  async reset(): Promise<void> {
    this.bank = this.seed();
    await this.save();
  }

  /** A bank holding a snapshot's records in place of this one, on the same clock (and that is what is kept). */
  async restore(snapshot: BankSnapshot): Promise<void> {
    const { clock } = await this.bank;
    this.bank = Promise.resolve(Bank.restore(snapshot, { ...this.bankOptions, catalogue: CATALOGUE, clock }));
    await this.save();
  }

  /**
   * Keeps the bank as it stands now in the storage, with the named snapshots and the journal, if there is
   * one and it has room (without those two when only the bank fits).
   */
  async save(): Promise<void> {
    const { storage } = this.options;
    if (!storage) return;
    const bank: Saved = {
      format: FORMAT,
      signingKey: toBase64(this.signingKey),
      snapshot: (await this.bank).snapshot(),
    };
    const named = this.snapshots.all();
    const journal = this.journal.list();
    const full: Saved = {
      ...bank,
      ...(named.length > 0 ? { snapshots: named } : {}),
      ...(journal.length > 0 ? { journal } : {}),
    };
    try {
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify(full));
      } catch (error) {
        if (named.length === 0 && journal.length === 0) throw error;
        storage.setItem(STORAGE_KEY, JSON.stringify(bank));
      }
    } catch (error) {
      // Full (large uploads) or refused (private mode): the demo goes on in memory.
      storage.removeItem(STORAGE_KEY);
      if (!this.warned) console.warn('The demo bank cannot be kept across reloads:', error);
      this.warned = true;
    }
  }

  private get bankOptions() {
    return {
      config: { hashCost: DEMO_HASH_COST, publicUrl: this.options.publicUrl, ...this.options.config },
      signer: this.signer,
    };
  }

  private seed(): Promise<Bank> {
    return seedBank(this.bankOptions);
  }

  private restoreBank(snapshot: BankSnapshot): Bank | undefined {
    try {
      return Bank.restore(snapshot, { ...this.bankOptions, catalogue: CATALOGUE });
    } catch {
      return undefined;
    }
  }
}
