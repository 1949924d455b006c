/**
 * Test data for the dashboard: wire replies (as the bank sends them) built from defaults with overrides.
 * The types come from the contract, so a factory cannot drift from the replies it stands for.
 */
import type { OperationReplyWire, Operations } from '@ebank/contract';

type Reply<K extends keyof Operations> = OperationReplyWire<Operations[K]>;
type Overrides<T> = { [K in keyof T]?: T[K] extends object ? (T[K] extends unknown[] ? T[K] : Partial<T[K]>) : T[K] };

function merge<T extends object>(base: T, overrides: Overrides<T>): T {
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(overrides)) {
    const prior = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && prior && typeof prior === 'object'
        ? { ...prior, ...value }
        : value;
  }
  return out as T;
}

/** A login reply as the bank sends it (a verified customer signed in), with overrides. */
export const loginReply = (overrides: Overrides<Reply<'login'>> = {}): Reply<'login'> =>
  merge(
    {
      role: 'user',
      jwt: 'user-jwt',
      verification_status: 'Verified',
      verified: 'yes',
      submitted: 'Yes',
      email: 'demo@bank.test',
      message: null,
      error: null,
      ismsg: null,
      user: { picture: 'uploads/demo.png', fullname: 'Demo User' },
    },
    overrides,
  );

export const institution = (overrides: Overrides<Reply<'getInstitution'>> = {}): Reply<'getInstitution'> =>
  merge(
    {
      account: { account_no: '4820193746' },
      u: {
        picture: null,
        fullname: 'Dana Demo',
        current_plan: 'Tier 1',
        total_credit: 5600,
        total_debit: 480,
        username: 'dana.demo',
      },
      currency: '$',
      tb: { current_balance: 5120 },
      notificationcount: 2,
      haspin: true,
      data: { account_no: '4820193746' },
      data2: { swift_code: 'EBNKUS33XXX', routing_no: '021000021', country: 'United States' },
    },
    overrides,
  );

type Transaction = Reply<'getStatement'>['transactions'][number];
export const transaction = (overrides: Partial<Transaction> = {}): Transaction => ({
  name: 'Salary: Northwind Ltd',
  date: '2026-11-01T09:30:00.000Z',
  amount: 4250,
  transaction_type: 'credit',
  status: 'successful',
  ...overrides,
});

export const statement = (transactions: Transaction[] = [transaction()], balance = 5120): Reply<'getStatement'> => ({
  transactions,
  currency: '$',
  balance,
});

type Notification = Reply<'getNotifications'>['notifications'][number];
export const notification = (overrides: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  title: 'Deposit confirmed',
  body: 'Your crypto deposit of $1200.00 was confirmed.',
  wasread: 'no',
  ...overrides,
});

type Row = Reply<'getCryptoDepositForm'>['transactions'][number];
export const requestRow = (overrides: Partial<Row> = {}): Row => ({
  type: 'BTC',
  amount: 500,
  status: 'pending',
  created_at: '2026-11-19T10:00:00.000Z',
  ...overrides,
});

export const cryptoForm = (overrides: Partial<Reply<'getCryptoDepositForm'>> = {}): Reply<'getCryptoDepositForm'> => ({
  names: ['BTC', 'ETH', 'USDT (TRC20)'],
  addresses: [
    'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
    'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
  ],
  addresses2: {
    BTC: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    ETH: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
    'USDT (TRC20)': 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
  },
  transactions: [requestRow()],
  currency: '$',
  ...overrides,
});

export const paymentMethods = (
  overrides: Partial<Reply<'getPaymentMethods'>['methods']> = {},
): Reply<'getPaymentMethods'> => ({
  methods: { bank_transfer: false, card: false, cash: false, crypto: true, institutional: true, ...overrides },
});
