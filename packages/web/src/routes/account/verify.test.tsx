import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session, STORAGE_KEYS } from '@/session/session';
import { AUTH_REDIRECT_MS, RESEND_COOLDOWN_MS } from '@/lib/timings';
import { errorReply, installFakeBank, type BankHandlers } from '@/test/fake-bank';
import { findToast, renderApp, toastRegion, useAdvancingFakeTimers, REAL_TIME_SLACK_MS } from '@/test/render-app';

function setup(path: string, handlers: BankHandlers = {}) {
  const bank = installFakeBank({
    verifyEmail: () => ({ status: 'success', message: null, jwt: 'kyc-jwt', verification_status: 'Not Verified' }),
    resendConfirmCode: () => ({ status: 'success', message: null }),
    getDocumentTypes: () => ({ docs: [] }),
    ...handlers,
  });
  const app = renderApp(path);
  return { bank, app };
}

async function enterCode(app: ReturnType<typeof renderApp>, code = '482913') {
  await app.user.click(await screen.findByLabelText('Verification code', { selector: 'input' }));
  await app.user.keyboard(code);
  await app.user.click(screen.getByRole('button', { name: 'Confirm Code' }));
}

beforeEach(() => {
  useAdvancingFakeTimers();
});

describe('e-mail verification', () => {
  it('shows the address the code was sent to (from the path) and a 6-box numeric code', async () => {
    setup('/wp-user/account/verify/ada@bank.test');
    expect(await screen.findByText('ada@bank.test')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Verification code' });
    expect(group.querySelectorAll('[data-slot="otp-slot"]')).toHaveLength(6);
    const code = within(group).getByRole('textbox', { name: 'Verification code' });
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('takes the address from ?email= too', async () => {
    setup('/wp-user/account/verify?email=grace%40bank.test');
    expect(await screen.findByText('grace@bank.test')).toBeInTheDocument();
  });

  it('asks for the address when neither the URL nor the session has one', async () => {
    const { app, bank } = setup('/wp-user/account/verify');
    await app.user.type(await screen.findByLabelText('E-mail'), 'ada@bank.test');
    await enterCode(app);
    await findToast('E-mail verified');
    expect(bank.callsTo('verifyEmail')[0]?.input.email).toBe('ada@bank.test');
  });

  it('needs all 6 digits', async () => {
    const { app, bank } = setup('/wp-user/account/verify/ada@bank.test');
    await enterCode(app, '123');
    expect(await screen.findByText('Enter the 6-digit code from the e-mail')).toBeInTheDocument();
    expect(bank.calls).toHaveLength(0);
  });

  it("confirms with action 'code', stores the jwt as the temporary token and opens kyc/form after 5 s", async () => {
    session.setNotVerified(true);
    const { app, bank } = setup('/wp-user/account/verify/ada@bank.test');
    await enterCode(app);
    expect(await findToast('E-mail verified')).toBeInTheDocument();
    expect(bank.callsTo('verifyEmail')[0]?.input).toEqual({
      email: 'ada@bank.test',
      ver_code: '482913',
      action: 'code',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.tempToken)).toBe('kyc-jwt');
    expect(window.localStorage.getItem(STORAGE_KEYS.notVerified)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // The code is taken: its boxes are off while the screen moves on.
    expect(screen.getByLabelText('Verification code', { selector: 'input' })).toBeDisabled();
    // The wait says what it is for, and offers to go at once.
    expect(screen.getByText('Taking you to identity verification…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go now' })).toHaveAttribute('href', '/wp-user/account/kyc/form');
    await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS - REAL_TIME_SLACK_MS));
    expect(app.path()).toMatch(/\/verify\//u);
    await act(() => vi.advanceTimersByTimeAsync(REAL_TIME_SLACK_MS));
    expect(await screen.findByRole('heading', { name: 'Identity verification' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/kyc/form');
  });

  it.each([
    ['no token', undefined],
    ['a token anyway', 'user-jwt'],
  ])(
    'stores no token for a KYC-approved customer (a changed address), clears a temporary one and leads to sign in: reply with %s',
    async (_, jwt) => {
      session.setTempToken('old-kyc-jwt');
      session.setNotVerified(true);
      const { app } = setup('/wp-user/account/verify/ada@bank.test', {
        verifyEmail: () => ({
          status: 'success',
          message: 'Your e-mail address is verified',
          ...(jwt === undefined ? {} : { jwt }),
          verification_status: 'Verified',
        }),
      });
      await enterCode(app);
      expect(await findToast('Your e-mail address is verified')).toBeInTheDocument();
      expect(window.localStorage.getItem(STORAGE_KEYS.tempToken)).toBeNull();
      expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(window.localStorage.getItem(STORAGE_KEYS.notVerified)).toBeNull();
      expect(screen.getByText('Taking you to sign in…')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go now' })).toHaveAttribute('href', '/wp-user/account/login');
      await act(() => vi.advanceTimersByTimeAsync(AUTH_REDIRECT_MS));
      await vi.waitFor(() => {
        expect(app.path()).toBe('/wp-user/account/login');
      });
      expect(window.localStorage.getItem(STORAGE_KEYS.tempToken)).toBeNull();
      expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    },
  );

  it('offers to sign in with another address or to sign up again', async () => {
    setup('/wp-user/account/verify/ada@bank.test');
    const signIn = await screen.findByRole('link', { name: 'Sign in with another one' });
    expect(signIn.parentElement).toHaveTextContent('Wrong address? Sign in with another one or sign up again');
    expect(signIn).toHaveAttribute('href', '/wp-user/account/login');
    expect(screen.getByRole('link', { name: 'sign up again' })).toHaveAttribute('href', '/wp-user/account/signup');
  });

  it("shows the bank's message for a wrong code and keeps it for correction", async () => {
    const { app } = setup('/wp-user/account/verify/ada@bank.test', {
      verifyEmail: () => errorReply('That code is wrong or has expired'),
    });
    await enterCode(app);
    expect(await findToast('That code is wrong or has expired')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveValue('482913');
    expect(window.localStorage.getItem(STORAGE_KEYS.tempToken)).toBeNull();
  });

  it("resends the code: 'Code Sent'", async () => {
    const { app, bank } = setup('/wp-user/account/verify/ada@bank.test');
    await app.user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await findToast('Code Sent')).toBeInTheDocument();
    expect(bank.callsTo('resendConfirmCode')[0]?.input).toEqual({ email: 'ada@bank.test' });
    // The bank sends an address only a few e-mails in a quarter of an hour: the link waits 30 s.
    expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(RESEND_COOLDOWN_MS));
    expect(await screen.findByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it("a new code takes the wrong code's error away: it spoke of the code replaced", async () => {
    const { app } = setup('/wp-user/account/verify/ada@bank.test', {
      verifyEmail: () => errorReply('Invalid code. 4 attempts left.'),
    });
    await enterCode(app);
    expect(await findToast('Invalid code. 4 attempts left.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await findToast('Code Sent')).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Invalid code. 4 attempts left.')).not.toBeInTheDocument();
  });

  it("says 'Something went wrong' when the resend fails without a message", async () => {
    const { app } = setup('/wp-user/account/verify/ada@bank.test', { resendConfirmCode: () => errorReply('', 500) });
    await app.user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await findToast('Something went wrong')).toBeInTheDocument();
  });
});
