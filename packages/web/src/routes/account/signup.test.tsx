import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/session/session';
import { AUTH_REDIRECT_MS } from '@/lib/timings';
import { errorReply, installFakeBank, NETWORK_FAILURE, type BankAnswer } from '@/test/fake-bank';
import { findToast, renderApp, toastRegion, useAdvancingFakeTimers, REAL_TIME_SLACK_MS } from '@/test/render-app';

function setup(signup: () => BankAnswer = () => ({ status: 'success', message: null, email: 'ada@bank.test' })) {
  const bank = installFakeBank({ signup });
  const app = renderApp('/wp-user/account/signup');
  return { bank, app };
}

const submit = (app: ReturnType<typeof renderApp>) =>
  app.user.click(screen.getByRole('button', { name: 'Create account' }));

async function fillValidForm(app: ReturnType<typeof renderApp>) {
  await app.user.type(await screen.findByLabelText('First name'), 'Ada');
  await app.user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await app.user.type(screen.getByLabelText('Username'), 'ada');
  await app.user.type(screen.getByLabelText('E-mail'), 'ada@bank.test');
  await app.user.type(screen.getByLabelText('Passcode'), '123456');
  await app.user.type(screen.getByLabelText('Confirm passcode'), '123456');
  await app.user.click(screen.getByRole('checkbox', { name: /at least 18 years old/u }));
}

beforeEach(() => {
  useAdvancingFakeTimers();
});

describe('signup validation', () => {
  it('requires every field and the 18+/terms checkbox, and sends nothing', async () => {
    const { app, bank } = setup();
    await screen.findByLabelText('First name');
    await submit(app);
    for (const message of [
      'First name is required',
      'Last name is required',
      'Username is required',
      'E-mail is required',
      'Passcode is required',
      'Confirm passcode is required',
      'Please confirm that you are at least 18 years old and accept the terms',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('checkbox', { name: /at least 18 years old/u })).toHaveAttribute('aria-invalid', 'true');
    expect(bank.calls.map((call) => call.name)).toEqual([]);
  });

  it('says "That doesn\'t look like an email address" for an address without @', async () => {
    const { app } = setup();
    await app.user.type(await screen.findByLabelText('E-mail'), 'ada.bank.test');
    await submit(app);
    expect(await screen.findByText("That doesn't look like an email address")).toBeInTheDocument();
  });

  it("says 'Password must be > 6 characters' for a short passcode", async () => {
    const { app } = setup();
    await app.user.type(await screen.findByLabelText('Passcode'), '123');
    await submit(app);
    expect(await screen.findByText('Password must be > 6 characters')).toBeInTheDocument();
  });

  it('keeps only digits, at most 6, as the passcode is typed', async () => {
    const { app } = setup();
    const passcode = await screen.findByLabelText('Passcode');
    await app.user.type(passcode, 'a1b2-c3 4567');
    expect(passcode).toHaveValue('123456');
    expect(passcode).toHaveAttribute('inputmode', 'numeric');
    const confirm = screen.getByLabelText('Confirm passcode');
    await app.user.type(confirm, '12x');
    expect(confirm).toHaveValue('12');
  });

  it('keeps all six digits of a pasted passcode with separators', async () => {
    const { app } = setup();
    const passcode = await screen.findByLabelText('Passcode');
    await app.user.click(passcode);
    await app.user.paste('24-68-10');
    expect(passcode).toHaveValue('246810');
  });

  it.each([
    ['a different passcode', '654321'],
    ['a short one', '1234'],
  ])("says 'Confirm Password must be 6 digits and same as Passcode' for %s", async (_, confirm) => {
    const { app, bank } = setup();
    await app.user.type(await screen.findByLabelText('Passcode'), '123456');
    await app.user.type(screen.getByLabelText('Confirm passcode'), confirm);
    await submit(app);
    expect(await screen.findByText('Confirm Password must be 6 digits and same as Passcode')).toBeInTheDocument();
    expect(bank.calls).toHaveLength(0);
  });

  it('links the terms and conditions to their page, in a new tab, and still requires the checkbox', async () => {
    const { app, bank } = setup();
    const terms = await screen.findByRole('link', { name: /terms and conditions/u });
    expect(terms).toHaveAttribute('href', '/wp-user/account/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(terms).toHaveTextContent('terms and conditions (opens in a new tab)');
    const checkbox = screen.getByRole('checkbox', {
      name: 'I am at least 18 years old and I accept the terms and conditions (opens in a new tab)',
    });
    expect(checkbox).not.toBeChecked();
    // One sentence: the label (a row beside the checkbox) holds the words and the link as one item, so the
    // link flows inline with the words instead of standing in a column of its own.
    const label = terms.closest('label');
    expect(label?.childNodes).toHaveLength(1);
    expect(label?.firstElementChild).toHaveTextContent(/^I am at least 18 years old and I accept the terms/u);
    expect(label?.firstElementChild).toContainElement(terms);
    await fillValidForm(app);
    await app.user.click(screen.getByRole('checkbox', { name: /at least 18 years old/u }));
    await submit(app);
    expect(
      await screen.findByText('Please confirm that you are at least 18 years old and accept the terms'),
    ).toBeInTheDocument();
    expect(bank.calls).toHaveLength(0);
  });

  it('lets the passcode be shown', async () => {
    const { app } = setup();
    const passcode = await screen.findByLabelText('Passcode');
    expect(passcode).toHaveAttribute('type', 'password');
    await app.user.click(screen.getAllByRole('button', { name: 'Show what you typed' })[0]!);
    expect(passcode).toHaveAttribute('type', 'text');
  });
});

describe('signing up', () => {
  it("sends the fields with fullname = first + ' ' + last and the confirmation", async () => {
    const { app, bank } = setup();
    await fillValidForm(app);
    await submit(app);
    await findToast('Signup successful');
    expect(bank.rejected).toEqual([]);
    expect(bank.callsTo('signup')[0]?.input).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      email: 'ada@bank.test',
      password: '123456',
      confirm: '123456',
      fullname: 'Ada Lovelace',
    });
  });

  it("toasts 'Signup successful', then goes to verify with the e-mail after 5 s", async () => {
    const { app } = setup();
    await fillValidForm(app);
    await submit(app);
    expect(await findToast('Signup successful')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeDisabled();
    expect(screen.getByText('Taking you to verify your e-mail address…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go now' })).toHaveAttribute(
      'href',
      '/wp-user/account/verify/ada%40bank.test',
    );
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS - REAL_TIME_SLACK_MS));
    expect(app.path()).toBe('/wp-user/account/signup');
    await act(() => vi.advanceTimersByTimeAsync(REAL_TIME_SLACK_MS));
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(decodeURIComponent(app.path())).toBe('/wp-user/account/verify/ada@bank.test');
    expect(screen.getByText('ada@bank.test')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.email)).toBe('ada@bank.test');
  });

  it("shows 'Password should be at least 8 characters' for a server error without a message, keeping the form", async () => {
    const { app } = setup(() => errorReply(''));
    await fillValidForm(app);
    await submit(app);
    expect(await findToast('Password should be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Passcode')).toHaveValue('123456');
    expect(screen.getByRole('checkbox', { name: /at least 18 years old/u })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(app.path()).toBe('/wp-user/account/signup');
  });

  it('says the network failed when the sign-up got no reply at all, keeping the form', async () => {
    const { app } = setup(() => NETWORK_FAILURE);
    await fillValidForm(app);
    await submit(app);
    expect(await findToast('We could not reach the bank. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByText('Password should be at least 8 characters')).toBeNull();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it("shows the bank's message for an error that has one", async () => {
    const { app } = setup(() => errorReply('That username is taken', 409));
    await fillValidForm(app);
    await submit(app);
    expect(await findToast('That username is taken')).toBeInTheDocument();
  });

  it('takes a refusal away when the next try succeeds', async () => {
    let answer: BankAnswer = errorReply('An account with this e-mail address already exists', 409);
    const { app } = setup(() => answer);
    await fillValidForm(app);
    await submit(app);
    expect(await findToast('An account with this e-mail address already exists')).toBeInTheDocument();
    answer = { status: 'success', message: null, email: 'ada@bank.test' };
    await submit(app);
    expect(await findToast('Signup successful')).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('An account with this e-mail address already exists')).toBeNull();
  });
});
