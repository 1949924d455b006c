/**
 * Credentials: sign-up and e-mail verification, login, passcode reset and change, the transaction
 * PIN. Passcodes and PINs are kept only as slow salted hashes, e-mailed codes as keyed hashes.
 */
import { SIGN_IN_AGAIN } from '@ebank/contract';
import type { CodeKey } from './codes';
import { stillRuns } from './clock';
import { MINUTE, type BankContext } from './context';
import { Decoys } from './decoys';
import { refuse } from './errors';
import type { Lockouts } from './lockouts';
import type { Outbox } from './messages';
import type { SentCode, User } from './model';
import type { LimitedCall } from './rate-limits';
import { hashSecret, isCurrentHash, numericCode, signatureOf, urlToken } from './security';
import type { Tokens } from './tokens';
import { maskEmail } from './transfers';
import type { NewUser, Users } from './users';

/** What the bank tells the login screen. */
export type LoginOutcome =
  | { readonly kind: 'admin'; readonly user: User; readonly token: string }
  | { readonly kind: 'notice'; readonly user: User; readonly head: string; readonly body: string }
  | { readonly kind: 'unverified'; readonly user: User }
  | { readonly kind: 'kyc'; readonly user: User; readonly token: string }
  | { readonly kind: 'pending'; readonly user: User }
  | { readonly kind: 'ok'; readonly user: User; readonly token: string };

/** What opening a reset link that a newer reset replaced says. */
export const OUTDATED_RESET_LINK = 'This reset link is out of date: use the newest link we sent you.';
const RESET_EXPIRED = 'This reset code has expired. Ask for a new one.';
/** Told only to whom holds the code or link: a used one is no secret to them. */
const RESET_USED = 'This reset code has already been used. Ask for a new one if you need it.';

/** How many replaced reset links are still recognised as such. */
const REPLACED_LINKS_KEPT = 5;

/**
 * Ends a passcode reset (used, or voided by an e-mail change): from now on its code or link is told it
 * has been used, or else that it has expired (it ends at 0, whatever the clock does), which only whom it
 * was sent to can see.
 */
function endReset(user: User, used = false) {
  const sent = user.resetCode;
  if (sent) user.resetCode = { hash: sent.hash, linkHash: sent.linkHash, expiresAt: 0, ...(used ? { used } : {}) };
}

export class Credentials {
  /** A hash of a random secret, checked against when the e-mail is unknown. */
  private dummyHash: string | undefined;
  /** Wrong answers counted for addresses the bank does not know, as for a customer's. */
  private readonly decoys = new Decoys();

  constructor(
    private readonly context: BankContext,
    private readonly users: Users,
    private readonly tokens: Tokens,
    private readonly lockouts: Lockouts,
    private readonly codes: CodeKey,
    private readonly outbox: Outbox,
  ) {}

  private get config() {
    return this.context.config;
  }

  /** Whether an e-mailed code is still good: sent, not expired, and not sent after now (clock.ts). */
  private isLive(sent: SentCode | undefined): sent is SentCode {
    return (
      sent !== undefined && stillRuns(sent.expiresAt, this.config.emailCodeTtlMinutes * MINUTE, this.context.now())
    );
  }

  // ---------------------------------------------------------------------------------------------
  // sign-up and e-mail verification

  async signup(input: NewUser): Promise<User> {
    const code = await this.newCode();
    const user = await this.users.create(input);
    this.sendEmailCode(user, code);
    return user;
  }

  /** A new e-mailed code with its hash (made before the writes it goes with). */
  private async newCode() {
    const code = numericCode(6);
    return { code, hash: await this.codes.hash(code) };
  }

  private sendEmailCode(user: User, { code, hash }: { code: string; hash: string }) {
    const ttl = this.config.emailCodeTtlMinutes;
    user.emailCode = { hash, expiresAt: this.context.now() + ttl * MINUTE };
    this.outbox.send(user.email, 'verify-email', 'Confirm your e-mail address', {
      text: `Your verification code is ${code}. It expires in ${ttl} minutes.`,
      code,
    });
  }

  async resendConfirmCode(email: string) {
    const code = await this.newCode();
    const user = this.users.findByEmail(email);
    if (user && !user.emailVerified) this.sendEmailCode(user, code);
  }

  /**
   * Every code but the one sent is a wrong answer, counted toward a lock: whether the address is
   * known, already verified, or has no code waiting is not told (decoys.ts). That the code has
   * expired is told only to whom it was sent, who enters it.
   */
  async verifyEmail(email: string, code: string): Promise<User> {
    const given = await this.codes.hash(code);
    const user = this.users.findByEmail(email);
    const holder = user ?? this.decoys.of(email);
    this.lockouts.assertUnlocked(holder, 'emailCode');
    const sent = user?.emailCode;
    if (!user || !sent || !this.codes.matches(given, sent.hash))
      this.lockouts.wrongAnswer(holder, 'emailCode', 'Invalid code.');
    if (!this.isLive(sent)) refuse('gone', 'This code has expired. Ask for a new one.');
    this.lockouts.rightAnswer(user, 'emailCode');
    user.emailVerified = true;
    delete user.emailCode;
    return user;
  }

  // ---------------------------------------------------------------------------------------------
  // login and passcode reset

  async login(email: string, password: string, remember: boolean): Promise<LoginOutcome> {
    const user = this.users.findByEmail(email);
    if (!user) {
      // Answered as a known address with a wrong passcode, after the same work, so that neither the
      // reply nor its timing tells which e-mails exist (decoys.ts).
      const dummy = this.dummyHash ?? (this.dummyHash = await hashSecret(urlToken(), this.config.hashCost));
      await this.lockouts.checkSecret(this.decoys.of(email), 'passcode', password, dummy, 'Incorrect passcode.');
      return refuse('invalid', 'Incorrect passcode.');
    }
    if (user.role === 'admin' && this.context.isStaffKey) return this.staffSignIn(user, password, remember);
    await this.checkPasscode(user, password, 'Incorrect passcode.');
    if (user.role === 'admin') return { kind: 'admin', user, token: await this.tokens.issue(user, 'admin', remember) };
    if (user.notice) return { kind: 'notice', user, ...user.notice };
    if (!user.emailVerified) return { kind: 'unverified', user };
    if (user.kyc === 'Not Verified' || user.kyc === 'Declined')
      return { kind: 'kyc', user, token: await this.tokens.issue(user, 'kyc') };
    if (user.kyc === 'Pending Verification') return { kind: 'pending', user };
    return { kind: 'ok', user, token: await this.tokens.issue(user, 'user', remember) };
  }

  /**
   * With a staff key, the admin signs in with the key (docs/decisions/0047): checked against it in
   * constant time, and a wrong one is not counted toward a lock. The key is 16 characters or more, so a
   * lock adds nothing against guessing it; it would only let anyone who knows the address keep staff out.
   */
  private async staffSignIn(user: User, password: string, remember: boolean): Promise<LoginOutcome> {
    if (!this.context.isStaffKey?.(password)) return refuse('invalid', 'Incorrect passcode.');
    this.lockouts.rightAnswer(user, 'passcode');
    return { kind: 'admin', user, token: await this.tokens.issue(user, 'admin', remember) };
  }

  /**
   * Whether a call no token opens is staff's, counted per client only and not per e-mail address: with a
   * staff key, a lookup of the admin's address (login step 1, which carries no secret) or a sign-in to it
   * with the key. Anyone who knows the address could otherwise use up its limits and keep staff out.
   */
  isStaffCall(kind: LimitedCall, email: string, password: string | undefined): boolean {
    const isStaffKey = this.context.isStaffKey;
    if (!isStaffKey || (kind !== 'lookup' && kind !== 'signIn')) return false;
    if (this.users.findByEmail(email)?.role !== 'admin') return false;
    return kind === 'lookup' || (password !== undefined && isStaffKey(password));
  }

  async requestReset(email: string) {
    const code = numericCode(6);
    const link = urlToken();
    const [codeHash, linkHash] = await Promise.all([this.codes.hash(code), this.codes.hash(link)]);
    const user = this.users.findByEmail(email);
    if (!user) return;
    const ttl = this.config.emailCodeTtlMinutes;
    const earlier = user.resetCode;
    const now = this.context.now();
    const replaced =
      earlier && this.isLive(earlier)
        ? [earlier.linkHash, ...(earlier.replacedLinkHashes ?? [])].slice(0, REPLACED_LINKS_KEPT)
        : [];
    user.resetCode = {
      hash: codeHash,
      linkHash,
      expiresAt: now + ttl * MINUTE,
      ...(replaced.length > 0 ? { replacedLinkHashes: replaced } : {}),
    };
    const url = `${this.config.publicUrl}wp-user/account/reset/r/${encodeURIComponent(user.email)}/${link}`;
    this.outbox.send(user.email, 'reset-passcode', 'Reset your passcode', {
      text: `Use code ${code} or open ${url} to choose a new passcode. Both expire in ${ttl} minutes.`,
      code,
      link: url,
    });
  }

  /**
   * Every code or link but the ones sent is a wrong answer, counted toward a lock: whether the address
   * is known or has a reset waiting is not told (decoys.ts). That a code or link has expired, been
   * used or been replaced is told only to whom it was sent.
   */
  async resetPasscode(email: string, codeOrLink: string, passcode: string) {
    const given = await this.codes.hash(codeOrLink);
    const user = this.users.findByEmail(email);
    const holder = user ?? this.decoys.of(email);
    this.lockouts.assertUnlocked(holder, 'resetCode');
    const sent = user?.resetCode;
    if (!user || !sent || (!this.codes.matches(given, sent.hash) && !this.codes.matches(given, sent.linkHash))) {
      // An older e-mail's link: not a guess (links are long and random), so it costs no attempt.
      if (sent?.replacedLinkHashes?.some((hash) => this.codes.matches(given, hash)))
        refuse('gone', this.isLive(sent) ? OUTDATED_RESET_LINK : RESET_EXPIRED);
      this.lockouts.wrongAnswer(holder, 'resetCode', 'Invalid reset code.');
    }
    const used = sent.used === true;
    if (!this.isLive(sent)) refuse('gone', used ? RESET_USED : RESET_EXPIRED);
    const hash = await hashSecret(passcode, this.config.hashCost);
    if (user.resetCode !== sent) refuse('gone', RESET_USED);
    this.lockouts.rightAnswer(user, 'resetCode');
    this.lockouts.rightAnswer(user, 'passcode');
    endReset(user, true);
    user.passcodeHash = hash;
    user.credentialVersion += 1;
  }

  // ---------------------------------------------------------------------------------------------
  // settings: the PIN and the passcode

  private async checkPasscode(user: User, passcode: string, wrong: string) {
    const stored = user.passcodeHash;
    await this.lockouts.checkSecret(user, 'passcode', passcode, stored, wrong);
    const upgraded = await this.upgraded(stored, passcode);
    if (upgraded && user.passcodeHash === stored) user.passcodeHash = upgraded;
  }

  /** Checks the transaction PIN (refused when there is none yet), counting wrong answers. */
  async checkPin(user: User, pin: string) {
    const stored = user.pinHash;
    if (!stored) return refuse('conflict', 'Create a transaction PIN first');
    await this.lockouts.checkSecret(user, 'pin', pin, stored, 'Incorrect PIN.');
    const upgraded = await this.upgraded(stored, pin);
    if (upgraded && user.pinHash === stored) user.pinHash = upgraded;
  }

  /**
   * A new hash of a secret just checked right, when its stored hash is of an older format (a state file
   * written before PBKDF2) or of a lower cost than the bank's: a customer's hashes are brought up to
   * date when they next sign in or confirm a transfer.
   */
  private async upgraded(stored: string, secret: string): Promise<string | undefined> {
    return isCurrentHash(stored, this.config.hashCost) ? undefined : hashSecret(secret, this.config.hashCost);
  }

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
    this.endOtherSessions(user, token);
  }

  /** Retires every token of the user issued so far but `token`, which stays valid until it expires. */
  private endOtherSessions(user: User, token: string) {
    user.credentialVersion += 1;
    user.keptSession = { signature: signatureOf(token), version: user.credentialVersion };
  }

  /**
   * A new e-mail address in settings. The address is where codes and reset links go, so changing it
   * is guarded like a credential: the old address is told (its owner learns of a change they did not
   * make), the new one must be confirmed with a code sent to it (the account is unverified again, so
   * the next sign-in goes through the verify step), codes sent to the old address no longer count,
   * and every other session of the account ends (another device, a stolen token).
   *
   * The session that made the change, `token`, carries on until it expires, as after a passcode change:
   * the customer proved who they are when they signed it in, and the settings page they are on keeps
   * working and shows the new address. The spec issues tokens at sign-in and at verification only, so
   * the change gives no new token; the next sign-in asks for the code first. The code confirms the
   * address and gives no token either (an approved customer's verification, handlers.ts): only the
   * passcode opens a session, so whoever reads the new address cannot sign in with codes alone.
   * The same address again changes nothing.
   *
   * It needs a recent sign-in (`recentSignInMinutes`; the wire has no field for the passcode): a session
   * left open on a shared computer, or a token taken from one, cannot move the account to an address
   * whose reset links someone else reads (docs/decisions/0048).
   */
  async changeEmail(user: User, token: string, email: string) {
    const minutes = this.config.recentSignInMinutes;
    const signedInAt = await this.tokens.signedInAt(token, 'user');
    if (signedInAt === undefined || this.context.now() - signedInAt > minutes * 60_000)
      refuse(
        SIGN_IN_AGAIN,
        `For your security, sign in again to change your e-mail address: it needs a sign-in in the last ${String(minutes)} minutes.`,
      );
    const code = await this.newCode();
    const old = user.email;
    if (!this.users.changeEmail(user, email)) return;
    this.endOtherSessions(user, token);
    user.emailVerified = false;
    endReset(user);
    this.outbox.send(old, 'notice', 'Your e-mail address was changed', {
      text:
        `The e-mail address of your account was changed to ${maskEmail(user.email)}. We will write to that ` +
        'address from now on. If you did not make this change, contact support at once.',
    });
    this.sendEmailCode(user, code);
  }
}
