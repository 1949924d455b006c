/** Signed tokens that expire, carry the user, and die with a passcode change or reset, or an e-mail change. */
import { base64url } from 'jose';
import type { BankContext } from './context';
import { refuse } from './errors';
import type { User } from './model';
import { randomBytes, signatureOf, type TokenClaims, type TokenScope, type TokenSigner } from './security';
import type { Users } from './users';

export class Tokens {
  constructor(
    private readonly context: BankContext,
    private readonly signer: TokenSigner,
    private readonly users: Users,
  ) {}

  issue(user: User, scope: TokenScope, remember = false): Promise<string> {
    const { config } = this.context;
    const minutes =
      scope === 'kyc' ? config.kycTokenTtlMinutes : remember ? config.rememberTtlMinutes : config.tokenTtlMinutes;
    const iat = Math.floor(this.nowFor(scope) / 1000);
    return this.signer.sign({
      sub: user.id,
      scope,
      iat,
      exp: iat + minutes * 60,
      ver: user.credentialVersion,
      jti: base64url.encode(randomBytes(9)),
    });
  }

  /**
   * The time a token of `scope` lives by: the bank's clock, which demo staff move to show a session
   * ending; but an admin's token by the time the clock follows, as staff are the ones who move it.
   */
  private nowFor(scope: TokenScope) {
    return scope === 'admin' ? this.context.realNow() : this.context.now();
  }

  /** A token fitting where the user stands: the full token once KYC is approved, else the temporary one. */
  fitting(user: User, remember = false): Promise<string> {
    return user.kyc === 'Verified' ? this.issue(user, 'user', remember) : this.issue(user, 'kyc');
  }

  /** Whether a token of `version` still opens `user`'s account: issued since the last passcode or e-mail change, or kept by it. */
  private isCurrent(user: User, version: number, token: string) {
    if (version === user.credentialVersion) return true;
    const kept = user.keptSession;
    return kept?.version === user.credentialVersion && kept.signature === signatureOf(token);
  }

  /**
   * Whether a token was not issued after `now` (the signer has checked that it has not expired at the
   * bank's now): a token issued while the bank's clock was ahead would otherwise outlive its lifetime
   * once the clock goes back; such a session has ended.
   */
  private issuedBy(claims: Readonly<TokenClaims>, now: number) {
    return claims.iat * 1000 <= now;
  }

  /** When the session of a live token was signed in (ms since the epoch, on the clock its scope reads). */
  async signedInAt(token: string, scope: TokenScope): Promise<number | undefined> {
    const claims = await this.signer.verify(token, this.nowFor(scope));
    return claims === undefined ? undefined : claims.iat * 1000;
  }

  /** The user a token opens, if it is well signed, live, current and of the given scope. */
  async authenticate(token: string | undefined, scope: TokenScope): Promise<User> {
    if (!token) refuse('unauthorized', 'Please log in to continue');
    // A token of another scope is refused below whichever time it is read by.
    const now = this.nowFor(scope);
    const claims = await this.signer.verify(token, now);
    const user = claims ? this.users.find(claims.sub) : undefined;
    if (!claims || !user || !this.issuedBy(claims, now) || !this.isCurrent(user, claims.ver, token))
      return refuse('unauthorized', 'Your session has ended. Please log in again.');
    if (claims.scope !== scope) {
      if (claims.scope === 'kyc') refuse('forbidden', 'Complete your identity verification first');
      refuse('forbidden', 'This token does not open this operation');
    }
    return user;
  }
}
