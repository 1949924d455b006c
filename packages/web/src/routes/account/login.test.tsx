import { act, findByRole, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPortal } from '@/mount';
import { STORAGE_KEYS } from '@/session/session';
import { AUTH_REDIRECT_MS } from '@/lib/timings';
import { institution, loginReply } from '@/test/bank-data';
import { errorReply, installFakeBank, NETWORK_FAILURE, type BankAnswer } from '@/test/fake-bank';
import { findToast, renderApp, toastRegion, useAdvancingFakeTimers, REAL_TIME_SLACK_MS } from '@/test/render-app';

const demoUser = { picture: 'uploads/demo.png', fullname: 'Demo User' };

function setup({
  role = 'user',
  login,
  at = '/wp-user/account/login',
}: { role?: 'user' | 'admin'; login?: () => BankAnswer; at?: string } = {}) {
  const bank = installFakeBank({
    lookupUser: ({ input }) =>
      input.email === 'nobody@bank.test' ? errorReply('No account uses that e-mail address') : { role, user: demoUser },
    login: login ?? (() => loginReply()),
    getDocumentTypes: () => ({ docs: [{ doc_name: 'Passport' }] }),
  });
  const app = renderApp(at);
  return { bank, app };
}

async function enterEmail(app: ReturnType<typeof renderApp>, email = 'demo@bank.test', remember = false) {
  await app.user.type(await screen.findByLabelText('E-mail'), email);
  if (remember) await app.user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await app.user.click(screen.getByRole('button', { name: 'Next' }));
}

async function signIn(app: ReturnType<typeof renderApp>, passcode = '123456') {
  await enterEmail(app);
  await app.user.click(await screen.findByLabelText('Passcode', { selector: 'input' }));
  await app.user.keyboard(passcode);
  await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  useAdvancingFakeTimers();
});

describe('login step 1', () => {
  it('asks for the e-mail, with Remember me, Forgot Passcode? and Next', async () => {
    const { app } = setup();
    expect(await screen.findByLabelText('E-mail')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot Passcode?' })).toHaveAttribute('href', '/wp-user/account/forgot');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    await app.user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText("That doesn't look like an email address")).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the bank's message as an error toast and keeps the e-mail", async () => {
    const { app, bank } = setup();
    await enterEmail(app, 'nobody@bank.test');
    expect(await findToast('No account uses that e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('nobody@bank.test');
    expect(bank.callsTo('lookupUser')[0]?.input).toEqual({ email: 'nobody@bank.test' });
  });
});

describe('login step 2', () => {
  it("shows the user's picture and full name and a masked 6-box passcode for a user", async () => {
    const { app } = setup();
    await enterEmail(app);
    expect(await screen.findByText('Demo User')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Picture of Demo User' })).toHaveAttribute(
      'src',
      `${window.location.origin}/uploads/demo.png`,
    );
    const group = screen.getByRole('group', { name: 'Passcode' });
    const passcode = screen.getByLabelText('Passcode', { selector: 'input' });
    expect(group).toContainElement(passcode);
    expect(passcode).toHaveAttribute('type', 'password');
    expect(passcode).toHaveAttribute('maxlength', '6');
    // A passcode is kept by password managers, unlike an e-mailed code.
    expect(passcode).toHaveAttribute('autocomplete', 'current-password');
    expect(group.querySelectorAll('[data-slot="otp-slot"]')).toHaveLength(6);
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your 6-digit passcode')).toBeInTheDocument();
  });

  it('shows a long address whole, free to wrap after its @ or a dot, never cut off', async () => {
    const { app } = setup();
    const long = 'alexandra.konstantinopoulou@correspondence.internationalbank.example';
    await enterEmail(app, long);
    await screen.findByText('Demo User');
    const address = document.querySelector('[data-slot=email-address]');
    expect(address).toHaveTextContent(long);
    expect(address?.querySelectorAll('wbr')).toHaveLength(4);
    expect(address).toHaveClass('wrap-anywhere');
    expect(address?.closest('.truncate')).toBeNull();
    expect(screen.getByText('Demo User')).not.toHaveClass('truncate');
  });

  it('asks an admin for a plain password', async () => {
    const { app } = setup({ role: 'admin' });
    await enterEmail(app, 'admin@bank.test');
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('group', { name: 'Passcode' })).not.toBeInTheDocument();
    // Staff are not offered a customer account.
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    expect(screen.queryByText('New here?')).not.toBeInTheDocument();
  });

  it('offers a customer a new account on both steps', async () => {
    const { app } = setup();
    expect(await screen.findByRole('link', { name: 'Create an account' })).toBeInTheDocument();
    await enterEmail(app, 'demo@bank.test');
    await screen.findByLabelText('Passcode', { selector: 'input' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/wp-user/account/signup');
  });

  it('sends the e-mail, the passcode and the remember flag', async () => {
    const { app, bank } = setup();
    await enterEmail(app, 'demo@bank.test', true);
    await app.user.click(await screen.findByLabelText('Passcode', { selector: 'input' }));
    await app.user.keyboard('123456');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await findToast('Welcome Back');
    expect(bank.callsTo('login')[0]?.input).toEqual({ email: 'demo@bank.test', password: '123456', remeber: true });
    expect(bank.rejected).toEqual([]);
  });
});

describe('login outcomes, in the spec order', () => {
  it('(a) an admin: toasts the message, keeps the admin token, then goes to the admin area after 5 s', async () => {
    const { app } = setup({
      role: 'admin',
      // Even with an account message and KYC fields, the role decides first.
      login: () =>
        loginReply({ role: 'admin', message: 'Welcome, staff', jwt: 'admin-token', ismsg: { head: 'x', body: 'y' } }),
    });
    await enterEmail(app, 'admin@bank.test');
    await app.user.type(await screen.findByLabelText('Password'), 'admin-demo-pass');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await findToast('Welcome, staff')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('admin-token');
    expect(screen.getByText('Taking you to the admin area…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go now' })).toHaveAttribute('href', '/wp-user/admin');
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS - REAL_TIME_SLACK_MS));
    expect(app.path()).toBe('/wp-user/account/login');
    await act(() => vi.advanceTimersByTimeAsync(REAL_TIME_SLACK_MS));
    await waitFor(() => {
      expect(app.path()).toMatch(/^\/wp-user\/admin/u);
    });
    // A customer's token is never kept for an admin.
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it.each([
    ['signs in', () => loginReply(), 'Welcome Back'],
    ['goes to KYC', () => loginReply({ verification_status: 'Not Verified', jwt: 'kyc-jwt' }), 'Identity verification'],
    [
      'sees an account message',
      () => loginReply({ ismsg: { head: 'On hold', body: 'Call us.' }, jwt: null }),
      'On hold',
    ],
  ] as const)(
    'a customer who %s on a browser where staff were signed in ends the staff sign-in: the admin area is closed to them',
    async (_, login, text) => {
      window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
      const { app } = setup({ login });
      await signIn(app);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    },
  );

  it('a passcode the bank turns down leaves a staff sign-in of the browser as it was', async () => {
    window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token');
    const { app } = setup({ login: () => errorReply('Incorrect passcode. 4 attempts left.', 401) });
    await signIn(app);
    expect(await findToast('Incorrect passcode. 4 attempts left.')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('admin-token');
  });

  it('(b) an account message: goes to the notice with its heading and body', async () => {
    const { app } = setup({
      login: () =>
        loginReply({ ismsg: { head: 'Account on hold', body: 'Please call us.' }, verified: 'no', jwt: null }),
    });
    await signIn(app);
    expect(await screen.findByRole('heading', { name: 'Account on hold' })).toBeInTheDocument();
    expect(screen.getByText('Please call us.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/info/notice');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('(c) an unverified e-mail: stores the flag and the e-mail, goes to verify with the e-mail', async () => {
    const { app } = setup({
      login: () => loginReply({ verified: 'no', verification_status: 'Not Verified', jwt: null }),
    });
    await signIn(app);
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(decodeURIComponent(app.path())).toBe('/wp-user/account/verify/demo@bank.test');
    expect(window.localStorage.getItem(STORAGE_KEYS.notVerified)).toBe('1');
    expect(window.localStorage.getItem(STORAGE_KEYS.email)).toBe('demo@bank.test');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it.each(['Not Verified', 'Declined'] as const)(
    '(d) KYC %s: keeps the jwt as the temporary token and goes to kyc/form',
    async (status) => {
      const { app } = setup({ login: () => loginReply({ verification_status: status, jwt: 'kyc-jwt' }) });
      await signIn(app);
      expect(await screen.findByRole('heading', { name: 'Identity verification' })).toBeInTheDocument();
      expect(app.path()).toBe('/wp-user/account/kyc/form');
      expect(window.localStorage.getItem(STORAGE_KEYS.tempToken)).toBe('kyc-jwt');
      expect(window.localStorage.getItem(STORAGE_KEYS.accountVerification)).toBe(status);
      expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    },
  );

  it.each([
    ['kyc/form', loginReply({ verification_status: 'Not Verified', jwt: 'kyc-jwt' }), 'Identity verification'],
    ['kyc/under-review', loginReply({ verification_status: 'Pending Verification', jwt: null }), undefined],
  ] as const)(
    'a wrong then a right passcode leading to %s leaves no error toast behind',
    async (to, reply, heading) => {
      let tries = 0;
      const { app } = setup({
        login: () => (++tries === 1 ? errorReply('Incorrect passcode. 4 attempts left.', 401) : reply),
      });
      await signIn(app, '123450');
      expect(await findToast('Incorrect passcode. 4 attempts left.')).toBeInTheDocument();
      await app.user.keyboard('123456');
      await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
      await waitFor(() => expect(app.path()).toBe(`/wp-user/account/${to}`));
      if (heading) expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(within(toastRegion()).queryByText('Incorrect passcode. 4 attempts left.')).not.toBeInTheDocument();
    },
  );

  it('(e) Pending Verification: goes to kyc/under-review', async () => {
    const { app } = setup({ login: () => loginReply({ verification_status: 'Pending Verification', jwt: null }) });
    await signIn(app);
    expect(await screen.findByRole('heading', { name: 'Your verification is under review' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/kyc/under-review');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("(f) otherwise: stores the token under baUid, says 'Welcome Back', and opens the dashboard after 5 s", async () => {
    const { app } = setup();
    await signIn(app);
    expect(await findToast('Welcome Back')).toBeInTheDocument();
    expect(window.localStorage.getItem('baUid')).toBe('user-jwt');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    // Nothing typed now would be sent: the boxes are off too.
    expect(screen.getByLabelText('Passcode', { selector: 'input' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS - REAL_TIME_SLACK_MS));
    expect(app.path()).toBe('/wp-user/account/login');
    await act(() => vi.advanceTimersByTimeAsync(REAL_TIME_SLACK_MS));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
  });

  it('(f) says where the wait leads, counts it down, and goes at once by its link, once', async () => {
    const { app } = setup();
    await signIn(app);
    expect(await findToast('Welcome Back')).toBeInTheDocument();
    expect(await screen.findByText('Taking you to your dashboard…')).toBeInTheDocument();
    const countdown = document.querySelector('[data-slot=redirect-countdown]');
    expect(countdown).toHaveTextContent('5 s');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(countdown).toHaveTextContent('3 s');
    const moves = vi.fn();
    const stop = app.router.history.subscribe(moves);
    await app.user.click(screen.getByRole('link', { name: 'Go now' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS));
    expect(moves).toHaveBeenCalledTimes(1);
    stop();
  });

  it('(f) keeps the passcode step and its notice while the dashboard loads: never the e-mail step', async () => {
    let answer: (reply: ReturnType<typeof institution>) => void = () => undefined;
    const slow = new Promise<ReturnType<typeof institution>>((resolve) => {
      answer = resolve;
    });
    installFakeBank({
      lookupUser: () => ({ role: 'user', user: demoUser }),
      login: () => loginReply(),
      getInstitution: () => slow,
    });
    const app = renderApp('/wp-user/account/login');
    await signIn(app);
    expect(await screen.findByText('Taking you to your dashboard…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS + 500));
    // The address is the dashboard's already; the card still says who is signing in.
    expect(app.path()).toBe('/wp-user/dashboard');
    expect(screen.queryByText('Enter the e-mail address of your account.')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    answer(institution());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("(f) shows the server's message instead of 'Welcome Back' when there is one", async () => {
    const { app } = setup({ login: () => loginReply({ message: 'Login successful' }) });
    await signIn(app);
    expect(await findToast('Login successful')).toBeInTheDocument();
  });

  it("shows 'Invalid Credentials' for an error without a message, and clears the passcode for another try", async () => {
    const { app } = setup({ login: () => errorReply('', 401) });
    await signIn(app);
    expect(await findToast('Invalid Credentials')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Passcode', { selector: 'input' })).toHaveValue(''));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('clears a passcode the bank turns down and puts the focus back in its boxes, so the next try is typed at once', async () => {
    let tries = 0;
    const { app, bank } = setup({
      login: () => (++tries === 1 ? errorReply('Incorrect passcode. 4 attempts left.', 401) : loginReply()),
    });
    await signIn(app, '123450');
    expect(await findToast('Incorrect passcode. 4 attempts left.')).toBeInTheDocument();
    const passcode = screen.getByLabelText('Passcode', { selector: 'input' });
    await waitFor(() => expect(passcode).toHaveValue(''));
    await waitFor(() => expect(passcode).toHaveFocus());
    await app.user.keyboard('123456');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await findToast('Welcome Back')).toBeInTheDocument();
    expect(bank.callsTo('login').map((call) => call.input.password)).toEqual(['123450', '123456']);
  });

  it("clears a passcode the host's 200-with-error reply turns down", async () => {
    const { app } = setup({ login: () => ({ error: true }) });
    await signIn(app);
    expect(await findToast('Invalid Credentials')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Passcode', { selector: 'input' })).toHaveValue(''));
  });

  it('keeps the passcode when no answer came, to send it again as it is', async () => {
    const { app } = setup({ login: () => NETWORK_FAILURE });
    await signIn(app);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
    expect(screen.getByLabelText('Passcode', { selector: 'input' })).toHaveValue('123456');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("clears an admin's password the bank turns down, and focuses the field", async () => {
    const { app } = setup({ role: 'admin', login: () => errorReply('Incorrect password', 401) });
    await enterEmail(app);
    await app.user.type(await screen.findByLabelText('Password'), 'wrong-pass');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await findToast('Incorrect password')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveValue(''));
    expect(password).toHaveFocus();
  });

  it("shows the bank's message for an error that has one", async () => {
    const { app } = setup({ login: () => errorReply('Wrong passcode: 4 attempts left', 401) });
    await signIn(app);
    expect(await findToast('Wrong passcode: 4 attempts left')).toBeInTheDocument();
  });

  it("treats the host's 200-with-error reply the same way", async () => {
    const { app } = setup({ login: () => ({ error: true }) });
    await signIn(app);
    expect(await findToast('Invalid Credentials')).toBeInTheDocument();
  });
});

describe('the login steps in the browser history', () => {
  /** What a storage holds, as `key=value` lines. */
  const stored = (storage: Storage) =>
    Array.from({ length: storage.length }, (_, index) => {
      const key = storage.key(index) ?? '';
      return `${key}=${storage.getItem(key) ?? ''}`;
    });

  /** Waits until the page shows the entry the history is on (Back and Forward move the page after the history). */
  const shown = (app: ReturnType<typeof renderApp>) =>
    waitFor(() => {
      expect(app.router.state.location.state.__TSR_key).toBe(app.router.history.location.state.__TSR_key);
    });

  /** The landing page, then the login by its link, as a customer arrives. */
  async function fromLanding() {
    const { app, bank } = setup({ at: '/wp-user/account' });
    await app.user.click(await screen.findByRole('link', { name: 'Sign in' }));
    await screen.findByLabelText('E-mail');
    return { app, bank };
  }

  it('Back on the passcode step returns to the e-mail step, filled in and focused, not away from the login', async () => {
    const { app } = await fromLanding();
    await enterEmail(app, 'demo@bank.test', true);
    expect(await screen.findByText('Demo User')).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/login');
    act(() => {
      app.router.history.back();
    });
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('demo@bank.test');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Demo User')).not.toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/login');
    // One more Back leaves the login for where the customer came from.
    act(() => {
      app.router.history.back();
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to the Best E-banking System' })).toBeInTheDocument();
  });

  it("Back on an admin's password step returns to the e-mail step too", async () => {
    const { app } = setup({ role: 'admin', at: '/wp-user/account' });
    await app.user.click(await screen.findByRole('link', { name: 'Sign in' }));
    await enterEmail(app, 'admin@bank.test');
    await screen.findByLabelText('Password');
    act(() => {
      app.router.history.back();
    });
    expect(await screen.findByLabelText('E-mail')).toHaveValue('admin@bank.test');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/login');
  });

  it("the step's own link goes Back as well, and Forward then asks for the e-mail, not for who was found", async () => {
    const { app, bank } = await fromLanding();
    await enterEmail(app);
    await screen.findByText('Demo User');
    await app.user.click(screen.getByRole('button', { name: 'Not you? Use another e-mail' }));
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveValue('demo@bank.test');
    await waitFor(() => expect(email).toHaveFocus());
    await app.user.clear(email);
    await app.user.type(email, 'other@bank.test');
    act(() => {
      app.router.history.forward();
    });
    await shown(app);
    expect(screen.getByLabelText('E-mail')).toHaveValue('other@bank.test');
    expect(screen.queryByText('Demo User')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Passcode', { selector: 'input' })).not.toBeInTheDocument();
    // Next asks the bank again, and the passcode step takes the same entry rather than one more.
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Demo User')).toBeInTheDocument();
    expect(bank.callsTo('lookupUser').map((call) => call.input.email)).toEqual(['demo@bank.test', 'other@bank.test']);
    act(() => {
      app.router.history.back();
    });
    expect(await screen.findByLabelText('E-mail')).toHaveValue('other@bank.test');
    act(() => {
      app.router.history.back();
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to the Best E-banking System' })).toBeInTheDocument();
  });

  it('keeps nothing of who signs in in the history entry: a reload on the passcode step shows the e-mail step', async () => {
    installFakeBank({ lookupUser: () => ({ role: 'user', user: demoUser }) });
    window.history.replaceState(null, '', '/wp-user/account/login');
    const root = document.createElement('div');
    document.body.append(root);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    let portal = await mountPortal(root);
    try {
      const entries = window.history.length;
      await user.type(await findByRole(root, 'textbox', { name: 'E-mail' }), 'demo@bank.test');
      await user.click(await findByRole(root, 'button', { name: 'Next' }));
      expect(await findByRole(root, 'heading', { name: 'Welcome back' })).toBeInTheDocument();
      // An entry of its own, on the same address.
      expect(window.history.length).toBe(entries + 1);
      expect(window.location.pathname + window.location.search).toBe('/wp-user/account/login');
      const kept = JSON.stringify([window.history.state, stored(window.localStorage), stored(window.sessionStorage)]);
      for (const known of ['demo@bank', 'Demo User', 'demo.png']) expect(kept).not.toContain(known);

      // A reload: the page starts anew on the same entry.
      portal.unmount();
      portal.router.history.destroy();
      portal = await mountPortal(root);
      const email = await findByRole(root, 'textbox', { name: 'E-mail' });
      expect(email).toHaveValue('');
      expect(root).not.toHaveTextContent('Demo User');
      expect(await findByRole(root, 'heading', { name: 'Sign in' })).toBeInTheDocument();
      // Signing in from there takes that entry again rather than one more.
      await user.type(email, 'demo@bank.test');
      await user.click(await findByRole(root, 'button', { name: 'Next' }));
      expect(await findByRole(root, 'heading', { name: 'Welcome back' })).toBeInTheDocument();
      expect(window.history.length).toBe(entries + 1);
    } finally {
      portal.unmount();
      portal.router.history.destroy();
      root.remove();
    }
  });
});
