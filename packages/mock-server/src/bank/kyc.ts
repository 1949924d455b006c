/** Know your customer: the documents a customer submits, and staff's decision on them. */
import type { BankContext } from './context';
import { refuse } from './errors';
import type { KycStatus, User } from './model';
import type { Notifications } from './messages';
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
  }

  set(user: User, status: KycStatus) {
    user.kyc = status;
  }
}
