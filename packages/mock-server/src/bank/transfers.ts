/**
 * Transfers to another bank, in three steps: the PIN; when asked, an authorization code sent by
 * e-mail and bound to the amount and payee; then the transfer itself, held at once, fee included.
 */
import { serviceChargeCents } from '@ebank/contract';
import type { CodeKey } from './codes';
import { stillRuns } from './clock';
import { formatAmount, MINUTE, toCents, type BankContext } from './context';
import type { Credentials } from './credentials';
import { refuse } from './errors';
import type { Ledger } from './ledger';
import type { Lockouts } from './lockouts';
import type { Notifications, Outbox } from './messages';
import type { TransferInput, User } from './model';
import { numericCode } from './security';
import type { MoneyRequests } from './requests';

/** The parts of the bank a transfer goes through. */
export interface TransferParts {
  readonly credentials: Credentials;
  readonly lockouts: Lockouts;
  readonly codes: CodeKey;
  readonly ledger: Ledger;
  readonly requests: MoneyRequests;
  readonly notifications: Notifications;
  readonly outbox: Outbox;
}

export const maskEmail = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain}`;
};

const payeeKeyOf = (t: TransferInput) =>
  [t.bank, t.swift, t.routing, t.accountNumber].map((s) => s.trim().toLowerCase()).join('|');

/** What the PIN step answers: go ahead, or a code was sent and must be entered first. */
export type PinOutcome = { stepUp: false } | { stepUp: true; head: string; body: string };

const withoutAmount = ({ amount, ...rest }: TransferInput) => rest;

export class Transfers {
  constructor(
    private readonly context: BankContext,
    private readonly parts: TransferParts,
  ) {}

  feeCents(amountCents: number) {
    return serviceChargeCents(amountCents, this.context.config.serviceChargePercent);
  }

  /** Whether the fee leaves part of an amount for the payee: a transfer needs it to be less than the amount. */
  feeIsBelow(amountCents: number) {
    return this.feeCents(amountCents) < amountCents;
  }

  /**
   * Refuses a transfer whose fee would take the whole amount (the payee would get nothing). Checked
   * before anything else of a transfer step, so that such a transfer changes nothing.
   */
  private assertFeeBelow(amountCents: number) {
    if (this.feeIsBelow(amountCents)) return;
    const { serviceChargePercent } = this.context.config;
    if (serviceChargePercent >= 100)
      refuse('invalid', 'Transfers cannot be made at the moment: the service charge would take the whole amount.');
    const fee = formatAmount(this.context, this.feeCents(amountCents));
    const amount = formatAmount(this.context, amountCents);
    refuse('invalid', `The service charge of ${fee} would take the whole ${amount}. Please send a larger amount.`);
  }

  private assertAffordable(user: User, amountCents: number) {
    if (amountCents > this.parts.ledger.balanceCents(user.id)) refuse('conflict', 'Insufficient balance');
  }

  private authorizationExpiry() {
    return this.context.now() + this.context.config.stepUpCodeTtlMinutes * MINUTE;
  }

  /** Whether an authorization code or a confirmed transfer is still good: not expired, not made after now (clock.ts). */
  private isLive(expiresAt: number) {
    return stillRuns(expiresAt, this.context.config.stepUpCodeTtlMinutes * MINUTE, this.context.now());
  }

  /**
   * Step 1 of a transfer: the PIN. Answers whether a second code is needed; when it is, the code is
   * sent to the customer's e-mail, bound to this amount and payee.
   */
  async confirmPin(user: User, pin: string, transfer: TransferInput): Promise<PinOutcome> {
    const amountCents = toCents(transfer.amount);
    this.assertFeeBelow(amountCents);
    await this.parts.credentials.checkPin(user, pin);
    // The code that may be needed, hashed now: from here to the last write, nothing waits.
    const code = numericCode(4);
    const hash = await this.parts.codes.hash(code);
    this.assertAffordable(user, amountCents);
    const payeeKey = payeeKeyOf(transfer);
    const rule = this.context.config.stepUp;
    const needsCode =
      (rule.amountAtLeast !== null && transfer.amount >= rule.amountAtLeast) ||
      (rule.newPayee && !user.knownPayees.has(payeeKey));
    delete user.authorization;
    delete user.stepUp;
    if (!needsCode) {
      user.authorization = { amountCents, payeeKey, expiresAt: this.authorizationExpiry() };
      return { stepUp: false };
    }
    user.stepUp = { hash, amountCents, payeeKey, expiresAt: this.authorizationExpiry() };
    const amount = formatAmount(this.context, amountCents);
    const ttl = this.context.config.stepUpCodeTtlMinutes;
    this.parts.outbox.send(user.email, 'transfer-code', 'Your transfer authorization code', {
      text: `Your code to authorise the transfer of ${amount} to ${transfer.accountHolder} (account ${transfer.accountNumber}) is ${code}. It expires in ${ttl} minutes. Never share it.`,
      code,
    });
    return {
      stepUp: true,
      head: 'Transfer Authorization Code is required',
      body: `We sent a 4-digit code to ${maskEmail(user.email)}. Enter it to authorise ${amount} to ${transfer.accountHolder}.`,
    };
  }

  /** Step 2, when asked: the code sent by e-mail, for this very amount and payee. */
  async confirmTransferCode(user: User, code: string, transfer: TransferInput) {
    const given = await this.parts.codes.hash(code);
    this.assertFeeBelow(toCents(transfer.amount));
    const { lockouts } = this.parts;
    lockouts.assertUnlocked(user, 'stepUp');
    const pending = user.stepUp;
    if (!pending) refuse('gone', 'No authorization code is waiting. Start the transfer again.');
    if (!this.isLive(pending.expiresAt)) {
      delete user.stepUp;
      refuse('gone', 'This authorization code has expired. Start the transfer again.');
    }
    if (!this.parts.codes.matches(given, pending.hash))
      lockouts.wrongAnswer(user, 'stepUp', 'Incorrect authorization code.');
    if (pending.amountCents !== toCents(transfer.amount) || pending.payeeKey !== payeeKeyOf(transfer))
      refuse('forbidden', 'This code was issued for a different amount or payee. Start the transfer again.');
    lockouts.rightAnswer(user, 'stepUp');
    delete user.stepUp;
    user.authorization = {
      amountCents: pending.amountCents,
      payeeKey: pending.payeeKey,
      expiresAt: this.authorizationExpiry(),
    };
  }

  /** Step 3: the transfer itself, once, for what was confirmed; the amount is held at once. */
  submitTransfer(user: User, transfer: TransferInput) {
    const amountCents = toCents(transfer.amount);
    this.assertFeeBelow(amountCents);
    const payeeKey = payeeKeyOf(transfer);
    const auth = user.authorization;
    if (!auth || !this.isLive(auth.expiresAt)) refuse('forbidden', 'Confirm this transfer with your PIN first');
    if (auth.amountCents !== amountCents || auth.payeeKey !== payeeKey)
      refuse('forbidden', 'This transfer differs from the one you confirmed. Confirm it with your PIN again.');
    this.assertAffordable(user, amountCents);
    delete user.authorization;
    const feeCents = this.feeCents(amountCents);
    const request = this.parts.requests.open({
      userId: user.id,
      kind: 'transfer',
      type: 'Bank Transfer',
      amountCents,
      transfer: { ...withoutAmount(transfer), feeCents },
    });
    const base = {
      userId: user.id,
      direction: 'debit' as const,
      status: 'in_progress' as const,
      requestId: request.id,
    };
    // The fee first, so that the statement (newest first) lists the transfer above its fee.
    const { ledger } = this.parts;
    if (feeCents > 0) ledger.post({ ...base, name: 'Service charge', amountCents: feeCents });
    ledger.post({ ...base, name: `Transfer to ${transfer.accountHolder}`, amountCents: amountCents - feeCents });
    user.knownPayees.add(payeeKey);
    const amount = formatAmount(this.context, amountCents);
    return {
      request,
      notification: this.parts.notifications.notify(
        user,
        'Transfer submitted',
        `Your transfer of ${amount} to ${transfer.accountHolder} is awaiting confirmation.`,
      ),
    };
  }
}
