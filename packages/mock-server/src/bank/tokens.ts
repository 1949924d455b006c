/** Signed tokens that expire, carry the user, and die with a passcode change or reset, or an e-mail change. */
import { randomBytes } from 'node:crypto';
import type { BankContext } from './context';
import { refuse } from './errors';
import type { User } from './model';
import { signatureOf, type TokenClaims, type TokenScope, type TokenSigner } from './security';
import type { Users } from './users';

export class Tokens {
  constructor(
    private readonly context: BankContext,
    private readonly signer: TokenSigner,
    private readonly users: Users,
  ) {}

  issue(user: User, scope: TokenScope, remember = false): string {
    const { config } = this.context;
    const minutes =
      scope === 'kyc' ? config.kycTokenTtlMinutes : remember ? config.rememberTtlMinutes : config.tokenTtlMinutes;
    const iat = Math.floor(this.context.now() / 1000);
    return this.signer.sign({
      sub: user.id,
      scope,
      iat,
      exp: iat + minutes * 60,
      ver: user.credentialVersion,
      jti: randomBytes(9).toString('base64url'),
    });
  }

  /** A token fitting where the user stands: the full token once KYC is approved, else the temporary one. */
  fitting(user: User, remember = false) {
    return user.kyc === 'Verified' ? this.issue(user, 'user', remember) : this.issue(user, 'kyc');
  }

  /** Whether a token of `version` still opens `user`'s account: issued since the last passcode or e-mail change, or kept by it. */
  private isCurrent(user: User, version: number, token: string) {
    if (version === user.credentialVersion) return true;
    const kept = user.keptSession;
    return kept?.version === user.credentialVersion && kept.signature === signatureOf(token);
  }

  /**
   * Whether a token's lifetime holds at the bank's now: not expired, and not issued after now (a token
   * issued while the bank's clock was ahead would otherwise outlive its lifetime once the clock goes
   * back: such a session has ended).
   */
  private isLive(claims: Readonly<TokenClaims>) {
    const now = this.context.now();
    return claims.iat * 1000 <= now && claims.exp * 1000 > now;
  }

  /** The user a token opens, if it is well signed, live, current and of the given scope. */
  authenticate(token: string | undefined, scope: TokenScope): User {
    if (!token) refuse('unauthorized', 'Please log in to continue');
    const claims = this.signer.verify(token);
    const user = claims ? this.users.find(claims.sub) : undefined;
    if (!claims || !user || !this.isLive(claims) || !this.isCurrent(user, claims.ver, token))
      return refuse('unauthorized', 'Your session has ended. Please log in again.');
    if (claims.scope !== scope) {
      if (claims.scope === 'kyc') refuse('forbidden', 'Complete your identity verification first');
      refuse('forbidden', 'This token does not open this operation');
    }
    return user;
  }
}
