/**
 * Money requests: crypto deposits, payments, fixed deposits, upgrades and transfers, pending until
 * staff confirm or decline them.
 */
import type { BankConfig } from './config';
import { formatAmount, newestFirst, toCents, type BankContext } from './context';
import { refuse } from './errors';
import type { Ledger } from './ledger';
import type { Notifications } from './messages';
import type { MoneyRequest, RequestKind, User } from './model';
import { randomId } from './security';
import type { Users } from './users';

/** A request as the bank opens it: it gives the id, the time and the status (pending). */
export type NewMoneyRequest = Omit<MoneyRequest, 'id' | 'createdAt' | 'status'>;

export interface DepositInput {
  type: string;
  amount: number;
  proof: string;
  purpose?: string;
}

export interface PlanRequestInput {
  plan: string;
  type: string;
  amount: number;
  proof: string;
}

/**
 * The name of the statement entry of a crypto deposit or payment. The coin is named as the bank lists it,
 * once, after 'in' (`Crypto deposit in USDT (TRC20)`), so a coin whose name carries its network in
 * brackets is not wrapped in a second pair.
 */
export const depositEntryName = (r: Pick<MoneyRequest, 'kind' | 'type' | 'purpose'>) =>
  r.kind === 'payment' ? `Payment: ${r.purpose ?? ''} in ${r.type}` : `Crypto deposit in ${r.type}`;

/** What each kind of request is called in the title of the notification that tells its outcome. */
const REQUEST_TITLES: Readonly<Record<RequestKind, string>> = {
  'crypto-deposit': 'Deposit',
  payment: 'Payment',
  'fixed-deposit': 'Fixed deposit',
  upgrade: 'Upgrade',
  transfer: 'Transfer',
};

/**
 * The title of the notification of staff's decision on a request: one wording per kind of request,
 * the same whoever decides (`Deposit confirmed`, `Transfer declined`).
 */
export const decisionTitle = (kind: RequestKind, confirm: boolean) =>
  `${REQUEST_TITLES[kind]} ${confirm ? 'confirmed' : 'declined'}`;

export class MoneyRequests {
  private readonly requests = new Map<string, MoneyRequest>();

  constructor(
    private readonly context: BankContext,
    private readonly users: Users,
    private readonly ledger: Ledger,
    private readonly notifications: Notifications,
  ) {}

  of(userId: string, kind: RequestKind): MoneyRequest[] {
    return newestFirst([...this.requests.values()].filter((r) => r.userId === userId && r.kind === kind));
  }

  /** Every request, in the order opened. */
  all(): readonly MoneyRequest[] {
    return [...this.requests.values()];
  }

  /** Records a request as it already stands (seeding history). */
  import(request: Omit<MoneyRequest, 'id'>): MoneyRequest {
    const stored: MoneyRequest = { ...request, id: randomId() };
    this.requests.set(stored.id, stored);
    return stored;
  }

  /** Opens a pending request. */
  open(request: NewMoneyRequest): MoneyRequest {
    const stored: MoneyRequest = { ...request, id: randomId(), createdAt: this.context.now(), status: 'pending' };
    this.requests.set(stored.id, stored);
    return stored;
  }

  private coin(type: string) {
    return (
      this.context.catalogue.coins.find((c) => c.name === type) ??
      refuse('invalid', `type: '${type}' is not a coin we accept`)
    );
  }

  private assertMethod(method: keyof BankConfig['paymentMethods']) {
    if (!this.context.config.paymentMethods[method]) refuse('forbidden', 'Not available for your region');
  }

  /** A crypto deposit or payment: pending, shown in the statement as an unsettled credit. */
  submitDeposit(user: User, kind: 'crypto-deposit' | 'payment', input: DepositInput): MoneyRequest {
    this.assertMethod('crypto');
    this.coin(input.type);
    if (kind === 'payment' && !this.context.catalogue.purposes.includes(input.purpose ?? ''))
      refuse('invalid', `purpose: '${input.purpose ?? ''}' is not one of the purposes offered`);
    const request = this.open({
      userId: user.id,
      kind,
      type: input.type,
      amountCents: toCents(input.amount),
      proof: input.proof,
      ...(input.purpose === undefined ? {} : { purpose: input.purpose }),
    });
    this.ledger.post({
      userId: user.id,
      name: depositEntryName(request),
      direction: 'credit',
      amountCents: request.amountCents,
      status: 'in_progress',
      requestId: request.id,
    });
    return request;
  }

  submitPlanRequest(user: User, kind: 'fixed-deposit' | 'upgrade', input: PlanRequestInput): MoneyRequest {
    this.assertMethod('crypto');
    this.coin(input.type);
    const { catalogue } = this.context;
    const plans = kind === 'upgrade' ? catalogue.upgradePlans : catalogue.fixedDepositPlans;
    if (!plans.some((plan) => plan.name === input.plan))
      refuse('invalid', `plan: '${input.plan}' is not one of the plans offered`);
    if (kind === 'upgrade' && user.plan === input.plan) refuse('conflict', `Your account is already on ${input.plan}`);
    return this.open({
      userId: user.id,
      kind,
      type: input.type,
      amountCents: toCents(input.amount),
      proof: input.proof,
      plan: input.plan,
    });
  }

  /** Staff's decision: settles or fails the request's entries, and tells the customer. */
  decide(id: string, confirm: boolean): MoneyRequest {
    const request = this.requests.get(id) ?? refuse('not_found', 'No such request');
    if (request.status !== 'pending') refuse('conflict', `This request is already ${request.status}`);
    const user = this.users.get(request.userId);
    request.status = confirm ? 'confirmed' : 'declined';
    request.decidedAt = this.context.now();
    this.ledger.settle(id, confirm);
    if (confirm && request.kind === 'upgrade' && request.plan) user.plan = request.plan;
    const amount = formatAmount(this.context, request.amountCents);
    const what = {
      'crypto-deposit': `crypto deposit of ${amount}`,
      payment: `payment of ${amount}`,
      'fixed-deposit': `fixed deposit (${request.plan ?? ''}) of ${amount}`,
      upgrade: `upgrade to ${request.plan ?? ''}`,
      transfer: `transfer of ${amount} to ${request.transfer?.accountHolder ?? ''}`,
    }[request.kind];
    this.notifications.notify(user, decisionTitle(request.kind, confirm), `Your ${what} was ${request.status}.`);
    return request;
  }

  /** Takes in records from records(), which it keeps (the caller hands over a copy). */
  load(records: readonly MoneyRequest[]) {
    for (const r of records) this.requests.set(r.id, r);
  }
}
