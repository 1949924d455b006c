/**
 * Test data and setup for the money screens (add funds, payments, fixed deposits, upgrades, transfers):
 * wire replies built from defaults with overrides, typed from the contract, and a signed-in fake bank
 * that also answers the dashboard shell's reads.
 */
import type { OperationReplyWire, Operations } from '@ebank/contract';
import { screen } from '@testing-library/react';
import { session } from '@/session/session';
import { cryptoForm, institution, paymentMethods, requestRow } from './bank-data';
import { installFakeBank, type BankHandlers } from './fake-bank';

type Reply<K extends keyof Operations> = OperationReplyWire<Operations[K]>;

export const paymentForm = (overrides: Partial<Reply<'getPaymentForm'>> = {}): Reply<'getPaymentForm'> => ({
  ...cryptoForm({ transactions: [requestRow({ type: 'ETH', amount: 150, status: 'confirmed' })] }),
  purposes: [{ purpose_name: 'Account top-up' }, { purpose_name: 'Loan repayment' }],
  ...overrides,
});

export const fixedDepositForm = (
  overrides: Partial<Reply<'getFixedDepositForm'>> = {},
): Reply<'getFixedDepositForm'> => ({
  ...cryptoForm({ transactions: [requestRow({ amount: 1000, status: 'pending' })] }),
  plans: [{ plan_name: '3 months at 4.50%' }, { plan_name: '6 months at 5.25%' }],
  ...overrides,
});

export const upgradeForm = (overrides: Partial<Reply<'getUpgradeForm'>> = {}): Reply<'getUpgradeForm'> => ({
  ...cryptoForm({ transactions: [] }),
  plans: [{ plan_name: 'Tier 2' }, { plan_name: 'Tier 3' }, { plan_name: 'Premium' }],
  ...overrides,
});

export const serviceCharge = (percent: number | null = 10, balance = 5120): Reply<'getServiceCharge'> => ({
  percent: percent === null ? null : { percent },
  tb: { current_balance: balance },
});

export const paymentPending = (icon = 'success'): Reply<'createCryptoDeposit'> => ({
  icon,
  message: 'Payment Pending!',
});

/** The transfer form's labels as the screen shows them, by field. */
export const TRANSFER_LABELS = {
  bank: 'Bank',
  swift: 'Swift code',
  currency: 'Currency',
  routing: 'Routing number',
  country: 'Country',
  act_no: 'Account number',
  act_hold_name: 'Account holder name',
  amount: 'Amount',
  note: 'Note',
} as const;

type TransferKey = keyof typeof TRANSFER_LABELS;

/** A field of the transfer form on screen, by its label (the amount is a number field). */
export const transferField = (name: TransferKey) =>
  screen.getByRole(name === 'amount' ? 'spinbutton' : 'textbox', { name: TRANSFER_LABELS[name] });

/** A transfer form as typed (every value a string). */
export const transferForm = (overrides: Partial<Record<TransferKey, string>> = {}) => ({
  bank: 'First Example Bank',
  swift: 'FEXBUS33',
  currency: 'USD',
  routing: '026009593',
  country: 'United States',
  act_no: '000123456789',
  act_hold_name: 'Jane Cooper',
  amount: '100',
  note: 'Invoice 42',
  ...overrides,
});

/** The replies the dashboard shell and the money screens read, for a signed-in customer with a PIN. */
export const dashboardReads = (): BankHandlers => ({
  getInstitution: () => institution(),
  checkPin: () => ({ haspin: true }),
  getNotifications: () => ({ notifications: [], nc: 0 }),
  getHomeStatement: () => ({ transactions: [], currency: '$', balance: 5120 }),
  getStatement: () => ({ transactions: [], currency: '$', balance: 5120 }),
  getPaymentMethods: () => paymentMethods(),
  getTransferList: () => ({ transactions: [requestRow({ type: 'Bank Transfer', amount: 330, status: 'confirmed' })] }),
  getServiceCharge: () => serviceCharge(),
  getCryptoDepositForm: () => cryptoForm(),
  getPaymentForm: () => paymentForm(),
  getFixedDepositForm: () => fixedDepositForm(),
  getUpgradeForm: () => upgradeForm(),
});

/** Signs in and installs a fake bank answering the dashboard's reads, with `handlers` on top. */
export function signedInBank(handlers: BankHandlers = {}) {
  session.signIn('user-jwt');
  return installFakeBank({ ...dashboardReads(), ...handlers });
}
