/**
 * What the staff console shows: customers, pending KYC cases and pending requests, as plain data. No
 * Express here, so the in-browser demo serves the same state as the server.
 *
 * Money is given twice: as a number (`balance`, `amount`) for programs, and written as the portal
 * writes it (`balanceText`, `amountText`: `$1,200.00`, the contract's `formatMoney`) for the page,
 * which shows only the written form.
 */
import { formatMoney } from '@ebank/contract';
import { fromCents, type Bank } from '../bank/bank';

/** Where an uploaded image is served. */
export const uploadPath = (id: string) => `/__mock/uploads/${id}`;

export function staffState(b: Bank) {
  const upload = uploadPath;
  const users = b.allUsers();
  const email = new Map(users.map((u) => [u.id, u.email]));
  const written = (cents: number) => formatMoney(fromCents(cents), b.catalogue.currency);
  return {
    currency: b.catalogue.currency,
    customers: users.map((u) => {
      const balance = b.balanceCents(u.id);
      return {
        id: u.id,
        email: u.email,
        fullname: u.fullname,
        role: u.role,
        emailVerified: u.emailVerified,
        kyc: u.kyc,
        plan: u.plan,
        hasPin: Boolean(u.pinHash),
        notice: u.notice ?? null,
        balance: fromCents(balance),
        balanceText: written(balance),
      };
    }),
    kyc: users
      .filter((u) => u.kyc === 'Pending Verification')
      .map((u) => ({
        userId: u.id,
        email: u.email,
        fullname: u.fullname,
        documentType: u.kycCase?.documentType ?? null,
        country: u.kycCase?.country ?? null,
        documents: (u.kycCase?.documents ?? []).map(upload),
        submittedAt: u.kycCase ? new Date(u.kycCase.submittedAt).toISOString() : null,
      })),
    requests: b
      .allRequests()
      .filter((r) => r.status === 'pending')
      .sort((x, y) => y.createdAt - x.createdAt)
      .map((r) => ({
        id: r.id,
        kind: r.kind,
        email: email.get(r.userId) ?? null,
        type: r.type,
        amount: fromCents(r.amountCents),
        amountText: written(r.amountCents),
        plan: r.plan ?? null,
        purpose: r.purpose ?? null,
        payee: r.transfer ? `${r.transfer.accountHolder}, ${r.transfer.bank} ${r.transfer.accountNumber}` : null,
        proof: r.proof ? upload(r.proof) : null,
        createdAt: new Date(r.createdAt).toISOString(),
      })),
  };
}
