/**
 * What a login reply means, decided in this order: (a) an admin goes to the admin area (with the token
 * the bank gave, which opens it); (b) an account message goes to the notice; (c) an unverified e-mail goes to verify;
 * (d) KYC 'Not Verified' or 'Declined' goes to the KYC form; (e) 'Pending Verification' to under-review;
 * (f) anything else signs in.
 */
import type { OperationReply, Operations } from '@ebank/contract';

export type LoginReply = OperationReply<Operations['login']>;

export type LoginOutcome =
  | { readonly kind: 'admin'; readonly token: string | undefined; readonly message: string }
  | { readonly kind: 'notice'; readonly head: string; readonly body: string }
  | { readonly kind: 'verify-email'; readonly email: string }
  | {
      readonly kind: 'kyc-form';
      readonly status: 'Not Verified' | 'Declined';
      readonly token: string | undefined;
      readonly email: string;
    }
  | { readonly kind: 'kyc-review'; readonly email: string }
  | { readonly kind: 'signed-in'; readonly token: string; readonly message: string }
  /** A reply that says none of the above and carries no token: the login did not succeed. */
  | { readonly kind: 'failed'; readonly message: string };

export function loginOutcome(reply: LoginReply, enteredEmail: string): LoginOutcome {
  const email = reply.email ?? enteredEmail;
  if (reply.role === 'admin') return { kind: 'admin', token: reply.jwt, message: reply.message ?? 'Please Wait' };
  if (reply.ismsg !== undefined) return { kind: 'notice', head: reply.ismsg.head, body: reply.ismsg.body };
  if (reply.verified === false) return { kind: 'verify-email', email };
  const status = reply.verification_status;
  if (status === 'Not Verified' || status === 'Declined') return { kind: 'kyc-form', status, token: reply.jwt, email };
  if (status === 'Pending Verification') return { kind: 'kyc-review', email };
  if (reply.jwt === undefined || reply.jwt === '') return { kind: 'failed', message: 'Invalid Credentials' };
  return { kind: 'signed-in', token: reply.jwt, message: reply.message ?? 'Welcome Back' };
}
