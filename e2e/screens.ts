/**
 * Every screen of both route trees (account and dashboard) and the states worth checking on them (dialogs,
 * menus, toasts, errors, the transfer's steps): one list that the accessibility and layout tests walk.
 */
import type { Page } from '@playwright/test';
import { expect, keepInStorage, pngFile, typeCode, type Bank } from './fixtures';

export interface Screen {
  readonly name: string;
  readonly path: string;
  /** Who is signed in: a persona's token, the temporary KYC token, or nobody. */
  readonly as?: { user: string } | { kyc: string };
  /** Session storage to set before the page loads (a transfer between its screens). */
  readonly session?: Record<string, string>;
  /** Brings the page into the state to check, after it loaded. */
  readonly act?: (page: Page) => Promise<void>;
  /** Text that shows the page is ready. */
  readonly ready: RegExp | string;
  /** The route it shows, when its actions move on from `path`. */
  readonly route?: string;
}

/**
 * The notice page with an account message, as the login leaves it: in the page's history state (the
 * address never gives it one), kept by a reload.
 */
async function withAccountMessage(page: Page) {
  await page.evaluate(() => {
    const state: unknown = history.state;
    const notice = { head: 'Account on hold', body: 'Please call us' };
    history.replaceState(typeof state === 'object' && state !== null ? { ...state, notice } : { notice }, '');
  });
  await page.reload();
}

/** A long address (every part of it a word that fits a phone's line): it must wrap after '@' or a dot. */
export const LONG_EMAIL = 'alexandra.konstantinopoulou@correspondence.internationalbank.example';
/** An address that is one word before its '@', wider than a phone's line: it may break anywhere, but fit. */
export const ONE_WORD_EMAIL = 'maximilianakonstantinopoulouwellington@bank.test';
/** A customer's name as long as the sign-up form takes it, in two long words. */
export const LONG_NAME = { first: 'Maximiliana-Konstantina', last: 'Papadopoulou-Wellingtonshire' } as const;

/** Opens an account for `email` with the long name at the bank (passcode 123456), as the sign-up form does. */
export async function registerCustomer(page: Page, email: string) {
  const reply = await page.request.post('/api/users.php?crud=newuser', {
    form: {
      first_name: LONG_NAME.first,
      last_name: LONG_NAME.last,
      username: `u${String(email.length)}${email.slice(0, 8).replace(/[^a-z]/gu, '')}`,
      email,
      password: '123456',
      confirm: '123456',
      fullname: `${LONG_NAME.first} ${LONG_NAME.last}`,
    },
  });
  expect(reply.ok(), `sign-up of ${email}: ${await reply.text()}`).toBe(true);
}

/** The login's passcode step for a customer with a long address and a long name. */
export async function passcodeStepFor(page: Page, email: string) {
  await registerCustomer(page, email);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`${LONG_NAME.first} ${LONG_NAME.last}`)).toBeVisible();
}

const TRANSFER = {
  bank: 'First Example Bank',
  swift: 'FEXBUS33',
  currency: 'USD',
  routing: '026009593',
  country: 'United States',
  act_no: '000999888777',
  act_hold_name: 'Sam Lee',
  amount: '150',
  note: 'Rent',
};
const transfer = (amount: string) => ({
  baTransfer: JSON.stringify({ fields: { ...TRANSFER, amount }, display: `$${amount}.00` }),
});

const demo = { user: 'demo@bank.test' } as const;

export const SCREENS: readonly Screen[] = [
  { name: 'landing', path: '/wp-user/account', ready: /Best E-banking System/u },
  { name: 'login', path: '/wp-user/account/login', ready: 'Forgot Passcode?' },
  {
    name: 'login-passcode',
    path: '/wp-user/account/login',
    ready: 'Dana Demo',
    act: async (page) => {
      await page.getByLabel('E-mail').fill('demo@bank.test');
      await page.getByRole('button', { name: 'Next' }).click();
    },
  },
  {
    name: 'login-passcode-long-email',
    path: '/wp-user/account/login',
    ready: LONG_NAME.last,
    act: (page) => passcodeStepFor(page, LONG_EMAIL),
  },
  {
    name: 'login-passcode-one-word-email',
    path: '/wp-user/account/login',
    ready: LONG_NAME.last,
    act: (page) => passcodeStepFor(page, ONE_WORD_EMAIL),
  },
  {
    name: 'login-admin-password',
    path: '/wp-user/account/login',
    ready: 'Ada Admin',
    act: async (page) => {
      await page.getByLabel('E-mail').fill('admin@bank.test');
      await page.getByRole('button', { name: 'Next' }).click();
    },
  },
  {
    name: 'login-wrong-passcode-toast',
    path: '/wp-user/account/login',
    ready: 'Incorrect passcode. 4 attempts left.',
    act: async (page) => {
      await page.getByLabel('E-mail').fill('demo@bank.test');
      await page.getByRole('button', { name: 'Next' }).click();
      await typeCode(page, 'Passcode', '000000');
      await page.getByRole('button', { name: 'Sign in' }).click();
    },
  },
  { name: 'signup', path: '/wp-user/account/signup', ready: 'Create your account' },
  {
    name: 'signup-errors',
    path: '/wp-user/account/signup',
    ready: 'First name is required',
    act: async (page) => {
      await page.getByLabel('E-mail').fill('no-at-sign');
      await page.getByRole('button', { name: 'Create account' }).click();
    },
  },
  { name: 'forgot', path: '/wp-user/account/forgot', ready: 'Send reset link' },
  {
    name: 'forgot-sent-long-email',
    path: '/wp-user/account/forgot',
    ready: 'We sent a link and a reset code to',
    act: async (page) => {
      await registerCustomer(page, LONG_EMAIL);
      await page.getByLabel('E-mail').fill(LONG_EMAIL);
      await page.getByRole('button', { name: 'Send reset link' }).click();
    },
  },
  { name: 'terms', path: '/wp-user/account/terms', ready: 'Who may open an account' },
  { name: 'reset', path: '/wp-user/account/reset', ready: 'Reset code' },
  {
    name: 'reset-link',
    path: '/wp-user/account/reset/r/demo%40bank.test/abcdefghijklmnop',
    ready: 'Confirm new passcode',
  },
  { name: 'verify', path: '/wp-user/account/verify/unverified%40bank.test', ready: 'Confirm Code' },
  {
    name: 'verify-long-email',
    path: `/wp-user/account/verify?email=${encodeURIComponent(LONG_EMAIL)}`,
    ready: 'Confirm Code',
  },
  { name: 'kyc', path: '/wp-user/account/kyc', as: { kyc: 'kyc-new@bank.test' }, ready: /identity/iu },
  { name: 'kyc-form', path: '/wp-user/account/kyc/form', as: { kyc: 'kyc-new@bank.test' }, ready: 'Submit for review' },
  {
    name: 'kyc-form-errors',
    path: '/wp-user/account/kyc/form',
    as: { kyc: 'kyc-new@bank.test' },
    ready: 'Choose your country',
    act: async (page) => {
      await page.getByRole('button', { name: 'Submit for review' }).click();
    },
  },
  { name: 'kyc-under-review', path: '/wp-user/account/kyc/under-review', ready: /review/iu },
  { name: 'info', path: '/wp-user/account/info', act: withAccountMessage, ready: 'Account on hold' },
  { name: 'info-notice', path: '/wp-user/account/info/notice', act: withAccountMessage, ready: 'Account on hold' },
  { name: 'not-found', path: '/wp-user/nowhere', ready: 'Page not found' },

  { name: 'home', path: '/wp-user/dashboard', as: demo, ready: 'Available Balance' },
  {
    name: 'home-loan-toast',
    path: '/wp-user/dashboard',
    as: demo,
    ready: 'Not Available in your region',
    act: async (page) => {
      await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Loan' }).click();
    },
  },
  {
    name: 'account-menu',
    path: '/wp-user/dashboard',
    as: demo,
    ready: 'Profile',
    act: async (page) => {
      await page.getByRole('button', { name: 'Account menu' }).click();
    },
  },
  {
    name: 'pincreation',
    path: '/wp-user/dashboard/pincreation',
    as: { user: 'nopin@bank.test' },
    ready: 'Create your transaction PIN',
  },
  {
    name: 'pincreation-new1',
    path: '/wp-user/dashboard/pincreation',
    as: { user: 'nopin@bank.test' },
    ready: 'Confirm your transaction PIN',
    route: '/wp-user/dashboard/pincreation/new1',
    act: async (page) => {
      await typeCode(page, 'New PIN', '2468');
      await page.getByRole('button', { name: 'Confirm' }).click();
    },
  },
  { name: 'settings', path: '/wp-user/dashboard/settings', as: demo, ready: 'Transaction PIN' },
  { name: 'kyc-static', path: '/wp-user/dashboard/kyc', as: demo, ready: /Submit verification/iu },
  { name: 'statements', path: '/wp-user/dashboard/statements', as: demo, ready: 'Statements & Report' },
  { name: 'upgrade', path: '/wp-user/dashboard/upgrade', as: demo, ready: /more features and increased limit/u },
  { name: 'profile', path: '/wp-user/dashboard/profile', as: demo, ready: 'Next of kin' },
  { name: 'send', path: '/wp-user/dashboard/send', as: demo, ready: 'Account holder name' },
  {
    name: 'send-confirm',
    path: '/wp-user/dashboard/send/confirm',
    as: demo,
    session: transfer('150'),
    ready: 'Amount received',
  },
  {
    name: 'send-confirm-insufficient',
    path: '/wp-user/dashboard/send/confirm',
    as: demo,
    session: transfer('90000'),
    ready: 'Insufficient balance',
  },
  {
    name: 'send-pin',
    path: '/wp-user/dashboard/send/pin',
    as: demo,
    session: transfer('150'),
    ready: 'Transaction PIN',
  },
  {
    name: 'send-pin-invalid',
    path: '/wp-user/dashboard/send/pin',
    as: demo,
    session: transfer('150'),
    act: async (page) => {
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    },
    ready: 'Invalid Pin',
  },
  {
    name: 'send-code',
    path: '/wp-user/dashboard/send/pin',
    as: demo,
    session: transfer('1500'),
    act: async (page) => {
      await typeCode(page, 'Transaction PIN', '1234');
      await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    },
    ready: 'Transfer Authorization Code is required',
  },
  { name: 'contact', path: '/wp-user/dashboard/contact', as: demo, ready: 'support@bank.test' },
  { name: 'notifications', path: '/wp-user/dashboard/notifications', as: demo, ready: 'Mark as read' },
  { name: 'make-payment', path: '/wp-user/dashboard/make-payment', as: demo, ready: 'Not available for your region' },
  { name: 'make-payment-crypto', path: '/wp-user/dashboard/make-payment/crypto', as: demo, ready: 'Submit Payment' },
  { name: 'fixed-deposit', path: '/wp-user/dashboard/fixed-deposit', as: demo, ready: 'Not available for your region' },
  {
    name: 'fixed-deposit-crypto',
    path: '/wp-user/dashboard/fixed-deposit/crypto',
    as: demo,
    ready: 'Submit Fixed Deposit',
  },
  { name: 'add-funds', path: '/wp-user/dashboard/add-funds', as: demo, ready: 'Institutional Transfer' },
  { name: 'add-funds-crypto', path: '/wp-user/dashboard/add-funds/crypto', as: demo, ready: 'Crypto Transactions' },
  {
    name: 'add-funds-crypto-pending-toast',
    path: '/wp-user/dashboard/add-funds/crypto',
    as: demo,
    act: async (page) => {
      await page.getByRole('spinbutton', { name: 'Amount' }).fill('10');
      await page.getByLabel('Payment Proof').setInputFiles(pngFile('p.png'));
      await page.getByRole('button', { name: 'Submit Deposit' }).click();
    },
    ready: 'Payment Pending!',
  },
  { name: 'add-funds-it', path: '/wp-user/dashboard/add-funds/it', as: demo, ready: 'Your Details' },
];

/**
 * Opens a screen as its entry says: the session storage and the token first (keepInStorage), then the path,
 * then its actions; resolves when its ready text shows and nothing on the page is still loading.
 */
export async function openScreen(page: Page, bank: Bank, screen: Screen) {
  const local =
    screen.as === undefined
      ? {}
      : 'user' in screen.as
        ? { baUid: await bank.token(screen.as.user) }
        : { baKycUid: await bank.token(screen.as.kyc) };
  if (screen.as !== undefined || screen.session !== undefined) await keepInStorage(page, local, screen.session);
  await page.goto(screen.path);
  await screen.act?.(page);
  await expect(page.getByText(screen.ready).filter({ visible: true }).first()).toBeVisible();
  // Settled: no placeholder still waiting for its data, no button still sending, the fonts and pictures in.
  await expect(page.locator('[data-slot=skeleton]')).toHaveCount(0);
  await expect(page.locator('[aria-busy=true]')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.images].every((image) => image.complete);
      }),
    )
    .toBe(true);
}
