/** Know your customer: the documents a customer submits, and staff's decision on them. */
import type { BankContext } from './context';
import { refuse } from './errors';
import type { KycStatus, User } from './model';
import type { Notifications, Outbox } from './messages';
import type { Users } from './users';

export interface KycSubmission {
  documentType: string;
  country: string;
  phone: string;
  homeAddress: string;
  /** Upload ids: picture, ID front, ID back. */
  documents: string[];
}

export class Kyc {
  constructor(
    private readonly context: BankContext,
    private readonly users: Users,
    private readonly notifications: Notifications,
    private readonly outbox: Outbox,
  ) {}

  submit(user: User, input: KycSubmission) {
    if (user.kyc === 'Pending Verification') refuse('conflict', 'Your documents are already under review');
    if (user.kyc === 'Verified') refuse('conflict', 'Your identity is already verified');
    const accepted = ["Driver's License", ...this.context.catalogue.documentTypes];
    if (!accepted.includes(input.documentType))
      refuse('invalid', `type: must be one of ${accepted.map((d) => `'${d}'`).join(', ')}`);
    user.kycCase = { ...input, submittedAt: this.context.now() };
    user.kyc = 'Pending Verification';
    user.profile.country = input.country;
    user.profile.phone = input.phone;
    user.profile.homeAddress = input.homeAddress;
  }

  /**
   * Staff's decision on a pending case. The customer is told both ways: in the portal, and by e-mail,
   * as the under-review screen promises ('We will e-mail you as soon as your account is ready'): an
   * approval says the account is ready and to sign in; a decline says what to do next.
   */
  decide(userId: string, approve: boolean) {
    const user = this.users.get(userId);
    if (user.kyc !== 'Pending Verification') refuse('conflict', `KYC is ${user.kyc}, not pending`);
    this.set(user, approve ? 'Verified' : 'Declined');
    this.notifications.notify(
      user,
      approve ? 'Identity verified' : 'Identity verification declined',
      approve
        ? 'Your documents were approved. Welcome to your dashboard.'
        : 'We could not verify your documents. Please log in and submit them again.',
    );
    const link = `${this.context.config.publicUrl}wp-user/account/login`;
    if (approve)
      this.outbox.send(user.email, 'notice', 'Your account is ready', {
        text:
          'We have verified your identity and your account is ready. Sign in with your e-mail address and ' +
          `passcode at ${link} to start using it.`,
        link,
      });
    else
      this.outbox.send(user.email, 'notice', 'We could not verify your identity', {
        text:
          'We could not verify your identity from the documents you sent, so your account is not ready yet. ' +
          `What to do next: sign in at ${link} and submit the verification again, with clear pictures of a ` +
          'valid identity document. If you need help, contact support.',
        link,
      });
  }

  set(user: User, status: KycStatus) {
    user.kyc = status;
  }
}
