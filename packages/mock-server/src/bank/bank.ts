/**
 * The bank: users, credentials, KYC, accounts, a ledger, requests, transfers, notifications and an
 * outbox. Plain TypeScript, no HTTP. Every balance is derived from ledger entries. Methods that change
 * money are synchronous from their last check to their last write, so concurrent requests cannot
 * interleave inside them.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { DEFAULT_BANK_CONFIG, type BankConfig } from './config';
import { BankError, refuse } from './errors';
import type {
  Catalogue,
  Factor,
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

export type { TransferInput } from './model';
import { hashSecret, numericCode, signatureOf, TokenSigner, urlToken, verifySecret, type TokenScope } from './security';
import { SNAPSHOT_VERSION, type BankSnapshot } from './model';

const MINUTE = 60_000;

const FACTOR_LABEL: Record<Factor, string> = {
  passcode: 'passcode',
  pin: 'PIN',
  emailCode: 'verification code',
  resetCode: 'reset code',
  stepUp: 'authorization code',
};

export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;

export interface NewUser {
  readonly email: string;
  readonly username: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly passcode: string;
  readonly role?: 'user' | 'admin';
}

/** What the bank tells the login screen. */
export type LoginOutcome =
  | { readonly kind: 'admin'; readonly user: User; readonly token: string }
  | { readonly kind: 'notice'; readonly user: User; readonly head: string; readonly body: string }
  | { readonly kind: 'unverified'; readonly user: User }
  | { readonly kind: 'kyc'; readonly user: User; readonly token: string }
  | { readonly kind: 'pending'; readonly user: User }
  | { readonly kind: 'ok'; readonly user: User; readonly token: string };

export interface BankOptions {
  readonly config?: Partial<BankConfig>;
  readonly catalogue: Catalogue;
  readonly now?: () => number;
  readonly signer?: TokenSigner;
}

export class Bank {
  readonly config: BankConfig;
  readonly catalogue: Catalogue;
  readonly now: () => number;
  private readonly signer: TokenSigner;
  /** Keys the hashes of short-lived codes (these are attempt-limited, so a keyed hash suffices). */
  private readonly codeKey = randomBytes(32);

  private readonly users = new Map<string, User>();
  private readonly usersByEmail = new Map<string, User>();
  private readonly ledger: LedgerEntry[] = [];
  private readonly requests = new Map<string, MoneyRequest>();
  private readonly notifications: Notification[] = [];
  private readonly outbox: OutboxMessage[] = [];
  private readonly uploads = new Map<string, Upload>();

  constructor(options: BankOptions) {
    this.config = { ...DEFAULT_BANK_CONFIG, ...options.config };
    this.catalogue = options.catalogue;
    this.now = options.now ?? Date.now;
    this.signer = options.signer ?? new TokenSigner();
  }

  /** A fingerprint of everything the bank holds, to show that a refused request changed nothing. */
  digest(): string {
    const state = {
      users: [...this.users.values()].map((u) => ({ ...u, knownPayees: [...u.knownPayees] })),
      ledger: this.ledger,
      requests: [...this.requests.values()],
      notifications: this.notifications,
      outbox: this.outbox,
      uploads: [...this.uploads.keys()],
    };
    return createHash('sha256').update(JSON.stringify(state)).digest('hex');
  }

  // ---------------------------------------------------------------------------------------------
  // snapshot and restore (a state file keeps the bank across restarts; the bank itself has no fs)

  /** Everything the bank holds, as a plain JSON object (a copy: later changes do not touch it). */
  snapshot(): BankSnapshot {
    const records = structuredClone({
      users: [...this.users.values()].map((u) => ({ ...u, knownPayees: [...u.knownPayees] })),
      ledger: this.ledger,
      requests: [...this.requests.values()],
      notifications: this.notifications,
      outbox: this.outbox,
    });
    return {
      version: SNAPSHOT_VERSION,
      codeKey: this.codeKey.toString('base64'),
      ...records,
      uploads: [...this.uploads.values()].map((u) => ({ ...u, bytes: Buffer.from(u.bytes).toString('base64') })),
    };
  }

  /**
   * A bank holding what a snapshot holds, in the same order (so its digest() is the same). The
   * snapshot must come from snapshot() or be validated as one (see persistence.ts); it is copied.
   */
  static restore(snapshot: BankSnapshot, options: BankOptions): Bank {
    const bank = new Bank(options);
    const codeKey = Buffer.from(snapshot.codeKey, 'base64');
    if (codeKey.length !== bank.codeKey.length) throw new Error("The snapshot's code key has the wrong length");
    codeKey.copy(bank.codeKey);
    const copy = structuredClone(snapshot);
    for (const u of copy.users) {
      const user: User = { ...u, knownPayees: new Set(u.knownPayees) };
      bank.users.set(user.id, user);
      bank.usersByEmail.set(user.email, user);
    }
    for (const e of copy.ledger) bank.ledger.push(e);
    for (const r of copy.requests) bank.requests.set(r.id, r);
    for (const n of copy.notifications) bank.notifications.push(n);
    for (const m of copy.outbox) bank.outbox.push(m);
    for (const u of copy.uploads)
      bank.uploads.set(u.id, { ...u, bytes: new Uint8Array(Buffer.from(u.bytes, 'base64')) });
    return bank;
  }

  // ---------------------------------------------------------------------------------------------
  // users and credentials

  async createUser(input: NewUser, passcodeHash?: string): Promise<User> {
    const email = input.email.trim().toLowerCase();
    const assertFree = () => {
      if (this.usersByEmail.has(email)) refuse('conflict', 'An account with this e-mail address already exists');
      if ([...this.users.values()].some((u) => u.username.toLowerCase() === input.username.toLowerCase()))
        refuse('conflict', 'This username is taken');
    };
    assertFree();
    const hash = passcodeHash ?? (await hashSecret(input.passcode, this.config.hashCost));
    // Checked again: another sign-up may have taken the address or the username while the hash was computed.
    assertFree();
    const user: User = {
      id: randomUUID(),
      email,
      username: input.username,
      firstName: input.firstName,
      lastName: input.lastName,
      fullname: `${input.firstName} ${input.lastName}`.trim(),
      profile: {},
      role: input.role ?? 'user',
      passcodeHash: hash,
      credentialVersion: 1,
      emailVerified: false,
      kyc: 'Not Verified',
      accountNumber: this.newAccountNumber(),
      plan: 'Tier 1',
      createdAt: this.now(),
      attempts: {
        passcode: { failures: 0, lockedUntil: 0 },
        pin: { failures: 0, lockedUntil: 0 },
        emailCode: { failures: 0, lockedUntil: 0 },
        resetCode: { failures: 0, lockedUntil: 0 },
        stepUp: { failures: 0, lockedUntil: 0 },
      },
      knownPayees: new Set(),
    };
    this.users.set(user.id, user);
    this.usersByEmail.set(email, user);
    return user;
  }

  private newAccountNumber(): string {
    for (;;) {
      const candidate = `4${String(randomBytes(5).readUIntBE(0, 5) % 1_000_000_000).padStart(9, '0')}`;
      if (![...this.users.values()].some((u) => u.accountNumber === candidate)) return candidate;
    }
  }

  findByEmail(email: string): User | undefined {
    return this.usersByEmail.get(email.trim().toLowerCase());
  }

  /** Recent e-mail lookups by key (`client:<address>`, `email:<address>`); not bank data, never snapshotted. */
  private readonly lookupTimes = new Map<string, number[]>();

  /**
   * Counts an e-mail lookup (login step 1, which shows a name and picture before the passcode) against
   * the limits per client address and per looked-up address. Known and unknown addresses count alike.
   * Over a limit it counts nothing and answers how long to wait.
   */
  admitLookup(
    client: string,
    email: string,
  ): { readonly retryAfterSeconds: number; readonly message: string } | undefined {
    const now = this.now();
    const { perClient, perEmail } = this.config.lookupLimits;
    const address = email.trim().toLowerCase();
    const checks = [
      { key: `client:${client}`, limit: perClient, who: 'from your network' },
      ...(address ? [{ key: `email:${address}`, limit: perEmail, who: 'for this e-mail address' }] : []),
    ];
    const recent = checks.map(({ key, limit }) => {
      const times = (this.lookupTimes.get(key) ?? []).filter((t) => t > now - limit.windowSeconds * 1000);
      this.lookupTimes.set(key, times);
      return times;
    });
    for (const [i, { limit, who }] of checks.entries()) {
      const times = recent[i] ?? [];
      if (limit.max === null || times.length < limit.max) continue;
      // The lookup that leaves the window first makes room for the next one.
      const freedAt = (times[times.length - limit.max] ?? now) + limit.windowSeconds * 1000;
      const retryAfterSeconds = Math.max(1, Math.ceil((freedAt - now) / 1000));
      return {
        retryAfterSeconds,
        message: `Too many sign-in attempts ${who}. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`,
      };
    }
    for (const times of recent) times.push(now);
    if (this.lookupTimes.size > 10_000) {
      const longest = Math.max(perClient.windowSeconds, perEmail.windowSeconds) * 1000;
      for (const [key, times] of this.lookupTimes)
        if (times.every((t) => t <= now - longest)) this.lookupTimes.delete(key);
    }
    return undefined;
  }

  user(id: string): User {
    return this.users.get(id) ?? refuse('not_found', 'No such customer');
  }

  allUsers(): readonly User[] {
    return [...this.users.values()];
  }

  /** Refuses while a factor is locked. */
  private assertUnlocked(user: User, factor: Factor) {
    const { lockedUntil } = user.attempts[factor];
    if (lockedUntil > this.now()) {
      const minutes = Math.ceil((lockedUntil - this.now()) / MINUTE);
      refuse(
        'locked',
        `Too many wrong ${FACTOR_LABEL[factor]} attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }

  /** Counts a wrong answer; the fifth in a row locks the factor. Always throws. */
  private wrongAnswer(user: User, factor: Factor, what: string): never {
    const attempts = user.attempts[factor];
    attempts.failures += 1;
    if (attempts.failures >= this.config.maxAttempts) {
      attempts.failures = 0;
      attempts.lockedUntil = this.now() + this.config.lockMinutes * MINUTE;
      return refuse(
        'locked',
        `Too many wrong ${FACTOR_LABEL[factor]} attempts. Try again in ${this.config.lockMinutes} minutes.`,
      );
    }
    const left = this.config.maxAttempts - attempts.failures;
    return refuse('invalid', `${what} ${left} attempt${left === 1 ? '' : 's'} left.`);
  }

  private rightAnswer(user: User, factor: Factor) {
    user.attempts[factor] = { failures: 0, lockedUntil: 0 };
  }

  private async checkPasscode(user: User, passcode: string, wrong: string) {
    this.assertUnlocked(user, 'passcode');
    const ok = await verifySecret(passcode, user.passcodeHash);
    this.assertUnlocked(user, 'passcode');
    if (!ok) this.wrongAnswer(user, 'passcode', wrong);
    this.rightAnswer(user, 'passcode');
  }

  private async checkPin(user: User, pin: string) {
    if (!user.pinHash) refuse('conflict', 'Create a transaction PIN first');
    this.assertUnlocked(user, 'pin');
    const ok = await verifySecret(pin, user.pinHash);
    this.assertUnlocked(user, 'pin');
    if (!ok) this.wrongAnswer(user, 'pin', 'Incorrect PIN.');
    this.rightAnswer(user, 'pin');
  }

  private codeHash(code: string) {
    return createHmac('sha256', this.codeKey).update(code).digest('base64url');
  }

  private codeMatches(code: string, hash: string) {
    const a = Buffer.from(this.codeHash(code));
    const b = Buffer.from(hash);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  // ---------------------------------------------------------------------------------------------
  // tokens

  issueToken(user: User, scope: TokenScope, remember = false): string {
    const minutes =
      scope === 'kyc'
        ? this.config.kycTokenTtlMinutes
        : remember
          ? this.config.rememberTtlMinutes
          : this.config.tokenTtlMinutes;
    const iat = Math.floor(this.now() / 1000);
    return this.signer.sign({
      sub: user.id,
      scope,
      iat,
      exp: iat + minutes * 60,
      ver: user.credentialVersion,
      jti: randomBytes(9).toString('base64url'),
    });
  }

  /** Whether a token of `version` still opens `user`'s account: issued since the last passcode change, or kept by it. */
  private isCurrent(user: User, version: number, token: string) {
    if (version === user.credentialVersion) return true;
    const kept = user.keptSession;
    return kept?.version === user.credentialVersion && kept.signature === signatureOf(token);
  }

  /** The user a token opens, if it is well signed, unexpired, current and of the given scope. */
  authenticate(token: string | undefined, scope: TokenScope): User {
    if (!token) refuse('unauthorized', 'Please log in to continue');
    const claims = this.signer.verify(token);
    const user = claims ? this.users.get(claims.sub) : undefined;
    if (!claims || !user || claims.exp * 1000 <= this.now() || !this.isCurrent(user, claims.ver, token))
      return refuse('unauthorized', 'Your session has ended. Please log in again.');
    if (claims.scope !== scope) {
      if (claims.scope === 'kyc') refuse('forbidden', 'Complete your identity verification first');
      refuse('forbidden', 'This token does not open this operation');
    }
    return user;
  }

  // ---------------------------------------------------------------------------------------------
  // sign-up, e-mail verification, login, passcode reset

  async signup(input: NewUser): Promise<User> {
    const user = await this.createUser(input);
    this.sendEmailCode(user);
    return user;
  }

  private sendEmailCode(user: User) {
    const code = numericCode(6);
    user.emailCode = { hash: this.codeHash(code), expiresAt: this.now() + this.config.emailCodeTtlMinutes * MINUTE };
    this.send(user.email, 'verify-email', 'Confirm your e-mail address', {
      text: `Your verification code is ${code}. It expires in ${this.config.emailCodeTtlMinutes} minutes.`,
      code,
    });
  }

  resendConfirmCode(email: string) {
    const user = this.findByEmail(email);
    if (user && !user.emailVerified) this.sendEmailCode(user);
  }

  verifyEmail(email: string, code: string): User {
    const user = this.findByEmail(email) ?? refuse('invalid', 'Invalid or expired code');
    if (user.emailVerified) refuse('conflict', 'This e-mail address is already verified. Please log in.');
    this.assertUnlocked(user, 'emailCode');
    const sent = user.emailCode;
    if (!sent || sent.expiresAt <= this.now()) refuse('gone', 'This code has expired. Ask for a new one.');
    if (!this.codeMatches(code, sent.hash)) this.wrongAnswer(user, 'emailCode', 'Invalid code.');
    this.rightAnswer(user, 'emailCode');
    user.emailVerified = true;
    delete user.emailCode;
    return user;
  }

  /** A token fitting where the user stands: the full token once KYC is approved, else the temporary one. */
  tokenFor(user: User, remember = false) {
    return user.kyc === 'Verified' ? this.issueToken(user, 'user', remember) : this.issueToken(user, 'kyc');
  }

  async login(email: string, password: string, remember: boolean): Promise<LoginOutcome> {
    const user = this.findByEmail(email);
    if (!user) {
      // Same work as a real check, so timing does not tell which e-mails exist.
      await verifySecret(password, this.dummyHash ?? (this.dummyHash = await hashSecret('x', this.config.hashCost)));
      return refuse('unauthorized', 'Invalid Credentials');
    }
    await this.checkPasscode(user, password, 'Incorrect passcode.');
    if (user.role === 'admin') return { kind: 'admin', user, token: this.issueToken(user, 'admin', remember) };
    if (user.notice) return { kind: 'notice', user, ...user.notice };
    if (!user.emailVerified) return { kind: 'unverified', user };
    if (user.kyc === 'Not Verified' || user.kyc === 'Declined')
      return { kind: 'kyc', user, token: this.issueToken(user, 'kyc') };
    if (user.kyc === 'Pending Verification') return { kind: 'pending', user };
    return { kind: 'ok', user, token: this.issueToken(user, 'user', remember) };
  }
  private dummyHash: string | undefined;

  requestReset(email: string) {
    const user = this.findByEmail(email);
    if (!user) return;
    const code = numericCode(6);
    const link = urlToken();
    user.resetCode = {
      hash: this.codeHash(code),
      linkHash: this.codeHash(link),
      expiresAt: this.now() + this.config.emailCodeTtlMinutes * MINUTE,
    };
    const url = `${this.config.publicUrl}wp-user/account/reset/r/${encodeURIComponent(user.email)}/${link}`;
    this.send(user.email, 'reset-passcode', 'Reset your passcode', {
      text: `Use code ${code} or open ${url} to choose a new passcode. Both expire in ${this.config.emailCodeTtlMinutes} minutes.`,
      code,
      link: url,
    });
  }

  async resetPasscode(email: string, codeOrLink: string, passcode: string) {
    const user = this.findByEmail(email) ?? refuse('invalid', 'Invalid or expired reset code');
    this.assertUnlocked(user, 'resetCode');
    const sent = user.resetCode;
    if (!sent || sent.expiresAt <= this.now()) refuse('gone', 'This reset code has expired. Ask for a new one.');
    if (!this.codeMatches(codeOrLink, sent.hash) && !this.codeMatches(codeOrLink, sent.linkHash))
      this.wrongAnswer(user, 'resetCode', 'Invalid reset code.');
    const hash = await hashSecret(passcode, this.config.hashCost);
    if (user.resetCode !== sent) refuse('gone', 'This reset code has already been used');
    this.rightAnswer(user, 'resetCode');
    this.rightAnswer(user, 'passcode');
    delete user.resetCode;
    user.passcodeHash = hash;
    user.credentialVersion += 1;
  }

  // ---------------------------------------------------------------------------------------------
  // settings

  async createPin(user: User, pin: string) {
    if (user.pinHash) refuse('conflict', 'You already have a transaction PIN. Change it in Settings.');
    const hash = await hashSecret(pin, this.config.hashCost);
    if (user.pinHash) refuse('conflict', 'You already have a transaction PIN. Change it in Settings.');
    user.pinHash = hash;
  }

  async changePin(user: User, current: string, next: string, confirm: string) {
    if (next !== confirm) refuse('invalid', 'The new PIN and its confirmation do not match');
    await this.checkPin(user, current);
    user.pinHash = await hashSecret(next, this.config.hashCost);
  }

  /**
   * A passcode change in settings ends every other session of the account (another device, a stolen
   * token); the session that made it, `token`, carries on.
   */
  async changePasscode(user: User, token: string, current: string, next: string, confirm: string) {
    if (next !== confirm) refuse('invalid', 'Password Mismatch');
    await this.checkPasscode(user, current, 'Incorrect current passcode.');
    user.passcodeHash = await hashSecret(next, this.config.hashCost);
    user.credentialVersion += 1;
    user.keptSession = { signature: signatureOf(token), version: user.credentialVersion };
  }

  changeEmail(user: User, email: string) {
    const normalised = email.trim().toLowerCase();
    if (normalised === user.email) return;
    if (this.usersByEmail.has(normalised)) refuse('conflict', 'An account with this e-mail address already exists');
    this.usersByEmail.delete(user.email);
    user.email = normalised;
    this.usersByEmail.set(normalised, user);
  }

  updateProfile(user: User, fullname: string, profile: { readonly [K in keyof Profile]?: string | undefined }) {
    user.fullname = fullname;
    for (const [key, value] of Object.entries(profile) as [keyof Profile, string | undefined][])
      if (value !== undefined) user.profile[key] = value;
  }

  // ---------------------------------------------------------------------------------------------
  // uploads

  storeUpload(owner: User, mimetype: string, bytes: Uint8Array): string {
    const id = randomUUID();
    this.uploads.set(id, { id, ownerId: owner.id, mimetype, bytes: new Uint8Array(bytes), createdAt: this.now() });
    return id;
  }

  upload(id: string): Upload | undefined {
    return this.uploads.get(id);
  }

  /** Forgets these uploads: a request the bank refuses keeps none of the files it brought. */
  discardUploads(ids: readonly string[]) {
    for (const id of ids) this.uploads.delete(id);
  }

  setPicture(user: User, uploadId: string) {
    user.picture = uploadId;
  }

  // ---------------------------------------------------------------------------------------------
  // KYC

  submitKyc(
    user: User,
    input: { documentType: string; country: string; phone: string; homeAddress: string; documents: string[] },
  ) {
    if (user.kyc === 'Pending Verification') refuse('conflict', 'Your documents are already under review');
    if (user.kyc === 'Verified') refuse('conflict', 'Your identity is already verified');
    const accepted = ["Driver's License", ...this.catalogue.documentTypes];
    if (!accepted.includes(input.documentType))
      refuse('invalid', `type: must be one of ${accepted.map((d) => `'${d}'`).join(', ')}`);
    user.kycCase = { ...input, submittedAt: this.now() };
    user.kyc = 'Pending Verification';
    user.profile.country = input.country;
    user.profile.phone = input.phone;
    user.profile.homeAddress = input.homeAddress;
  }

  decideKyc(userId: string, approve: boolean) {
    const user = this.user(userId);
    if (user.kyc !== 'Pending Verification') refuse('conflict', `KYC is ${user.kyc}, not pending`);
    this.setKyc(user, approve ? 'Verified' : 'Declined');
    this.notify(
      user,
      approve ? 'Identity verified' : 'Identity verification declined',
      approve
        ? 'Your documents were approved. Welcome to your dashboard.'
        : 'We could not verify your documents. Please log in and submit them again.',
    );
  }

  setKyc(user: User, status: KycStatus) {
    user.kyc = status;
  }

  setNotice(userId: string, notice: { head: string; body: string } | undefined) {
    const user = this.user(userId);
    if (notice) user.notice = notice;
    else delete user.notice;
  }

  // ---------------------------------------------------------------------------------------------
  // the ledger

  entries(userId: string): LedgerEntry[] {
    return newestFirst(this.ledger.filter((e) => e.userId === userId));
  }

  /** Credits that have settled, minus debits that have settled or are held. */
  balanceCents(userId: string): number {
    let balance = 0;
    for (const e of this.ledger) {
      if (e.userId !== userId) continue;
      if (e.direction === 'credit' && e.status === 'successful') balance += e.amountCents;
      if (e.direction === 'debit' && e.status !== 'failed') balance -= e.amountCents;
    }
    return balance;
  }

  totals(userId: string) {
    let credit = 0;
    let debit = 0;
    for (const e of this.ledger) {
      if (e.userId !== userId || e.status === 'failed') continue;
      if (e.direction === 'credit' && e.status === 'successful') credit += e.amountCents;
      if (e.direction === 'debit') debit += e.amountCents;
    }
    return { creditCents: credit, debitCents: debit };
  }

  post(entry: Omit<LedgerEntry, 'id' | 'createdAt'> & { createdAt?: number }): LedgerEntry {
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0)
      throw new Error('A ledger entry needs a positive whole number of cents');
    const posted: LedgerEntry = { createdAt: this.now(), ...entry, id: randomUUID() };
    this.ledger.push(posted);
    return posted;
  }

  allEntries(): readonly LedgerEntry[] {
    return this.ledger;
  }

  // ---------------------------------------------------------------------------------------------
  // deposits, payments, fixed deposits, upgrades

  private coin(type: string) {
    return (
      this.catalogue.coins.find((c) => c.name === type) ?? refuse('invalid', `type: '${type}' is not a coin we accept`)
    );
  }

  requestsOf(userId: string, kind: RequestKind): MoneyRequest[] {
    return newestFirst([...this.requests.values()].filter((r) => r.userId === userId && r.kind === kind));
  }

  allRequests(): readonly MoneyRequest[] {
    return [...this.requests.values()];
  }

  /** Records a request as it already stands (seeding history). */
  importRequest(request: Omit<MoneyRequest, 'id'>): MoneyRequest {
    const stored: MoneyRequest = { ...request, id: randomUUID() };
    this.requests.set(stored.id, stored);
    return stored;
  }

  private addRequest(request: Omit<MoneyRequest, 'id' | 'createdAt' | 'status'>): MoneyRequest {
    const stored: MoneyRequest = { ...request, id: randomUUID(), createdAt: this.now(), status: 'pending' };
    this.requests.set(stored.id, stored);
    return stored;
  }

  private requestName(r: Pick<MoneyRequest, 'kind' | 'type' | 'purpose'>) {
    if (r.kind === 'payment') return `Payment: ${r.purpose ?? ''} (${r.type})`;
    return `Crypto deposit (${r.type})`;
  }

  /** A crypto deposit or payment: pending, shown in the statement as an unsettled credit. */
  submitDeposit(
    user: User,
    kind: 'crypto-deposit' | 'payment',
    input: { type: string; amount: number; proof: string; purpose?: string },
  ) {
    this.assertMethod('crypto');
    this.coin(input.type);
    if (kind === 'payment' && !this.catalogue.purposes.includes(input.purpose ?? ''))
      refuse('invalid', `purpose: '${input.purpose ?? ''}' is not one of the purposes offered`);
    const request = this.addRequest({
      userId: user.id,
      kind,
      type: input.type,
      amountCents: toCents(input.amount),
      proof: input.proof,
      ...(input.purpose === undefined ? {} : { purpose: input.purpose }),
    });
    this.post({
      userId: user.id,
      name: this.requestName(request),
      direction: 'credit',
      amountCents: request.amountCents,
      status: 'in_progress',
      requestId: request.id,
    });
    return request;
  }

  submitPlanRequest(
    user: User,
    kind: 'fixed-deposit' | 'upgrade',
    input: { plan: string; type: string; amount: number; proof: string },
  ) {
    this.assertMethod('crypto');
    this.coin(input.type);
    const plans = kind === 'upgrade' ? this.catalogue.upgradePlans : this.catalogue.fixedDepositPlans;
    if (!plans.includes(input.plan)) refuse('invalid', `plan: '${input.plan}' is not one of the plans offered`);
    if (kind === 'upgrade' && user.plan === input.plan) refuse('conflict', `Your account is already on ${input.plan}`);
    return this.addRequest({
      userId: user.id,
      kind,
      type: input.type,
      amountCents: toCents(input.amount),
      proof: input.proof,
      plan: input.plan,
    });
  }

  private assertMethod(method: keyof BankConfig['paymentMethods']) {
    if (!this.config.paymentMethods[method]) refuse('forbidden', 'Not available for your region');
  }

  // ---------------------------------------------------------------------------------------------
  // transfers

  feeCents(amountCents: number) {
    return Math.round((amountCents * this.config.serviceChargePercent) / 100);
  }

  private payeeKey(t: TransferInput) {
    return [t.bank, t.swift, t.routing, t.accountNumber].map((s) => s.trim().toLowerCase()).join('|');
  }

  private assertAffordable(user: User, amountCents: number) {
    if (amountCents > this.balanceCents(user.id)) refuse('conflict', 'Insufficient balance');
  }

  /**
   * Step 1 of a transfer: the PIN. Answers whether a second code is needed; when it is, the code is
   * sent to the customer's e-mail, bound to this amount and payee.
   */
  async confirmPin(
    user: User,
    pin: string,
    transfer: TransferInput,
  ): Promise<{ stepUp: false } | { stepUp: true; head: string; body: string }> {
    await this.checkPin(user, pin);
    const amountCents = toCents(transfer.amount);
    this.assertAffordable(user, amountCents);
    const payeeKey = this.payeeKey(transfer);
    const rule = this.config.stepUp;
    const needsCode =
      (rule.amountAtLeast !== null && transfer.amount >= rule.amountAtLeast) ||
      (rule.newPayee && !user.knownPayees.has(payeeKey));
    delete user.authorization;
    delete user.stepUp;
    if (!needsCode) {
      user.authorization = { amountCents, payeeKey, expiresAt: this.now() + this.config.stepUpCodeTtlMinutes * MINUTE };
      return { stepUp: false };
    }
    const code = numericCode(4);
    user.stepUp = {
      hash: this.codeHash(code),
      amountCents,
      payeeKey,
      expiresAt: this.now() + this.config.stepUpCodeTtlMinutes * MINUTE,
    };
    const amount = `${this.catalogue.currency}${fromCents(amountCents).toFixed(2)}`;
    this.send(user.email, 'transfer-code', 'Your transfer authorization code', {
      text: `Your code to authorise the transfer of ${amount} to ${transfer.accountHolder} (account ${transfer.accountNumber}) is ${code}. It expires in ${this.config.stepUpCodeTtlMinutes} minutes. Never share it.`,
      code,
    });
    return {
      stepUp: true,
      head: 'Transfer Authorization Code is required',
      body: `We sent a 4-digit code to ${maskEmail(user.email)}. Enter it to authorise ${amount} to ${transfer.accountHolder}.`,
    };
  }

  /** Step 2, when asked: the code sent by e-mail, for this very amount and payee. */
  confirmTransferCode(user: User, code: string, transfer: TransferInput) {
    this.assertUnlocked(user, 'stepUp');
    const pending = user.stepUp;
    if (!pending) refuse('gone', 'No authorization code is waiting. Start the transfer again.');
    if (pending.expiresAt <= this.now()) {
      delete user.stepUp;
      refuse('gone', 'This authorization code has expired. Start the transfer again.');
    }
    if (!this.codeMatches(code, pending.hash)) this.wrongAnswer(user, 'stepUp', 'Incorrect authorization code.');
    if (pending.amountCents !== toCents(transfer.amount) || pending.payeeKey !== this.payeeKey(transfer))
      refuse('forbidden', 'This code was issued for a different amount or payee. Start the transfer again.');
    this.rightAnswer(user, 'stepUp');
    delete user.stepUp;
    user.authorization = {
      amountCents: pending.amountCents,
      payeeKey: pending.payeeKey,
      expiresAt: this.now() + this.config.stepUpCodeTtlMinutes * MINUTE,
    };
  }

  /** Step 3: the transfer itself, once, for what was confirmed; the amount is held at once. */
  submitTransfer(user: User, transfer: TransferInput) {
    const amountCents = toCents(transfer.amount);
    const payeeKey = this.payeeKey(transfer);
    const auth = user.authorization;
    if (!auth || auth.expiresAt <= this.now()) refuse('forbidden', 'Confirm this transfer with your PIN first');
    if (auth.amountCents !== amountCents || auth.payeeKey !== payeeKey)
      refuse('forbidden', 'This transfer differs from the one you confirmed. Confirm it with your PIN again.');
    this.assertAffordable(user, amountCents);
    delete user.authorization;
    const feeCents = this.feeCents(amountCents);
    const request = this.addRequest({
      userId: user.id,
      kind: 'transfer',
      type: 'Bank Transfer',
      amountCents,
      transfer: { ...withoutAmount(transfer), feeCents },
    });
    const base = {
      userId: user.id,
      direction: 'debit' as const,
      status: 'in_progress' as const,
      requestId: request.id,
    };
    // The fee first, so that the statement (newest first) lists the transfer above its fee.
    if (feeCents > 0) this.post({ ...base, name: 'Service charge', amountCents: feeCents });
    this.post({ ...base, name: `Transfer to ${transfer.accountHolder}`, amountCents: amountCents - feeCents });
    user.knownPayees.add(payeeKey);
    const amount = `${this.catalogue.currency}${fromCents(amountCents).toFixed(2)}`;
    return {
      request,
      notification: this.notify(
        user,
        'Transfer submitted',
        `Your transfer of ${amount} to ${transfer.accountHolder} is awaiting confirmation.`,
      ),
    };
  }

  // ---------------------------------------------------------------------------------------------
  // staff decisions

  decideRequest(id: string, confirm: boolean): MoneyRequest {
    const request = this.requests.get(id) ?? refuse('not_found', 'No such request');
    if (request.status !== 'pending') refuse('conflict', `This request is already ${request.status}`);
    const user = this.user(request.userId);
    request.status = confirm ? 'confirmed' : 'declined';
    request.decidedAt = this.now();
    for (const entry of this.ledger)
      if (entry.requestId === id && entry.status === 'in_progress') entry.status = confirm ? 'successful' : 'failed';
    if (confirm && request.kind === 'upgrade' && request.plan) user.plan = request.plan;
    const amount = `${this.catalogue.currency}${fromCents(request.amountCents).toFixed(2)}`;
    const what = {
      'crypto-deposit': `crypto deposit of ${amount}`,
      payment: `payment of ${amount}`,
      'fixed-deposit': `fixed deposit (${request.plan ?? ''}) of ${amount}`,
      upgrade: `upgrade to ${request.plan ?? ''}`,
      transfer: `transfer of ${amount} to ${request.transfer?.accountHolder ?? ''}`,
    }[request.kind];
    this.notify(user, confirm ? 'Request confirmed' : 'Request declined', `Your ${what} was ${request.status}.`);
    return request;
  }

  // ---------------------------------------------------------------------------------------------
  // notifications and the outbox

  notify(user: User, title: string, body: string, options: { read?: boolean; createdAt?: number } = {}): Notification {
    const notification: Notification = {
      id: `n${randomBytes(6).toString('hex')}`,
      userId: user.id,
      title,
      body,
      read: options.read ?? false,
      createdAt: options.createdAt ?? this.now(),
    };
    this.notifications.push(notification);
    return notification;
  }

  notificationsOf(userId: string): Notification[] {
    return newestFirst(this.notifications.filter((n) => n.userId === userId));
  }

  markRead(user: User, id: string) {
    const n = this.notifications.find((x) => x.id === id && x.userId === user.id);
    if (!n) refuse('not_found', 'Notification not found');
    else n.read = true;
  }

  send(to: string, kind: OutboxKind, subject: string, content: { text: string; code?: string; link?: string }) {
    this.outbox.push({ id: randomUUID(), to, kind, subject, createdAt: this.now(), ...content });
  }

  /** Messages sent to an address, newest first. */
  outboxFor(to: string | undefined): OutboxMessage[] {
    const address = to?.trim().toLowerCase();
    return newestFirst(this.outbox.filter((m) => address === undefined || m.to === address));
  }
}

const withoutAmount = ({ amount, ...rest }: TransferInput) => rest;

/** Newest first; records made at the same moment, the later-made first. */
const newestFirst = <T extends { readonly createdAt: number }>(records: readonly T[]): T[] =>
  [...records].reverse().sort((a, b) => b.createdAt - a.createdAt);

export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain}`;
};

export { BankError };
