/** The customers and staff the bank knows: who they are, their profile and account message. */
import type { BankContext } from './context';
import { refuse } from './errors';
import type { Profile, User, UserSnapshot } from './model';
import { hashSecret, randomBytes, randomId } from './security';

export interface NewUser {
  readonly email: string;
  readonly username: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly passcode: string;
  readonly role?: 'user' | 'admin';
}

export class Users {
  private readonly byId = new Map<string, User>();
  private readonly byEmail = new Map<string, User>();

  constructor(private readonly context: BankContext) {}

  async create(input: NewUser, passcodeHash?: string): Promise<User> {
    const email = input.email.trim().toLowerCase();
    const assertFree = () => {
      if (this.byEmail.has(email)) refuse('conflict', 'An account with this e-mail address already exists');
      if ([...this.byId.values()].some((u) => u.username.toLowerCase() === input.username.toLowerCase()))
        refuse('conflict', 'This username is taken');
    };
    assertFree();
    const hash = passcodeHash ?? (await hashSecret(input.passcode, this.context.config.hashCost));
    // Checked again: another sign-up may have taken the address or the username while the hash was computed.
    assertFree();
    const user: User = {
      id: randomId(),
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
      createdAt: this.context.now(),
      attempts: {
        passcode: { failures: 0, lockedUntil: 0 },
        pin: { failures: 0, lockedUntil: 0 },
        emailCode: { failures: 0, lockedUntil: 0 },
        resetCode: { failures: 0, lockedUntil: 0 },
        stepUp: { failures: 0, lockedUntil: 0 },
      },
      knownPayees: new Set(),
    };
    this.add(user);
    return user;
  }

  private newAccountNumber(): string {
    for (;;) {
      const draw = randomBytes(5).reduce((n, byte) => n * 256 + byte, 0);
      const candidate = `4${String(draw % 1_000_000_000).padStart(9, '0')}`;
      if (![...this.byId.values()].some((u) => u.accountNumber === candidate)) return candidate;
    }
  }

  private add(user: User) {
    this.byId.set(user.id, user);
    this.byEmail.set(user.email, user);
  }

  findByEmail(email: string): User | undefined {
    return this.byEmail.get(email.trim().toLowerCase());
  }

  find(id: string): User | undefined {
    return this.byId.get(id);
  }

  get(id: string): User {
    return this.byId.get(id) ?? refuse('not_found', 'No such customer');
  }

  all(): readonly User[] {
    return [...this.byId.values()];
  }

  /**
   * Files the user under a new e-mail address (what else the change means is credentials.ts's); answers
   * whether the address changed (the same address again changes nothing).
   */
  changeEmail(user: User, email: string): boolean {
    const normalised = email.trim().toLowerCase();
    if (normalised === user.email) return false;
    if (this.byEmail.has(normalised)) refuse('conflict', 'An account with this e-mail address already exists');
    this.byEmail.delete(user.email);
    user.email = normalised;
    this.byEmail.set(normalised, user);
    return true;
  }

  updateProfile(user: User, fullname: string, profile: { readonly [K in keyof Profile]?: string | undefined }) {
    user.fullname = fullname;
    for (const [key, value] of Object.entries(profile) as [keyof Profile, string | undefined][])
      if (value !== undefined) user.profile[key] = value;
  }

  setPicture(user: User, uploadId: string) {
    user.picture = uploadId;
  }

  setNotice(userId: string, notice: { head: string; body: string } | undefined) {
    const user = this.get(userId);
    if (notice) user.notice = notice;
    else delete user.notice;
  }

  /** The users as plain records (the known payees as a list), in the order they joined. */
  records(): UserSnapshot[] {
    return [...this.byId.values()].map((u) => ({ ...u, knownPayees: [...u.knownPayees] }));
  }

  /** Takes in records from records(), which it keeps (the caller hands over a copy). */
  load(records: readonly UserSnapshot[]) {
    for (const u of records) this.add({ ...u, knownPayees: new Set(u.knownPayees) });
  }
}
