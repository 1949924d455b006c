/**
 * Test data for the dashboard screens (beside `bank-data.ts`): reply factories with overrides, typed from
 * the contract, and a small stateful fake bank for them, whose PIN, notifications and profile change
 * when the app changes them, as the real bank's do.
 */
import type { OperationReplyWire, Operations } from '@ebank/contract';
import { institution, notification, statement, transaction } from './bank-data';
import { installFakeBank, type BankHandlers } from './fake-bank';

type Reply<K extends keyof Operations> = OperationReplyWire<Operations[K]>;
type Notification = Reply<'getNotifications'>['notifications'][number];
type Profile = Reply<'getProfile'>['data'];

export const notificationList = (
  list: Notification[] = [
    notification(),
    notification({ id: 'n2', title: 'Transfer sent', body: 'Your transfer of $250.00 is on its way.', wasread: 'no' }),
    notification({ id: 'n3', title: 'Welcome', body: 'Your account is ready.', wasread: 'yes' }),
  ],
): Reply<'getNotifications'> => ({ notifications: list, nc: list.filter((n) => n.wasread === 'no').length });

export const profile = (
  data: Partial<Profile> = {},
  accountNumber: string | null = '4820193746',
): Reply<'getProfile'> => ({
  data: {
    picture: null,
    fullname: 'Dana Demo',
    email: 'demo@bank.test',
    username: 'dana.demo',
    phone: '+44 20 7946 0958',
    gender: 'Female',
    dob: '1990-04-23',
    country: 'United Kingdom of Great Britain and Northern Ireland',
    marital_status: 'Single',
    home_address: '1 Bank Street, London',
    next_of_kin: 'Sam Demo',
    ...data,
  },
  it: { account_no: accountNumber },
});

export const contact = (ct: Partial<Reply<'getContact'>['ct']> = {}): Reply<'getContact'> => ({
  ct: { whatsapp: '+1 (555) 010-2030', email: 'support@bank.test', phone: '+1 555 010 2040', ...ct },
});

export const ok = (message = 'Action Successful') => ({ status: 'success', message });

/** Recent transactions of every kind: a credit, two debits (the later one is the "last debit") and a failure. */
export const recentTransactions = () => [
  transaction({ name: 'Salary: Northwind Ltd', date: '2026-11-01T09:30:00.000Z', amount: 4250 }),
  transaction({
    name: 'Transfer to Sam Demo',
    date: '2026-11-12T15:00:00.000Z',
    amount: 120,
    transaction_type: 'debit',
    status: 'in_progress',
  }),
  transaction({ name: 'Card refund', date: '2026-11-10T08:00:00.000Z', amount: 35.5, status: 'failed' }),
  transaction({ name: 'Rent', date: '2026-11-05T08:00:00.000Z', amount: 900, transaction_type: 'debit' }),
];

export interface DashboardBankState {
  haspin: boolean;
  pin: string;
  notifications: Notification[];
  profile: Reply<'getProfile'>;
}

/**
 * Installs the fake bank with answers for every dashboard screen. The state changes with the app's
 * writes (a created PIN, a notification read, a profile update or picture); `handlers` replace answers.
 */
export function installDashboardBank(handlers: BankHandlers = {}, initial: Partial<DashboardBankState> = {}) {
  const state: DashboardBankState = {
    haspin: true,
    pin: '1234',
    notifications: notificationList().notifications.map((n) => ({ ...n })),
    profile: profile(),
    ...initial,
  };
  const unread = () => state.notifications.filter((n) => n.wasread === 'no').length;
  let pictures = 0;
  const bank = installFakeBank({
    getInstitution: () =>
      institution({
        haspin: state.haspin,
        notificationcount: unread(),
        u: { picture: state.profile.data.picture ?? null, fullname: state.profile.data.fullname ?? 'Dana Demo' },
      }),
    checkPin: () => ({ haspin: state.haspin }),
    getHomeStatement: () => statement(recentTransactions()),
    getStatement: () => statement(recentTransactions()),
    getNotifications: () => ({ notifications: state.notifications.map((n) => ({ ...n })), nc: unread() }),
    markNotificationRead: ({ input }) => {
      const found = state.notifications.find((n) => n.id === input.id);
      if (found) found.wasread = 'yes';
      return ok('Marked as read');
    },
    createPin: ({ input }) => {
      state.haspin = true;
      state.pin = input.pin;
      return ok('Your transaction PIN has been successfully created.');
    },
    changePin: () => ok(),
    changePasscode: () => ok(),
    changeEmail: ({ input }) => {
      state.profile = { ...state.profile, data: { ...state.profile.data, email: input.email } };
      return ok();
    },
    getProfile: () => state.profile,
    updateProfile: ({ input }) => {
      const { next_of_kin, ...rest } = input;
      state.profile = {
        ...state.profile,
        data: { ...state.profile.data, ...rest, ...(next_of_kin === undefined ? {} : { next_of_kin }) },
      };
      return ok('Action Successful!');
    },
    updateProfilePicture: () => {
      pictures += 1;
      state.profile = {
        ...state.profile,
        data: { ...state.profile.data, picture: `/__mock/uploads/picture-${String(pictures)}` },
      };
      return ok('Action Successful!');
    },
    getContact: () => contact(),
    ...handlers,
  });
  return { ...bank, state };
}
