import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, installFakeBank, NETWORK_FAILURE, type BankAnswer, type BankHandlers } from '@/test/fake-bank';
import { RESEND_COOLDOWN_MS } from '@/lib/timings';
import { findToast, REAL_TIME_SLACK_MS, renderApp, useAdvancingFakeTimers } from '@/test/render-app';

function setup(handlers: BankHandlers = {}) {
  const bank = installFakeBank({
    forgotPasscode: () => ({ status: 'success', message: null }),
    resendForgotCode: () => ({ status: 'success', message: null }),
    ...handlers,
  });
  const app = renderApp('/wp-user/account/forgot');
  return { bank, app };
}

beforeEach(() => {
  useAdvancingFakeTimers();
});

describe('forgot passcode', () => {
  it('has an e-mail-type field and checks it', async () => {
    const { app, bank } = setup();
    const email = await screen.findByLabelText('E-mail');
    expect(email).toHaveAttribute('type', 'email');
    await app.user.type(email, 'nope');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText("That doesn't look like an email address")).toBeInTheDocument();
    expect(bank.calls).toHaveLength(0);
  });

  it("sends action 'code' and says 'Check your Email for further instructions.'", async () => {
    const { app, bank } = setup();
    await app.user.type(await screen.findByLabelText('E-mail'), 'ada@bank.test');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await findToast('Check your Email for further instructions.')).toBeInTheDocument();
    expect(bank.callsTo('forgotPasscode')[0]?.input).toEqual({ action: 'code', email: 'ada@bank.test' });
    expect(screen.getByRole('link', { name: 'enter the code here' })).toHaveAttribute(
      'href',
      '/wp-user/account/reset?email=ada%40bank.test',
    );
  });

  it.each<[string, () => BankAnswer]>([
    ['an error without a message', () => errorReply('', 500)],
    ['no reply at all', () => NETWORK_FAILURE],
  ])("says 'An unexpected error occured' for %s", async (_, answer) => {
    const { app } = setup({ forgotPasscode: answer });
    await app.user.type(await screen.findByLabelText('E-mail'), 'ada@bank.test');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await findToast('An unexpected error occured')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@bank.test');
  });

  it("shows the bank's message when it gives one", async () => {
    const { app } = setup({ forgotPasscode: () => errorReply('No account uses that e-mail address', 404) });
    await app.user.type(await screen.findByLabelText('E-mail'), 'ada@bank.test');
    await app.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await findToast('No account uses that e-mail address')).toBeInTheDocument();
  });

  it("resends the link: 'Something went wrong', or 'Code Sent' and then a wait of 30 s", async () => {
    let fail = true;
    const { app, bank } = setup({
      resendForgotCode: () => (fail ? errorReply('') : { status: 'success', message: null }),
    });
    await app.user.type(await screen.findByLabelText('E-mail'), 'ada@bank.test');
    await app.user.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await findToast('Something went wrong')).toBeInTheDocument();
    // A failure sent nothing: the link may try again at once.
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Resend link' }));
    expect(await findToast('Code Sent')).toBeInTheDocument();
    expect(bank.callsTo('resendForgotCode').map((call) => call.input)).toEqual([
      { email: 'ada@bank.test' },
      { email: 'ada@bank.test' },
    ]);
    const waiting = await screen.findByRole('button', { name: 'Resend link in 30 s' });
    expect(waiting).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_MS - REAL_TIME_SLACK_MS));
    expect(screen.getByRole('button', { name: /^Resend link in \d s$/u })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(REAL_TIME_SLACK_MS));
    await app.user.click(await screen.findByRole('button', { name: 'Resend link' }));
    await waitFor(() => {
      expect(bank.callsTo('resendForgotCode')).toHaveLength(3);
    });
  });

  it('sends one request for a double click with no gap; the resend link then waits', async () => {
    const { app, bank } = setup();
    await app.user.type(await screen.findByLabelText('E-mail'), 'ada@bank.test');
    const send = screen.getByRole('button', { name: 'Send reset link' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await findToast('Check your Email for further instructions.')).toBeInTheDocument();
    expect(bank.callsTo('forgotPasscode')).toHaveLength(1);
    // The e-mail just sent holds the link: asking for another at once would spend the address's few.
    const resend = screen.getByRole('button', { name: /^Resend link in \d+ s$/u });
    expect(resend).toBeDisabled();
    fireEvent.click(resend);
    expect(bank.callsTo('resendForgotCode')).toHaveLength(0);
  });

  it('sends one resend for a double click with no gap', async () => {
    const { app, bank } = setup();
    await app.user.type(await screen.findByLabelText('E-mail'), 'ada@bank.test');
    const resend = screen.getByRole('button', { name: 'Resend link' });
    fireEvent.click(resend);
    fireEvent.click(resend);
    expect(await findToast('Code Sent')).toBeInTheDocument();
    expect(bank.callsTo('resendForgotCode')).toHaveLength(1);
  });

  it('asks for a valid address before resending', async () => {
    const { app, bank } = setup();
    await app.user.click(await screen.findByRole('button', { name: 'Resend link' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    expect(bank.calls).toHaveLength(0);
  });
});
