/**
 * The bank: users, credentials, KYC, accounts, a ledger, requests, transfers, notifications and an
 * outbox. Plain TypeScript, no HTTP. Every balance is derived from ledger entries. Methods that change
 * money are synchronous from their last check to their last write, so concurrent requests cannot
 * interleave inside them.
 *
 * This class is the one face the adapters see. Each domain is a module of its own that holds its own
 * records and logic: users, tokens, lockouts, rate-limits, credentials (with decoys), uploads, kyc,
 * ledger, requests, transfers, messages (notifications and the outbox), and snapshot over the records.
 * Every rule that depends on time reads the bank's one clock (clock.ts), which demo staff may move
 * forward. Every method that may write counts toward {@link Bank.changes}, which tells a state file
 * (persistence.ts) when there may be something to write.
 */
import { ADULT_AGE, birthDateProblem } from '@ebank/contract';
import { BankClock } from './clock';
import { refuse } from './errors';
import { CodeKey } from './codes';
import { DEFAULT_BANK_CONFIG, type BankConfig } from './config';
import { formatAmount, type BankContext, type StaffKeyCheck } from './context';
import { Credentials, type LoginOutcome } from './credentials';
import { Kyc, type KycSubmission } from './kyc';
import { Ledger, type NewLedgerEntry } from './ledger';
import { Lockouts } from './lockouts';
import { RateLimits, type LimitedCall, type RateLimitRefusal } from './rate-limits';
import { Notifications, Outbox } from './messages';
import type {
  BankSnapshot,
  Catalogue,
  KycStatus,
  LedgerEntry,
  MoneyRequest,
  Notification,
  OutboxKind,
  OutboxMessage,
  Profile,
  RequestKind,
  TransferInput,
  Upload,
  User,
} from './model';
import { MoneyRequests, type DepositInput, type PlanRequestInput } from './requests';
import { TokenSigner, type OlderHashCheck, type TokenScope } from './security';
import { digestOf, loadSnapshot, snapshotOf, type BankRecords } from './snapshot';
import { Tokens } from './tokens';
import { Transfers, type PinOutcome } from './transfers';
import { Uploads } from './uploads';
import { Users, type NewUser } from './users';

export { toCents, fromCents } from './context';
export { decisionTitle } from './requests';
export { OUTDATED_RESET_LINK } from './credentials';
export { BankError } from './errors';
export { maskEmail } from './transfers';
export type { LoginOutcome } from './credentials';
export type { TransferInput } from './model';
export type { NewUser } from './users';
export type { LimitedCall, RateLimitRefusal } from './rate-limits';

export interface BankOptions {
  readonly config?: Partial<BankConfig>;
  readonly catalogue: Catalogue;
  /** The time the bank's clock follows (default the real time); ignored with `clock`. */
  readonly now?: () => number;
  /** The clock to run on (a restored bank keeps the clock of the bank it replaces); else a new one. */
  readonly clock?: BankClock;
  readonly signer?: TokenSigner;
  /** Checks passcode and PIN hashes of an older format (security.ts), where the platform can: the server's. */
  readonly olderHashes?: OlderHashCheck | undefined;
  /** On a shared server: tells the staff key, the admin's password there (context.ts). */
  readonly staffKey?: StaffKeyCheck | undefined;
}

export class Bank {
  readonly config: BankConfig;
  readonly catalogue: Catalogue;
  /** The one clock every rule of the bank reads (demo staff may move it forward: clock.ts). */
  readonly clock: BankClock;
  /** The bank's time now (its clock's), in ms since the epoch. */
  readonly now: () => number;

  private readonly users: Users;
  private readonly tokens: Tokens;
  private readonly rateLimits: RateLimits;
  private readonly credentials: Credentials;
  private readonly uploads: Uploads;
  private readonly kyc: Kyc;
  private readonly ledger: Ledger;
  private readonly requests: MoneyRequests;
  private readonly transfers: Transfers;
  private readonly notifications: Notifications;
  private readonly outbox: Outbox;
  /** The parts that hold records, for the snapshot and the digest. */
  private readonly records: BankRecords;
  private changeCount = 0;

  constructor(options: BankOptions) {
    this.config = { ...DEFAULT_BANK_CONFIG, ...options.config };
    this.catalogue = options.catalogue;
    this.clock = options.clock ?? new BankClock(options.now);
    this.now = this.clock.now;
    const context: BankContext = {
      config: this.config,
      catalogue: this.catalogue,
      now: this.now,
      realNow: this.clock.realNow,
      olderHashes: options.olderHashes,
      isStaffKey: options.staffKey,
    };
    const codes = new CodeKey();
    const lockouts = new Lockouts(context);
    this.users = new Users(context);
    this.notifications = new Notifications(context);
    this.outbox = new Outbox(context);
    this.ledger = new Ledger(context);
    this.requests = new MoneyRequests(context, this.users, this.ledger, this.notifications);
    this.uploads = new Uploads(context);
    this.tokens = new Tokens(context, options.signer ?? new TokenSigner(), this.users);
    this.rateLimits = new RateLimits(context);
    this.credentials = new Credentials(context, this.users, this.tokens, lockouts, codes, this.outbox);
    this.kyc = new Kyc(context, this.users, this.notifications, this.outbox);
    const { users, notifications, outbox, ledger, requests, uploads, credentials } = this;
    this.transfers = new Transfers(context, { credentials, lockouts, codes, ledger, requests, notifications, outbox });
    this.records = { codes, users, ledger, requests, notifications, outbox, uploads };
  }

  /**
   * An amount in cents as the bank writes it (`$1,200.00`): the contract's one money formatter, the one
   * the portal uses, with the bank's currency. For every text that shows an amount (the staff console too).
   */
  formatAmount(cents: number): string {
    return formatAmount(this, cents);
  }

  // ---------------------------------------------------------------------------------------------
  // snapshot and restore (a state file keeps the bank across restarts; the bank itself has no fs)

  /**
   * A count that moves whenever the bank may have changed: each time a method that writes succeeds,
   * and each call of one that checks an answer (a wrong answer is counted, then refused). While it
   * stays, nothing changed, so a state file need not read the whole bank.
   */
  get changes(): number {
    return this.changeCount;
  }

  /** Runs a method that writes only when it succeeds (it refuses before writing): counted when it does. */
  private write<T>(run: () => T): T {
    const result = run();
    this.changeCount += 1;
    return result;
  }

  /** {@link write} for an asynchronous method. */
  private async writeAsync<T>(run: () => Promise<T>): Promise<T> {
    const result = await run();
    this.changeCount += 1;
    return result;
  }

  /**
   * Runs a method that checks an answer, which may write when it refuses (a wrong answer): always
   * counted, when it starts and when it ends.
   */
  private async checkAsync<T>(run: () => Promise<T>): Promise<T> {
    this.changeCount += 1;
    try {
      return await run();
    } finally {
      this.changeCount += 1;
    }
  }

  /**
   * A fingerprint of everything the bank holds (its records as one text), to show that a refused
   * request changed nothing.
   */
  digest(): string {
    return digestOf(this.records);
  }

  /** About how many bytes the bank's records hold: their JSON text, the uploads in base64 (as listed for sandboxes). */
  sizeBytes(): number {
    return JSON.stringify(this.snapshot()).length;
  }

  /** How many customers it has (staff aside). */
  customerCount(): number {
    return this.users.all().filter((user) => user.role !== 'admin').length;
  }

  /** Everything the bank holds, as a plain JSON object (a copy: later changes do not touch it). */
  snapshot(): BankSnapshot {
    return snapshotOf(this.records);
  }

  /**
   * A bank holding what a snapshot holds, in the same order (so its digest() is the same). The
   * snapshot must come from snapshot() or be validated as one (see persistence.ts); it is copied.
   */
  static restore(snapshot: BankSnapshot, options: BankOptions): Bank {
    const bank = new Bank(options);
    loadSnapshot(bank.records, snapshot);
    return bank;
  }

  // ---------------------------------------------------------------------------------------------
  // users, and the limits on the calls no token opens (login, sign-up, codes and links by e-mail)

  createUser(input: NewUser, passcodeHash?: string): Promise<User> {
    return this.writeAsync(() => this.users.create(input, passcodeHash));
  }
  findByEmail(email: string): User | undefined {
    return this.users.findByEmail(email);
  }
  user(id: string): User {
    return this.users.get(id);
  }
  allUsers(): readonly User[] {
    return this.users.all();
  }
  /** A new e-mail address, from the session `token`: see credentials.ts for what else it does. */
  changeEmail(user: User, token: string, email: string): Promise<void> {
    return this.writeAsync(() => this.credentials.changeEmail(user, token, email));
  }
  /** New profile details; a date of birth after the bank's today, or of someone under 18, is refused. */
  updateProfile(user: User, fullname: string, profile: { readonly [K in keyof Profile]?: string | undefined }) {
    if (profile.dob !== undefined) {
      const problem = birthDateProblem(profile.dob, new Date(this.now()).toISOString().slice(0, 10));
      if (problem === 'future') refuse('invalid', 'dob: must not be in the future');
      if (problem === 'minor') refuse('invalid', `dob: must be at least ${String(ADULT_AGE)} years ago`);
    }
    this.write(() => this.users.updateProfile(user, fullname, profile));
  }
  /** A new profile picture (an upload of the customer's); the one it replaces is not kept. */
  setPicture(user: User, uploadId: string) {
    this.write(() => {
      const old = user.picture;
      this.users.setPicture(user, uploadId);
      if (old !== undefined && old !== uploadId) this.uploads.discard([old]);
    });
  }
  setNotice(userId: string, notice: { head: string; body: string } | undefined) {
    this.write(() => this.users.setNotice(userId, notice));
  }
  /**
   * Counts a call of a kind no token opens against its limits per client address and per e-mail
   * address (rate-limits.ts): undefined when it may go on, else how long to wait (it is not counted).
   * `password`: login step 2's, for staff's sign-in, which is counted per client only (credentials.ts).
   */
  admit(kind: LimitedCall, client: string, email: string, password?: string): RateLimitRefusal | undefined {
    return this.rateLimits.admit(kind, client, this.credentials.isStaffCall(kind, email, password) ? '' : email);
  }
  /** {@link admit} for login step 1, the e-mail lookup. */
  admitLookup(client: string, email: string): RateLimitRefusal | undefined {
    return this.admit('lookup', client, email);
  }

  // ---------------------------------------------------------------------------------------------
  // tokens and credentials (wrong answers count toward a lock: lockouts.ts)

  issueToken(user: User, scope: TokenScope, remember = false): Promise<string> {
    return this.tokens.issue(user, scope, remember);
  }
  authenticate(token: string | undefined, scope: TokenScope): Promise<User> {
    return this.tokens.authenticate(token, scope);
  }
  tokenFor(user: User, remember = false): Promise<string> {
    return this.tokens.fitting(user, remember);
  }
  signup(input: NewUser): Promise<User> {
    return this.writeAsync(() => this.credentials.signup(input));
  }
  resendConfirmCode(email: string): Promise<void> {
    return this.writeAsync(() => this.credentials.resendConfirmCode(email));
  }
  verifyEmail(email: string, code: string): Promise<User> {
    return this.checkAsync(() => this.credentials.verifyEmail(email, code));
  }
  login(email: string, password: string, remember: boolean): Promise<LoginOutcome> {
    return this.checkAsync(() => this.credentials.login(email, password, remember));
  }
  requestReset(email: string): Promise<void> {
    return this.writeAsync(() => this.credentials.requestReset(email));
  }
  resetPasscode(email: string, codeOrLink: string, passcode: string): Promise<void> {
    return this.checkAsync(() => this.credentials.resetPasscode(email, codeOrLink, passcode));
  }
  createPin(user: User, pin: string): Promise<void> {
    return this.writeAsync(() => this.credentials.createPin(user, pin));
  }
  changePin(user: User, current: string, next: string, confirm: string): Promise<void> {
    return this.checkAsync(() => this.credentials.changePin(user, current, next, confirm));
  }
  changePasscode(user: User, token: string, current: string, next: string, confirm: string): Promise<void> {
    return this.checkAsync(() => this.credentials.changePasscode(user, token, current, next, confirm));
  }

  // ---------------------------------------------------------------------------------------------
  // uploads and KYC

  /**
   * Keeps a customer's file within their quota (uploads.ts); `replacing`: uploads of theirs that this
   * one (with the others of its request) is to take the place of, whose room counts as free.
   */
  storeUpload(owner: User, mimetype: string, bytes: Uint8Array, replacing?: readonly string[]): string {
    return this.write(() => this.uploads.store(owner, mimetype, bytes, replacing));
  }
  upload(id: string): Upload | undefined {
    return this.uploads.get(id);
  }
  /** What a customer's uploads hold in all. */
  uploadUsage(user: User): { readonly files: number; readonly bytes: number } {
    return this.uploads.usageOf(user.id);
  }
  discardUploads(ids: readonly string[]) {
    if (ids.length > 0) this.write(() => this.uploads.discard(ids));
  }
  /** A KYC submission; the documents of the case it replaces (one declined) are not kept. */
  submitKyc(user: User, input: KycSubmission) {
    this.write(() => {
      const earlier = user.kycCase?.documents ?? [];
      this.kyc.submit(user, input);
      this.uploads.discard(earlier.filter((id) => !input.documents.includes(id)));
    });
  }
  decideKyc(userId: string, approve: boolean) {
    this.write(() => this.kyc.decide(userId, approve));
  }
  setKyc(user: User, status: KycStatus) {
    this.write(() => this.kyc.set(user, status));
  }

  // ---------------------------------------------------------------------------------------------
  // the ledger

  entries(userId: string): LedgerEntry[] {
    return this.ledger.entriesOf(userId);
  }
  balanceCents(userId: string): number {
    return this.ledger.balanceCents(userId);
  }
  totals(userId: string): { creditCents: number; debitCents: number } {
    return this.ledger.totals(userId);
  }
  /** Posts an entry (a positive whole number of cents), dated now unless it brings its own date. */
  postLedgerEntry(entry: NewLedgerEntry): LedgerEntry {
    return this.write(() => this.ledger.post(entry));
  }
  allEntries(): readonly LedgerEntry[] {
    return this.ledger.records();
  }

  // ---------------------------------------------------------------------------------------------
  // money requests (deposits, payments, fixed deposits, upgrades), transfers, staff decisions

  requestsOf(userId: string, kind: RequestKind): MoneyRequest[] {
    return this.requests.of(userId, kind);
  }
  allRequests(): readonly MoneyRequest[] {
    return this.requests.all();
  }
  importRequest(request: Omit<MoneyRequest, 'id'>): MoneyRequest {
    return this.write(() => this.requests.import(request));
  }
  submitDeposit(user: User, kind: 'crypto-deposit' | 'payment', input: DepositInput): MoneyRequest {
    return this.write(() => this.requests.submitDeposit(user, kind, input));
  }
  submitPlanRequest(user: User, kind: 'fixed-deposit' | 'upgrade', input: PlanRequestInput): MoneyRequest {
    return this.write(() => this.requests.submitPlanRequest(user, kind, input));
  }
  decideRequest(id: string, confirm: boolean): MoneyRequest {
    return this.write(() => this.requests.decide(id, confirm));
  }
  feeCents(amountCents: number): number {
    return this.transfers.feeCents(amountCents);
  }
  /** Whether the fee on an amount is less than it: a transfer whose fee would take it all is refused. */
  feeIsBelow(amountCents: number): boolean {
    return this.transfers.feeIsBelow(amountCents);
  }
  confirmPin(user: User, pin: string, transfer: TransferInput): Promise<PinOutcome> {
    return this.checkAsync(() => this.transfers.confirmPin(user, pin, transfer));
  }
  confirmTransferCode(user: User, code: string, transfer: TransferInput): Promise<void> {
    return this.checkAsync(() => this.transfers.confirmTransferCode(user, code, transfer));
  }
  submitTransfer(user: User, transfer: TransferInput): { request: MoneyRequest; notification: Notification } {
    return this.write(() => this.transfers.submitTransfer(user, transfer));
  }

  // ---------------------------------------------------------------------------------------------
  // notifications and the outbox

  notify(user: User, title: string, body: string, options: { read?: boolean; createdAt?: number } = {}): Notification {
    return this.write(() => this.notifications.notify(user, title, body, options));
  }
  notificationsOf(userId: string): Notification[] {
    return this.notifications.of(userId);
  }
  unreadCount(userId: string): number {
    return this.notifications.unreadCount(userId);
  }
  markRead(user: User, id: string) {
    this.write(() => this.notifications.markRead(user, id));
  }
  send(to: string, kind: OutboxKind, subject: string, content: { text: string; code?: string; link?: string }) {
    this.write(() => this.outbox.send(to, kind, subject, content));
  }
  outboxFor(to: string | undefined): OutboxMessage[] {
    return this.outbox.for(to);
  }
}
