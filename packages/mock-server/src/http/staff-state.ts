/**
 * What staff see (`GET /__mock/staff/state`, the staff contract's `StaffStateSchema`): the customers, the
 * identity checks awaiting review with their documents' addresses, and the pending requests, an upgrade
 * with its plan's price and whether the amount paid falls short of it. No Express here, so the in-browser
 * demo serves the same state as the server.
 *
 * Money is given twice: as a number (`balance`, `amount`, `planPrice`) for programs, and written as the
 * portal writes it (`balanceText`, `amountText`, `planPriceText`: `$1,200.00`, the contract's
 * `formatMoney`) for people.
 */
import { formatMoney, type StaffState } from '@ebank/contract';
import { fromCents, type Bank } from '../bank/bank';

/**
 * Where an uploaded image is served: a sandbox's at an address that names the sandbox, since an image the
 * admin area shows is loaded by the browser, which cannot send the header that picks the sandbox.
 */
export const uploadPath = (id: string, sandbox: string | null = null) =>
  sandbox === null ? `/__mock/uploads/${id}` : `/__mock/sandboxes/${sandbox}/uploads/${id}`;

/** The state of a bank: the default bank's, or the sandbox's named `sandbox`. */
export function staffState(b: Bank, sandbox: string | null = null): StaffState {
  const upload = (id: string) => uploadPath(id, sandbox);
  const users = b.allUsers();
  const email = new Map(users.map((u) => [u.id, u.email]));
  const written = (cents: number) => formatMoney(fromCents(cents), b.catalogue.currency);
  const planPrice = new Map(b.catalogue.upgradePlans.map((plan) => [plan.name, plan.priceCents]));
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
      .map((r) => {
        const price = r.kind === 'upgrade' && r.plan !== undefined ? planPrice.get(r.plan) : undefined;
        return {
          id: r.id,
          kind: r.kind,
          email: email.get(r.userId) ?? null,
          type: r.type,
          amount: fromCents(r.amountCents),
          amountText: written(r.amountCents),
          plan: r.plan ?? null,
          planPrice: price === undefined ? null : fromCents(price),
          planPriceText: price === undefined ? null : written(price),
          belowPlanPrice: price !== undefined && r.amountCents < price,
          purpose: r.purpose ?? null,
          payee: r.transfer ? `${r.transfer.accountHolder}, ${r.transfer.bank} ${r.transfer.accountNumber}` : null,
          proof: r.proof ? upload(r.proof) : null,
          createdAt: new Date(r.createdAt).toISOString(),
        };
      }),
  };
}
