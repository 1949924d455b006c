import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_REDIRECT_MS } from '@/lib/timings';
import { errorReply, installFakeBank, type BankHandlers } from '@/test/fake-bank';
import { findToast, renderApp, useAdvancingFakeTimers, REAL_TIME_SLACK_MS } from '@/test/render-app';

function setup(path: string, handlers: BankHandlers = {}) {
  const bank = installFakeBank({
    forgotPasscode: () => ({ status: 'success', message: 'Your passcode has been changed' }),
    ...handlers,
  });
  const app = renderApp(path);
  return { bank, app };
}

const LINK = '/wp-user/account/reset/r/ada@bank.test/Rk7-x_91';

async function enterPasscodes(app: ReturnType<typeof renderApp>, passcode: string, confirm: string) {
  await app.user.type(await screen.findByLabelText('New passcode'), passcode);
  await app.user.type(screen.getByLabelText('Confirm new passcode'), confirm);
  await app.user.click(screen.getByRole('button', { name: 'Reset passcode' }));
}

beforeEach(() => {
  useAdvancingFakeTimers();
});

describe('reset passcode from the e-mailed link', () => {
  it('links the terms from the checkbox, in a new tab', async () => {
    setup(LINK);
    const terms = await screen.findByRole('link', { name: /terms and conditions/u });
    expect(terms).toHaveAttribute('href', '/wp-user/account/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(
      screen.getByRole('checkbox', {
        name: 'I am at least 18 years old and I accept the terms and conditions (opens in a new tab)',
      }),
    ).not.toBeChecked();
    // The words and the link as one item of the label's row, so they flow as one sentence.
    const label = terms.closest('label');
    expect(label?.childNodes).toHaveLength(1);
    expect(label?.firstElementChild).toHaveTextContent(/^I am at least 18 years old and I accept the terms/u);
  });

  it('keeps the e-mail and the reset code in hidden fields and shows the terms checkbox', async () => {
    const { container } = setup(LINK).app;
    await screen.findByLabelText('New passcode');
    expect(container.querySelector('input[type=hidden][name=email]')).toHaveValue('ada@bank.test');
    expect(container.querySelector('input[type=hidden][name=reset_code]')).toHaveValue('Rk7-x_91');
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /at least 18 years old/u })).not.toBeChecked();
  });

  it("sends action 'reset' without the terms ticked, toasts, and goes to login after 5 s", async () => {
    const { app, bank } = setup(LINK);
    await enterPasscodes(app, '654321', '654321');
    expect(await findToast('Your passcode has been changed')).toBeInTheDocument();
    expect(bank.callsTo('forgotPasscode')[0]?.input).toEqual({
      action: 'reset',
      email: 'ada@bank.test',
      reset_code: 'Rk7-x_91',
      new_password: '654321',
    });
    expect(screen.getByText('Taking you to sign in…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go now' })).toHaveAttribute('href', '/wp-user/account/login');
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS - REAL_TIME_SLACK_MS));
    expect(app.path()).toMatch(/\/reset\/r\//u);
    await act(() => vi.advanceTimersByTimeAsync(REAL_TIME_SLACK_MS));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/login');
  });

  it('needs 6 digits, typed as digits only, and a matching confirmation', async () => {
    const { app, bank } = setup(LINK);
    const passcode = await screen.findByLabelText('New passcode');
    await app.user.type(passcode, '12ab');
    expect(passcode).toHaveValue('12');
    await app.user.click(screen.getByRole('button', { name: 'Reset passcode' }));
    expect(await screen.findByText('Password must be > 6 characters')).toBeInTheDocument();
    await app.user.type(passcode, '3456');
    await app.user.type(screen.getByLabelText('Confirm new passcode'), '123457');
    await app.user.click(screen.getByRole('button', { name: 'Reset passcode' }));
    expect(await screen.findByText('Confirm Password must be 6 digits and same as Passcode')).toBeInTheDocument();
    expect(bank.calls).toHaveLength(0);
  });

  it('says the link is broken when its code could not be one', async () => {
    const { app, bank } = setup('/wp-user/account/reset/r/ada@bank.test/bad%20code!');
    await enterPasscodes(app, '654321', '654321');
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is not valid');
    expect(bank.calls).toHaveLength(0);
  });

  it("shows the bank's word that a newer link replaced this one", async () => {
    const outdated = 'This reset link is out of date: use the newest link we sent you.';
    const { app } = setup(LINK, { forgotPasscode: () => errorReply(outdated, 410) });
    await enterPasscodes(app, '654321', '654321');
    expect(await findToast(outdated)).toBeInTheDocument();
  });

  it("shows 'An unexpected error occured' for an error without a message", async () => {
    const { app } = setup(LINK, { forgotPasscode: () => errorReply('') });
    await enterPasscodes(app, '654321', '654321');
    expect(await findToast('An unexpected error occured')).toBeInTheDocument();
    expect(screen.getByLabelText('New passcode')).toHaveValue('654321');
  });
});

describe('reset passcode without the link', () => {
  it('asks for the e-mail and the reset code', async () => {
    const { app, bank } = setup('/wp-user/account/reset?email=ada%40bank.test');
    expect(await screen.findByLabelText('E-mail')).toHaveValue('ada@bank.test');
    await app.user.type(screen.getByLabelText('Reset code'), 'Rk7-x_91');
    await enterPasscodes(app, '654321', '654321');
    await findToast('Your passcode has been changed');
    expect(bank.callsTo('forgotPasscode')[0]?.input).toMatchObject({ email: 'ada@bank.test', reset_code: 'Rk7-x_91' });
  });
});
