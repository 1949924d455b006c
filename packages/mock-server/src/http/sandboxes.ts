/**
 * Sandboxes (docs/decisions/0043-sandboxes.md): beside the default bank, any number of whole banks, each
 * with its customers, ledger, outbox, clock and token key (in its {@link Bank}), its request journal, its
 * named snapshots and its fault rules. A request picks one by the `X-Mock-Sandbox` header or the
 * `mock_sandbox` cookie; with neither it reaches the default bank. The first use of a name makes its
 * sandbox from the seed; staff may make one from a named snapshot of the default bank instead. 'Start over'
 * brings a sandbox back to how it began: that snapshot, or the seed. An idle sandbox goes after
 * `idleMinutes` of real time; at most `max` exist at once, and the next is refused (503); a client on
 * another machine may hold at most `perClient` (429).
 *
 * Only the default bank is kept in the state file: sandboxes are short-lived, and live in memory only.
 */
import { randomBytes } from 'node:crypto';
import {
  SANDBOX_NAME,
  SANDBOX_NAME_RULE,
  type CurrentSandbox,
  type Sandbox as SandboxRecord,
  type SandboxSummary,
} from '@ebank/contract';
import type { Bank } from '../bank/bank';
import { refuse } from '../bank/errors';
import type { BankSnapshot } from '../bank/model';
import type { DevHost } from './dev-endpoints';
import { Journal } from './dev-journal';
import { NamedSnapshots } from './dev-snapshots';
import { isLoopback } from './access';
import { FaultRules } from './fault-rules';

/** `1 minute`, `60 minutes`. */
const minutes = (n: number) => `${String(n)} minute${n === 1 ? '' : 's'}`;

export const DEFAULT_SANDBOX_IDLE_MINUTES = 60;
export const DEFAULT_SANDBOXES_MAX = 50;
export const DEFAULT_SANDBOXES_PER_CLIENT = 5;

export interface SandboxLimits {
  /** How long a sandbox nobody uses lives, in minutes of real time. */
  readonly idleMinutes: number;
  /** How many sandboxes may exist at once (the default bank aside). */
  readonly max: number;
  /** Whether a browser that opens the portal without the cookie gets a sandbox of its own. */
  readonly perVisitor: boolean;
  /**
   * How many of them one client on another machine may hold, made by the first use of a name or as a
   * visitor's: nobody on the network fills the server. This machine (tests, scripts) and staff's
   * `POST /__mock/sandboxes` are not counted.
   */
  readonly perClient: number;
}

/** How the app makes a bank: from the seed, or holding a snapshot's records; each with a token key of its own. */
export interface BankMaker {
  seed(): Promise<Bank>;
  restore(snapshot: BankSnapshot, clockOf?: Bank): Bank;
}

/** A bank and what goes with it: the default bank, or a sandbox. */
export class Sandbox implements DevHost {
  readonly journal: Journal;
  readonly snapshots: NamedSnapshots;
  readonly faults = new FaultRules();
  /** When it was made and last used, in ms of real time. */
  readonly createdAt: number;
  lastUsedAt: number;
  private current: Bank;
  /**
   * The snapshot it was made from, if it was: kept as it was then, whatever becomes of the named snapshot
   * afterwards (a snapshot is never changed once taken; a bank made from it copies it).
   */
  readonly origin: BankSnapshot | undefined;

  constructor(
    /** Null for the default bank. */
    readonly name: string | null,
    bank: Bank,
    private maker: BankMaker,
    options: {
      /** The real time (ms), by which a sandbox's idle time is counted and its calls are journalled. */
      readonly realNow: () => number;
      readonly perVisitor?: boolean;
      readonly snapshots?: NamedSnapshots;
      /** The address of the client on another machine it was made for, if it was. */
      readonly madeFor?: string | undefined;
      /** The snapshot it was made from (none: from the seed). */
      readonly from?: BankSnapshot | undefined;
    },
  ) {
    this.current = bank;
    this.origin = options.from;
    this.journal = new Journal({ now: options.realNow });
    this.snapshots = options.snapshots ?? new NamedSnapshots();
    this.createdAt = options.realNow();
    this.lastUsedAt = this.createdAt;
    this.perVisitor = options.perVisitor ?? false;
    this.madeFor = options.madeFor;
  }

  /** The address of the client on another machine it was made for, if it was (counted against `perClient`). */
  readonly madeFor: string | undefined;

  /** Whether it was made for a browser that opened the portal. */
  readonly perVisitor: boolean;

  bank(): Bank {
    return this.current;
  }

  /** POST /__mock/reset: back to the seed. */
  async reset(): Promise<void> {
    this.current = await this.maker.seed();
  }

  /**
   * 'Start over': back to how it began (`Sandboxes` makes `next` from its {@link origin} or the seed), on a
   * fresh clock, with a maker's new token key, so that no session of the bank before it opens anything (the
   * snapshot's customers keep their ids).
   */
  startOver(next: MadeBank): void {
    this.current = next.bank;
    this.maker = next.maker;
  }

  restore(snapshot: BankSnapshot): Promise<void> {
    this.current = this.maker.restore(snapshot, this.current);
    return Promise.resolve();
  }
}

/**
 * How long a bank seeded ahead for the next sandbox stays fresh, by its own clock: the seed's history and
 * codes are dated from when it was seeded (docs/decisions/0063).
 */
export const SPARE_FRESH_MS = 10_000;

/** A new bank and the maker that made it (with its own token key). */
interface MadeBank {
  readonly maker: BankMaker;
  readonly bank: Bank;
}

/** A bank seeded ahead, with the maker that made it and its clock's time then (none: the seed failed). */
interface Spare {
  readonly maker: BankMaker;
  readonly seeded: Promise<{ readonly bank: Bank; readonly at: number } | undefined>;
}

/** A name for a sandbox nobody named: `sbx-` and ten random letters and digits. */
function madeUpName(): string {
  return `sbx-${randomBytes(8)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/gu, '')
    .slice(0, 10)}`;
}

/** A name a request gave: the sandbox's, or a 400 that says what a name may be. */
export function checkedName(name: string, where: string): string {
  if (!SANDBOX_NAME.test(name)) refuse('invalid', `${where}: ${SANDBOX_NAME_RULE}`);
  return name;
}

/** The default bank and the sandboxes beside it. */
export class Sandboxes {
  private readonly named = new Map<string, Sandbox>();
  /**
   * Sandboxes being made (a name used twice at once is made once), with the client on another machine
   * each is for, if it is.
   */
  private readonly making = new Map<string, { readonly made: Promise<Sandbox>; readonly madeFor?: string }>();
  private readonly realNow: () => number;
  private readonly sweeper: NodeJS.Timeout | undefined;
  /** The bank the next sandbox made from the seed starts with, seeded after the last one was made. */
  private spare: Spare | undefined;
  private spareTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    readonly byDefault: Sandbox,
    /** A maker for a new sandbox's banks (each sandbox signs its tokens with a key of its own). */
    private readonly newMaker: () => BankMaker,
    readonly limits: SandboxLimits,
    options: { readonly realNow?: () => number; readonly sweepEveryMs?: number } = {},
  ) {
    this.realNow = options.realNow ?? Date.now;
    const every = options.sweepEveryMs ?? 60_000;
    if (every > 0) {
      this.sweeper = setInterval(() => this.sweep(), every);
      this.sweeper.unref();
    }
  }

  /** Stops the sweeper and seeds nothing more ahead (tests, shutdown). */
  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    clearTimeout(this.spareTimer);
    this.spare = undefined;
  }

  /**
   * A maker and its bank from the seed: the one seeded ahead if it is still fresh, else one seeded now; then
   * the next is seeded ahead, once the reply has gone, so that a sandbox from the seed costs no seeding while
   * its request waits.
   */
  private async seeded(): Promise<MadeBank> {
    const spare = this.spare;
    this.spare = undefined;
    this.seedAhead();
    const ready = await spare?.seeded;
    if (spare && ready && Math.abs(ready.bank.now() - ready.at) < SPARE_FRESH_MS)
      return { maker: spare.maker, bank: ready.bank };
    const maker = this.newMaker();
    return { maker, bank: await maker.seed() };
  }

  /** A new bank from a snapshot, on a fresh clock, or from the seed (none). */
  private async made(from: BankSnapshot | undefined): Promise<MadeBank> {
    if (from === undefined) return this.seeded();
    const maker = this.newMaker();
    return { maker, bank: maker.restore(from) };
  }

  private seedAhead(): void {
    if (this.closed || this.spareTimer !== undefined) return;
    this.spareTimer = setTimeout(() => {
      this.spareTimer = undefined;
      if (this.closed) return;
      const maker = this.newMaker();
      // A seed that fails here is seeded again when a sandbox needs it, and its error is answered there.
      const seeded = maker.seed().then(
        (bank) => ({ bank, at: bank.now() }),
        () => undefined,
      );
      this.spare = { maker, seeded };
    }, 0);
    this.spareTimer.unref();
  }

  private get idleMs(): number {
    return this.limits.idleMinutes * 60_000;
  }

  /** Removes every sandbox idle for longer than the limit. */
  sweep(): void {
    const now = this.realNow();
    for (const [name, sandbox] of this.named) if (now - sandbox.lastUsedAt >= this.idleMs) this.named.delete(name);
  }

  /** The live sandbox of a name, if any (an expired one is gone). */
  find(name: string): Sandbox | undefined {
    const sandbox = this.named.get(name);
    if (sandbox && this.realNow() - sandbox.lastUsedAt >= this.idleMs) {
      this.named.delete(name);
      return undefined;
    }
    return sandbox;
  }

  /**
   * The sandbox a request names, made from the seed at its first use, and marked as used now. A new one
   * past the limit is refused (503), and one past its client's limit too (429).
   */
  async use(
    name: string,
    options: { readonly perVisitor?: boolean; readonly client?: string | undefined } = {},
  ): Promise<Sandbox> {
    const sandbox = this.find(name) ?? (await this.make(name, undefined, options.perVisitor ?? false, options.client));
    sandbox.lastUsedAt = this.realNow();
    return sandbox;
  }

  /** POST /__mock/sandboxes: a new sandbox (a name already used is a 409), from the seed or a snapshot of the default bank. */
  async create(request: { readonly name?: string | undefined; readonly from?: string | undefined }): Promise<Sandbox> {
    const name = request.name ?? this.freshName();
    if (this.find(name) || this.making.has(name)) refuse('conflict', `A sandbox named '${name}' exists already`);
    const from = request.from === undefined ? undefined : this.byDefault.snapshots.get(request.from).snapshot;
    return this.make(name, from, false);
  }

  /** A sandbox for a browser that opened the portal without one. */
  forVisitor(client?: string): Promise<Sandbox> {
    return this.make(this.freshName(), undefined, true, client);
  }

  /**
   * 'Start over': a sandbox back to how it began (the snapshot it was made from, or the seed), its journal
   * and fault rules cleared (never the default bank).
   */
  async startOver(sandbox: Sandbox): Promise<void> {
    if (sandbox.name === null)
      refuse('conflict', 'This request reaches the default bank: reset it with POST /__mock/reset');
    sandbox.startOver(await this.made(sandbox.origin));
    sandbox.journal.clear();
    sandbox.faults.clear();
  }

  remove(name: string): void {
    if (!this.find(name)) refuse('not_found', `No sandbox named '${name}'`);
    this.named.delete(name);
  }

  /** The live sandboxes, most recently used first. */
  list(): Sandbox[] {
    this.sweep();
    return [...this.named.values()].sort((a, b) => b.lastUsedAt - a.lastUsedAt);
  }

  /** When a sandbox goes if nobody uses it (ms of real time). */
  expiresAt(sandbox: Sandbox): number {
    return sandbox.lastUsedAt + this.idleMs;
  }

  /** What `POST /__mock/sandboxes` answers. */
  record(sandbox: Sandbox): SandboxRecord {
    return {
      name: sandbox.name ?? '',
      createdAt: new Date(sandbox.createdAt).toISOString(),
      expiresAt: new Date(this.expiresAt(sandbox)).toISOString(),
    };
  }

  /** A sandbox as `GET /__mock/sandboxes` lists it. */
  summary(sandbox: Sandbox): SandboxSummary {
    const bank = sandbox.bank();
    const last = sandbox.journal.latest();
    return {
      ...this.record(sandbox),
      lastUsedAt: new Date(sandbox.lastUsedAt).toISOString(),
      sizeBytes: bank.sizeBytes(),
      customers: bank.customerCount(),
      perVisitor: sandbox.perVisitor,
      // Which visitor's it is, at a glance: the newest call's operation and customer, never its fields.
      ...(last === undefined
        ? {}
        : {
            lastCall: {
              operation: last.operation,
              ...(last.email === null ? {} : { email: last.email }),
              at: last.at,
            },
          }),
    };
  }

  /** The bank a request reaches, as `GET /__mock/sandbox` answers. */
  current(sandbox: Sandbox): CurrentSandbox {
    if (sandbox.name === null) return { name: null, expiresAt: null, perVisitor: false };
    return {
      name: sandbox.name,
      expiresAt: new Date(this.expiresAt(sandbox)).toISOString(),
      perVisitor: sandbox.perVisitor,
    };
  }

  private freshName(): string {
    let name = madeUpName();
    while (this.named.has(name) || this.making.has(name)) name = madeUpName();
    return name;
  }

  private make(name: string, from: BankSnapshot | undefined, perVisitor: boolean, client?: string): Promise<Sandbox> {
    const pending = this.making.get(name);
    if (pending) return pending.made;
    this.sweep();
    if (this.named.size + this.making.size >= this.limits.max)
      refuse(
        'unavailable',
        `This server holds as many sandboxes as it may (${this.limits.max}). Remove one (DELETE /__mock/sandboxes/NAME), or wait until one has been idle for ${minutes(this.limits.idleMinutes)}.`,
      );
    const madeFor = client === undefined || isLoopback(client) ? undefined : client;
    if (madeFor !== undefined && this.heldBy(madeFor) >= this.limits.perClient)
      refuse(
        'rate_limited',
        `This address holds as many sandboxes as one may (${this.limits.perClient}). Use one of them, or wait until one has been idle for ${minutes(this.limits.idleMinutes)}.`,
      );
    const made = this.build(name, from, perVisitor, madeFor);
    this.making.set(name, madeFor === undefined ? { made } : { made, madeFor });
    // Forgotten once made or failed (whether it finished at once, as from a snapshot, or later).
    const forget = () => {
      this.making.delete(name);
    };
    made.then(forget, forget);
    return made;
  }

  /** How many live sandboxes were made for a client, those being made included. */
  private heldBy(client: string): number {
    let held = 0;
    for (const sandbox of this.named.values()) if (sandbox.madeFor === client) held += 1;
    for (const { madeFor } of this.making.values()) if (madeFor === client) held += 1;
    return held;
  }

  private async build(
    name: string,
    from: BankSnapshot | undefined,
    perVisitor: boolean,
    madeFor: string | undefined,
  ): Promise<Sandbox> {
    const made = await this.made(from);
    const sandbox = new Sandbox(name, made.bank, made.maker, { realNow: this.realNow, perVisitor, madeFor, from });
    this.named.set(name, sandbox);
    return sandbox;
  }
}
