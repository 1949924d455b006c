import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_AGAIN } from '@ebank/contract';
import { session } from '@/session/session';
import { loginReply } from '@/test/bank-data';
import { installDashboardBank, ok } from '@/test/dashboard-data';
import { errorReply } from '@/test/fake-bank';
import { findToast, findToastRegion, renderApp, toastRegion } from '@/test/render-app';

/** The toast whose title is `title` (and that says `description`, when given). */
async function toastOf(title: string, description?: string) {
  const toasts = (await within(await findToastRegion()).findAllByText(title)).map((text) =>
    text.closest<HTMLElement>('[data-slot=toast]')!,
  );
  return toasts.find((t) => description === undefined || t.textContent.includes(description)) ?? toasts[0]!;
}

beforeEach(() => {
  session.signIn('user-token');
});

type App = ReturnType<typeof renderApp>;

/** The card of one form, by its heading. */
const card = (title: string) => screen.getByRole('heading', { name: title }).closest<HTMLElement>('[data-slot=card]')!;

async function open() {
  const bank = installDashboardBank();
  const app = renderApp('/wp-user/dashboard/settings');
  await screen.findByRole('heading', { name: 'Settings' });
  return { app, bank };
}

async function fill(app: App, section: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = within(section).getByLabelText(label);
    await app.user.clear(field);
    if (value !== '') await app.user.type(field, value);
  }
}

describe('settings: e-mail', () => {
  it('enables Save only for an address of the standard form, then changes it', async () => {
    const { app, bank } = await open();
    const section = card('E-mail address');
    const save = within(section).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    for (const bad of ['dana', 'dana@', 'dana@bank', 'dana @bank.test']) {
      await fill(app, section, { 'New e-mail address': bad, 'Confirm new e-mail address': bad });
      expect(save).toBeDisabled();
    }
    await fill(app, section, {
      'New e-mail address': 'dana@bank.test',
      'Confirm new e-mail address': 'Dana@bank.test',
    });
    expect(save).toBeEnabled();
    await app.user.click(save);
    // The toast says that the next sign-in asks for the code sent to the new address.
    expect(await toastOf('Action Successful')).toHaveTextContent(
      'E-mail address changed. At your next sign-in, confirm it with the code we sent to it.',
    );
    expect(bank.callsTo('changeEmail')[0]?.input).toEqual({ email: 'dana@bank.test' });
    expect(within(section).getByLabelText('New e-mail address')).toHaveValue('');
    expect(within(section).getByLabelText('Confirm new e-mail address')).toHaveValue('');
    expect(await within(section).findByText('dana@bank.test')).toBeInTheDocument();
  });

  it('keeps Save off until the new address is typed the same twice, and says why', async () => {
    const { app, bank } = await open();
    const section = card('E-mail address');
    const save = within(section).getByRole('button', { name: 'Save' });
    await fill(app, section, {
      'New e-mail address': 'dana@bank.test',
      'Confirm new e-mail address': 'dana@bnak.test',
    });
    expect(save).toBeDisabled();
    expect(within(section).getByRole('status')).toHaveTextContent('The two addresses differ');
    expect(save).toHaveAccessibleDescription('The two addresses differ');
    // Enter sends nothing either.
    await app.user.type(within(section).getByLabelText('Confirm new e-mail address'), '{Enter}');
    await fill(app, section, { 'Confirm new e-mail address': 'dana@bank.test' });
    expect(within(section).getByRole('status')).toHaveTextContent('');
    expect(save).toBeEnabled();
    expect(bank.callsTo('changeEmail')).toHaveLength(0);
  });

  it('says why Save stays off for an address the bank would not take, once it is typed twice', async () => {
    const { app } = await open();
    const section = card('E-mail address');
    const save = within(section).getByRole('button', { name: 'Save' });
    await fill(app, section, { 'New e-mail address': 'dana.new@bank' });
    // Not while only the first field is typed.
    expect(within(section).getByRole('status')).toHaveTextContent('');
    await fill(app, section, { 'Confirm new e-mail address': 'dana.new@bank' });
    expect(save).toBeDisabled();
    expect(within(section).getByRole('status')).toHaveTextContent("That doesn't look like an email address");
    expect(save).toHaveAccessibleDescription("That doesn't look like an email address");
  });

  it("keeps Save off for the account's own address, in any letter case, and says why", async () => {
    const { app, bank } = await open();
    const section = card('E-mail address');
    expect(await within(section).findByText('demo@bank.test')).toBeInTheDocument();
    const save = within(section).getByRole('button', { name: 'Save' });
    await fill(app, section, {
      'New e-mail address': 'Demo@Bank.test',
      'Confirm new e-mail address': 'demo@bank.test',
    });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('This is already your e-mail address');
    await app.user.type(within(section).getByLabelText('Confirm new e-mail address'), '{Enter}');
    expect(bank.callsTo('changeEmail')).toHaveLength(0);
  });

  const RECENT =
    'For your security, sign in again to change your e-mail address: it needs a sign-in in the last 10 minutes.';
  /** A bank that changes the address only for the token of a fresh sign-in, whose passcode is 123456. */
  function recentSignInBank(login: Parameters<typeof installDashboardBank>[0] = {}) {
    return installDashboardBank({
      changeEmail: ({ token }) =>
        token === 'fresh-token' ? ok('Address changed') : errorReply(RECENT, 403, SIGN_IN_AGAIN),
      login: ({ input }) =>
        input.password === '123456'
          ? loginReply({ jwt: 'fresh-token', message: 'Welcome Back' })
          : errorReply('Incorrect passcode. 4 attempts left.', 400),
      ...login,
    });
  }
  async function refusedChange(address = 'dana@bank.test') {
    const app = renderApp('/wp-user/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    const section = card('E-mail address');
    await within(section).findByText('demo@bank.test');
    await fill(app, section, { 'New e-mail address': address, 'Confirm new e-mail address': address });
    await app.user.click(within(section).getByRole('button', { name: 'Save' }));
    const alert = await within(section).findByRole('alert');
    return { app, section, alert };
  }

  it('says in the card when the bank wants a recent sign-in, keeps the address typed, and asks for the passcode there', async () => {
    const bank = recentSignInBank();
    const { app, section, alert } = await refusedChange();
    expect(alert).toHaveTextContent(RECENT);
    // Said once, in the card: no toast repeats it.
    expect(within(toastRegion()).queryByText(RECENT)).toBeNull();
    expect(within(section).getByLabelText('New e-mail address')).toHaveValue('dana@bank.test');
    expect(session.token()).toBe('user-token');

    await app.user.type(within(alert).getByLabelText('Passcode'), '123456');
    await app.user.click(within(alert).getByRole('button', { name: 'Sign in and save' }));
    expect(await toastOf('Address changed', 'E-mail address changed')).toBeInTheDocument();
    // The login's own call, with the address signed in with; then the change, with its token.
    expect(bank.callsTo('login').map((c) => c.input)).toEqual([
      { email: 'demo@bank.test', password: '123456', remeber: false },
    ]);
    expect(bank.callsTo('changeEmail').map((c) => [c.input.email, c.token])).toEqual([
      ['dana@bank.test', 'user-token'],
      ['dana@bank.test', 'fresh-token'],
    ]);
    expect(session.token()).toBe('fresh-token');
    expect(app.router.state.location.pathname).toBe('/dashboard/settings');
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(within(section).getByLabelText('New e-mail address')).toHaveValue('');
  });

  it('a wrong passcode is said in the card and cleared; nothing is sent again and the session stays', async () => {
    const bank = recentSignInBank();
    const { app, alert } = await refusedChange();
    const passcode = within(alert).getByLabelText('Passcode');
    await app.user.type(passcode, '999999');
    await app.user.click(within(alert).getByRole('button', { name: 'Sign in and save' }));
    expect(await within(alert).findByText('Incorrect passcode. 4 attempts left.')).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Incorrect passcode. 4 attempts left.')).toBeNull();
    expect(passcode).toHaveValue('');
    expect(passcode).toHaveFocus();
    expect(bank.callsTo('changeEmail')).toHaveLength(1);
    expect(session.token()).toBe('user-token');
  });

  it('a double click signs in once', async () => {
    const bank = recentSignInBank();
    const { app, alert } = await refusedChange();
    await app.user.type(within(alert).getByLabelText('Passcode'), '123456');
    await app.user.dblClick(within(alert).getByRole('button', { name: 'Sign in and save' }));
    expect(await toastOf('Address changed', 'E-mail address changed')).toBeInTheDocument();
    expect(bank.callsTo('login')).toHaveLength(1);
    expect(bank.callsTo('changeEmail')).toHaveLength(2);
  });

  it('a sign-in that leads elsewhere (a notice on the account) signs out to the login page, which shows it', async () => {
    recentSignInBank({ login: () => loginReply({ ismsg: { head: 'Account on hold', body: 'Call us.' } }) });
    const { app, alert } = await refusedChange();
    await app.user.type(within(alert).getByLabelText('Passcode'), '123456');
    await app.user.click(within(alert).getByRole('button', { name: 'Sign in and save' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/account/login');
    expect(session.isSignedIn()).toBe(false);
  });

  it('toasts any other refusal of the change, and says nothing in the card', async () => {
    installDashboardBank({ changeEmail: () => errorReply('This address belongs to another account', 409) });
    const app = renderApp('/wp-user/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    const section = card('E-mail address');
    await fill(app, section, { 'New e-mail address': 'sam@bank.test', 'Confirm new e-mail address': 'sam@bank.test' });
    await app.user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await findToast('This address belongs to another account')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('shows the current address', async () => {
    await open();
    expect(await within(card('E-mail address')).findByText('demo@bank.test')).toBeInTheDocument();
  });
});

describe('settings: passcode', () => {
  it("says 'Password Mismatch' beside the fields as soon as new and confirm are complete and differ", async () => {
    const { app } = await open();
    const section = card('Passcode');
    await fill(app, section, {
      'Current passcode': '123456',
      'New passcode': '111111',
      'Confirm new passcode': '222222',
    });
    expect(within(section).getByRole('status')).toHaveTextContent('Password Mismatch');
    expect(within(section).getByRole('button', { name: 'Save' })).toBeDisabled();
    // The reason is the disabled button's description.
    expect(within(section).getByRole('button', { name: 'Save' })).toHaveAccessibleDescription('Password Mismatch');
    await fill(app, section, { 'Confirm new passcode': '111111' });
    expect(within(section).getByRole('status')).toHaveTextContent('');
    expect(within(section).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-describedby');
  });

  it("says 'Password Mismatch' as soon as the confirmation goes another way, not while it is being typed", async () => {
    const { app } = await open();
    const section = card('Passcode');
    await fill(app, section, {
      'Current passcode': '123456',
      'New passcode': '654321',
      'Confirm new passcode': '65432',
    });
    expect(within(section).getByRole('status')).toHaveTextContent('');
    await fill(app, section, { 'Confirm new passcode': '659' });
    expect(within(section).getByRole('status')).toHaveTextContent('Password Mismatch');
    await fill(app, section, { 'Confirm new passcode': '6543210' });
    expect(within(section).getByRole('status')).toHaveTextContent('');
    expect(within(section).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('has three masked 6-digit numeric fields', async () => {
    const { app } = await open();
    const section = card('Passcode');
    for (const label of ['Current passcode', 'New passcode', 'Confirm new passcode']) {
      const field = within(section).getByLabelText(label);
      expect(field).toHaveAttribute('type', 'password');
      expect(field).toHaveAttribute('inputmode', 'numeric');
      await app.user.type(field, '12ab34567');
      expect(field).toHaveValue('123456');
    }
  });

  it('keeps every digit of a pasted passcode with separators', async () => {
    const { app } = await open();
    const field = within(card('Passcode')).getByLabelText('New passcode');
    await app.user.click(field);
    await app.user.paste('65-43-21');
    expect(field).toHaveValue('654321');
  });

  it('enables Save when all are filled, new equals confirm and confirm has more than 4 digits', async () => {
    const { app } = await open();
    const section = card('Passcode');
    const save = within(section).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await fill(app, section, { 'Current passcode': '123456', 'New passcode': '654321' });
    expect(save).toBeDisabled();
    await fill(app, section, { 'Confirm new passcode': '654320' });
    expect(save).toBeDisabled();
    await fill(app, section, { 'New passcode': '6543', 'Confirm new passcode': '6543' });
    expect(save).toBeDisabled();
    await fill(app, section, { 'New passcode': '65432', 'Confirm new passcode': '65432' });
    expect(save).toBeEnabled();
    await fill(app, section, { 'Current passcode': '' });
    expect(save).toBeDisabled();
  });

  it("says 'Password Mismatch' on a submit with differing fields and sends nothing", async () => {
    const { app, bank } = await open();
    const section = card('Passcode');
    await fill(app, section, {
      'Current passcode': '123456',
      'New passcode': '654321',
      'Confirm new passcode': '654320',
    });
    // Pressing Enter cannot submit past the disabled Save; a script or an old browser could.
    fireEvent.submit(within(section).getByRole('button', { name: 'Save' }).closest('form')!);
    expect(await findToast('Password Mismatch')).toBeInTheDocument();
    expect(bank.callsTo('changePasscode')).toHaveLength(0);
  });

  it('changes the passcode and says so', async () => {
    const { app, bank } = await open();
    const section = card('Passcode');
    await fill(app, section, {
      'Current passcode': '123456',
      'New passcode': '654321',
      'Confirm new passcode': '654321',
    });
    await app.user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await toastOf('Action Successful')).toHaveTextContent('Passcode changed');
    expect(bank.callsTo('changePasscode')[0]?.input).toEqual({ c_pwd: '123456', n_pwd: '654321', con_pwd: '654321' });
    expect(within(section).getByLabelText('Current passcode')).toHaveValue('');
  });

  it('asks for 6 digits before sending a 5-digit passcode', async () => {
    const { app, bank } = await open();
    const section = card('Passcode');
    await fill(app, section, {
      'Current passcode': '123456',
      'New passcode': '65432',
      'Confirm new passcode': '65432',
    });
    await app.user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findAllByText('The new passcode must be 6 digits')).toHaveLength(2);
    expect(bank.callsTo('changePasscode')).toHaveLength(0);
  });

  it("shows the bank's message when the current passcode is wrong", async () => {
    const bank = installDashboardBank({ changePasscode: () => errorReply('Incorrect current passcode.', 401) });
    const app = renderApp('/wp-user/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    const section = card('Passcode');
    await fill(app, section, {
      'Current passcode': '111111',
      'New passcode': '654321',
      'Confirm new passcode': '654321',
    });
    await app.user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await findToast('Incorrect current passcode.')).toBeInTheDocument();
    expect(bank.callsTo('changePasscode')).toHaveLength(1);
  });
});

describe("settings: a success takes the form's errors away", () => {
  it("after a wrong then a right current passcode, shows only 'Action Successful' / 'Passcode changed'", async () => {
    let tries = 0;
    const bank = installDashboardBank({
      changePasscode: () => {
        tries += 1;
        return tries === 1 ? errorReply('Incorrect current passcode. 4 attempts left.') : ok();
      },
    });
    const app = renderApp('/wp-user/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    const section = card('Passcode');
    const change = { 'New passcode': '654321', 'Confirm new passcode': '654321' };
    await fill(app, section, { 'Current passcode': '111111', ...change });
    await app.user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await findToast('Incorrect current passcode. 4 attempts left.')).toBeInTheDocument();

    await fill(app, section, { 'Current passcode': '123456' });
    await app.user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await toastOf('Action Successful')).toHaveTextContent('Passcode changed');
    expect(within(toastRegion()).queryByText('Incorrect current passcode. 4 attempts left.')).not.toBeInTheDocument();
    expect(bank.callsTo('changePasscode')).toHaveLength(2);
  });

  it("takes the passcode's mismatch away on its success, and leaves the other forms' errors", async () => {
    let tries = 0;
    installDashboardBank({
      changePin: () => {
        tries += 1;
        return tries === 1 ? errorReply('Incorrect current PIN. 4 attempts left.') : ok();
      },
    });
    const app = renderApp('/wp-user/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    const pin = card('Transaction PIN');
    await fill(app, pin, { 'Current PIN': '9999', 'New PIN': '5678', 'Confirm new PIN': '5678' });
    await app.user.click(within(pin).getByRole('button', { name: 'Save' }));
    expect(await findToast('Incorrect current PIN. 4 attempts left.')).toBeInTheDocument();

    const passcode = card('Passcode');
    await fill(app, passcode, {
      'Current passcode': '123456',
      'New passcode': '654321',
      'Confirm new passcode': '654320',
    });
    fireEvent.submit(within(passcode).getByRole('button', { name: 'Save' }).closest('form')!);
    expect(await findToast('Password Mismatch')).toBeInTheDocument();
    await fill(app, passcode, { 'Confirm new passcode': '654321' });
    await app.user.click(within(passcode).getByRole('button', { name: 'Save' }));
    expect(await toastOf('Action Successful')).toHaveTextContent('Passcode changed');
    const toasts = within(toastRegion());
    expect(toasts.queryByText('Password Mismatch')).not.toBeInTheDocument();
    // The PIN's refusal is another form's: it stays until the PIN's own success.
    expect(toasts.getByText('Incorrect current PIN. 4 attempts left.')).toBeInTheDocument();

    await fill(app, pin, { 'Current PIN': '1234' });
    await app.user.click(within(pin).getByRole('button', { name: 'Save' }));
    expect(await toastOf('Action Successful', 'PIN changed')).toBeInTheDocument();
    expect(toasts.queryByText('Incorrect current PIN. 4 attempts left.')).not.toBeInTheDocument();
  });
});

describe('settings: transaction PIN', () => {
  it('enables Save when all three are filled, new equals confirm and confirm has exactly 4 digits', async () => {
    const { app } = await open();
    const section = card('Transaction PIN');
    const save = within(section).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await fill(app, section, { 'Current PIN': '1234', 'New PIN': '567', 'Confirm new PIN': '567' });
    expect(save).toBeDisabled();
    await fill(app, section, { 'New PIN': '5678', 'Confirm new PIN': '5679' });
    expect(save).toBeDisabled();
    await fill(app, section, { 'Confirm new PIN': '5678' });
    expect(save).toBeEnabled();
    // At most 4 digits are taken.
    await app.user.type(within(section).getByLabelText('Confirm new PIN'), '9');
    expect(within(section).getByLabelText('Confirm new PIN')).toHaveValue('5678');
  });

  it('changes the PIN and says so', async () => {
    const { app, bank } = await open();
    const section = card('Transaction PIN');
    await fill(app, section, { 'Current PIN': '1234', 'New PIN': '5678', 'Confirm new PIN': '5678' });
    await app.user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await toastOf('Action Successful')).toHaveTextContent('PIN changed');
    expect(bank.callsTo('changePin')[0]?.input).toEqual({ c_pwd: '1234', n_pwd: '5678', con_pwd: '5678' });
  });

  it('sends nothing on a submit with differing fields', async () => {
    const { app, bank } = await open();
    const section = card('Transaction PIN');
    await fill(app, section, { 'Current PIN': '1234', 'New PIN': '5678', 'Confirm new PIN': '5679' });
    fireEvent.submit(within(section).getByRole('button', { name: 'Save' }).closest('form')!);
    expect(await findToast('PIN Mismatch')).toBeInTheDocument();
    expect(bank.callsTo('changePin')).toHaveLength(0);
  });
});
