import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bankKeys } from '@/api/client';
import { PIN_CONFIRMATION_TOAST_MS, TRANSFER_REDIRECT_MS } from '@/lib/timings';
import { errorReply, NETWORK_FAILURE, type BankAnswer, type BankHandlers } from '@/test/fake-bank';
import { signedInBank, transferForm } from '@/test/money-data';
import {
  expectWaitToDashboardThenGoNow,
  findToast,
  REAL_TIME_SLACK_MS,
  renderApp,
  toastDuration,
  toastRegion,
  useAdvancingFakeTimers,
} from '@/test/render-app';
import { TRANSFER_STORAGE_KEY } from './-components/transfer';

const PIN = '/wp-user/dashboard/send/pin';

/** The transfer as the bank receives it, for the form `transferForm()`. */
const TRANSFER = { ...transferForm(), amount: 100 };

beforeEach(() => {
  useAdvancingFakeTimers();
  window.sessionStorage.clear();
  window.sessionStorage.setItem(TRANSFER_STORAGE_KEY, JSON.stringify({ fields: transferForm(), display: '$100.00' }));
});

const success = () => ({ status: 'success', message: 'PIN confirmed' });

/** Keeps the transfer as the PIN step leaves it once the bank has e-mailed a code. */
function keepCodeSent({ head, body }: { head: string; body: string }) {
  window.sessionStorage.setItem(
    TRANSFER_STORAGE_KEY,
    JSON.stringify({
      fields: transferForm(),
      display: '$100.00',
      codeSent: { head: head === '' ? 'Transfer Authorization Code is required' : head, body },
    }),
  );
}

function setup(handlers: BankHandlers = {}) {
  const bank = signedInBank({
    confirmPin: success,
    confirmTransferCode: () => ({ status: 'success', message: 'Code confirmed' }),
    createTransfer: () => ({ icon: 'success', message: 'Successful! Await Confirmation' }),
    ...handlers,
  });
  const app = renderApp(PIN);
  return { bank, app };
}

type App = ReturnType<typeof renderApp>;

/** The input of a code's group (a masked one is a password input, which has no role). */
const codeInput = (group: string) => screen.getByLabelText(group, { selector: 'input' });

async function enter(app: App, group: string, digits: string, button: string) {
  await screen.findByRole('group', { name: group });
  await app.user.click(codeInput(group));
  if (digits !== '') await app.user.keyboard(digits);
  await app.user.click(screen.getByRole('button', { name: button }));
}
const enterPin = (app: App, pin = '1234') => enter(app, 'Transaction PIN', pin, 'Confirm');
const enterCode = (app: App, code = '4321') => enter(app, 'Authorization code', code, 'Confirm Code');

describe('the transfer PIN', () => {
  it('asks for the 4-digit PIN, masked, for the amount and payee kept from the form', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Enter your transaction PIN' })).toBeInTheDocument();
    expect(screen.getByText('$100.00')).toBeInTheDocument();
    expect(screen.getByText('Jane Cooper')).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Transaction PIN' });
    expect(group.querySelectorAll('[data-slot="otp-slot"]')).toHaveLength(4);
    expect(codeInput('Transaction PIN')).toHaveAttribute('maxlength', '4');
    expect(codeInput('Transaction PIN')).toHaveAttribute('type', 'password');
  });

  it.each([
    ['nothing', ''],
    ['too few digits', '12'],
  ])("says 'Invalid Pin' for %s and sends nothing", async (_, digits) => {
    const { app, bank } = setup();
    await enterPin(app, digits);
    expect(await screen.findByText('Invalid Pin')).toBeInTheDocument();
    expect(bank.callsTo('confirmPin')).toHaveLength(0);
  });

  it("confirms the PIN with the transfer, sends it, says 'Successful! Await Confirmation' and goes home after 3 s", async () => {
    const { app, bank } = setup();
    // What other screens have read before: all of it changes with the transfer.
    const changed = ['getHomeStatement', 'getStatement', 'getTransferList', 'getNotifications'] as const;
    for (const operation of changed) app.queryClient.setQueryData(bankKeys.call(operation, undefined), {});
    await screen.findByRole('heading', { name: 'Enter your transaction PIN' });
    const balanceReads = bank.callsTo('getInstitution').length;
    await enterPin(app);
    expect(await findToast('Successful! Await Confirmation')).toBeInTheDocument();
    expect(bank.rejected).toEqual([]);
    expect(bank.callsTo('confirmPin')[0]?.input).toEqual({ pin: '1234', extra: TRANSFER });
    expect(bank.callsTo('confirmTransferCode')).toHaveLength(0);
    expect(bank.callsTo('createTransfer')[0]?.input).toEqual({ ...TRANSFER, extra: TRANSFER });
    // Nothing of the transfer is kept any more, only that it went through; and the PIN never was.
    expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).toBe('{"sent":true}');
    for (const storage of [window.sessionStorage, window.localStorage])
      for (let index = 0; index < storage.length; index += 1)
        expect(storage.getItem(storage.key(index) ?? '')).not.toContain('1234');
    // Balance, statements, transfer list and notifications are read again.
    for (const operation of changed) {
      const [query] = app.queryClient.getQueryCache().findAll({ queryKey: ['bank', operation] });
      expect(query?.state.isInvalidated, operation).toBe(true);
    }
    // The balance on screen is read again at once.
    await waitFor(() => {
      expect(bank.callsTo('getInstitution').length).toBeGreaterThan(balanceReads);
    });

    expect(app.path()).toBe(PIN);
    // Looked at with the slack the clock's real time needs, then past the redirect.
    await act(() => vi.advanceTimersByTimeAsync(TRANSFER_REDIRECT_MS - REAL_TIME_SLACK_MS));
    expect(app.path()).toBe(PIN);
    await act(() => vi.advanceTimersByTimeAsync(REAL_TIME_SLACK_MS + 200));
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/dashboard');
    });
    // The browser's Back leads to the PIN screen of a transfer that is done: a new form, and no error.
    act(() => {
      app.router.history.back();
    });
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/dashboard/send');
    });
    expect(await screen.findByRole('heading', { name: 'Bank Transfer' })).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Something went wrong!')).toBeNull();
  });

  it('says the wait after the transfer leads to the dashboard, counts it down, and goes at once by its link, once', async () => {
    const { app, bank } = setup();
    await enterPin(app);
    expect(await findToast('Successful! Await Confirmation')).toBeInTheDocument();
    // No way back to the review while the screen is leaving.
    expect(screen.queryByRole('link', { name: 'Back to the review' })).not.toBeInTheDocument();
    await expectWaitToDashboardThenGoNow(app, TRANSFER_REDIRECT_MS);
    expect(bank.callsTo('createTransfer')).toHaveLength(1);
  });

  it("shows the bank's message for a wrong PIN, for 15 s, and clears the entry", async () => {
    const { app, bank } = setup({ confirmPin: () => errorReply('Incorrect PIN. 4 attempts left.', 400) });
    await enterPin(app, '9999');
    expect(await toastDuration('Incorrect PIN. 4 attempts left.')).toBe(PIN_CONFIRMATION_TOAST_MS);
    await waitFor(() => {
      expect(codeInput('Transaction PIN')).toHaveValue('');
    });
    // The boxes take the focus again, for the next try.
    await waitFor(() => {
      expect(codeInput('Transaction PIN')).toHaveFocus();
    });
    expect(bank.callsTo('createTransfer')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(PIN_CONFIRMATION_TOAST_MS - 1000));
    expect(within(toastRegion()).getByText('Incorrect PIN. 4 attempts left.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => {
      expect(within(toastRegion()).queryByText('Incorrect PIN. 4 attempts left.')).not.toBeInTheDocument();
    });
  });

  it('shows the lock message after too many wrong PINs', async () => {
    const { app } = setup({
      confirmPin: () => errorReply('Too many wrong PIN attempts. Try again in 15 minutes.', 423),
    });
    await enterPin(app, '9999');
    expect(await findToast('Too many wrong PIN attempts. Try again in 15 minutes.')).toBeInTheDocument();
  });

  it.each<[string, () => BankAnswer]>([
    ['no reply', () => NETWORK_FAILURE],
    ['a failure without a message', () => errorReply('', 500)],
    ['a reply the contract does not know', () => ({ nonsense: true })],
  ])("says 'An error has Occured.' for 15 s on %s and clears the entry", async (_, answer) => {
    const { app } = setup({ confirmPin: answer });
    await enterPin(app);
    expect(await toastDuration('An error has Occured.')).toBe(PIN_CONFIRMATION_TOAST_MS);
    await waitFor(() => {
      expect(codeInput('Transaction PIN')).toHaveValue('');
    });
  });

  it('asks for the authorization code when the bank requires another, with its default heading', async () => {
    const { app, bank } = setup({
      confirmPin: () => ({
        status: 'success',
        requiresanother: { head: '', body: 'We sent a 4-digit code to d***@bank.test.' },
      }),
    });
    await enterPin(app);
    expect(await screen.findByRole('heading', { name: 'Transfer Authorization Code is required' })).toBeInTheDocument();
    expect(screen.getByText('We sent a 4-digit code to d***@bank.test.')).toBeInTheDocument();
    expect(bank.callsTo('createTransfer')).toHaveLength(0);
    expect(codeInput('Authorization code')).toHaveAttribute('maxlength', '4');
    expect(codeInput('Authorization code')).toHaveAttribute('type', 'text');

    await enterCode(app);
    expect(await findToast('Successful! Await Confirmation')).toBeInTheDocument();
    expect(bank.rejected).toEqual([]);
    expect(bank.callsTo('confirmTransferCode')[0]?.input).toEqual({ code: '4321', extra: TRANSFER });
    expect(bank.callsTo('createTransfer')[0]?.input).toEqual({ ...TRANSFER, extra: TRANSFER });
  });

  it("a code that did not come: 'Enter your PIN again for a new one' asks the PIN, which sends another", async () => {
    const { app, bank } = setup({
      confirmPin: () => ({ status: 'success', requiresanother: { head: '', body: 'We sent a 4-digit code.' } }),
    });
    await enterPin(app, '8642');
    await screen.findByRole('heading', { name: 'Transfer Authorization Code is required' });
    await app.user.click(screen.getByRole('button', { name: 'Enter your PIN again for a new one' }));
    expect(await screen.findByRole('heading', { name: 'Enter your transaction PIN' })).toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY) ?? 'null')).not.toHaveProperty('codeSent');
    await enterPin(app, '8642');
    await screen.findByRole('heading', { name: 'Transfer Authorization Code is required' });
    expect(bank.callsTo('confirmPin')).toHaveLength(2);
    await enterCode(app);
    expect(await findToast('Successful! Await Confirmation')).toBeInTheDocument();
    expect(bank.callsTo('createTransfer')).toHaveLength(1);
  });

  describe('a reload of the code step', () => {
    const STEP_UP = { head: '', body: 'We sent a 4-digit code to d***@bank.test.' };
    const kept = () => JSON.parse(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY) ?? 'null') as unknown;

    it('stays on the code step, asks for no new PIN, and the code already sent goes through', async () => {
      const first = setup({ confirmPin: () => ({ status: 'success', requiresanother: STEP_UP }) });
      await enterPin(first.app, '8642');
      await screen.findByRole('heading', { name: 'Transfer Authorization Code is required' });
      // What is kept: that a code was sent, in the bank's words; never the PIN nor a code.
      expect(kept()).toMatchObject({
        codeSent: { head: 'Transfer Authorization Code is required', body: STEP_UP.body },
      });
      expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).not.toContain('8642');
      first.app.unmount();

      const { app, bank } = setup();
      expect(
        await screen.findByRole('heading', { name: 'Transfer Authorization Code is required' }),
      ).toBeInTheDocument();
      expect(screen.getByText(STEP_UP.body)).toBeInTheDocument();
      await enterCode(app, '5173');
      expect(await findToast('Successful! Await Confirmation')).toBeInTheDocument();
      expect(bank.callsTo('confirmPin')).toHaveLength(0);
      expect(bank.callsTo('confirmTransferCode')[0]?.input).toEqual({ code: '5173', extra: TRANSFER });
      expect(bank.callsTo('createTransfer')[0]?.input).toEqual({ ...TRANSFER, extra: TRANSFER });
      expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).toBe('{"sent":true}');
    });

    it('keeps a wrong code on the code step, for another try', async () => {
      keepCodeSent(STEP_UP);
      const { app } = setup({
        confirmTransferCode: () => errorReply('Incorrect authorization code. 4 attempts left.', 400),
      });
      await enterCode(app, '9753');
      expect(await findToast('Incorrect authorization code. 4 attempts left.')).toBeInTheDocument();
      await waitFor(() => {
        expect(codeInput('Authorization code')).toHaveValue('');
      });
      expect(screen.getByRole('heading', { name: 'Transfer Authorization Code is required' })).toBeInTheDocument();
      expect(kept()).toHaveProperty('codeSent');
      expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).not.toContain('9753');
    });

    it.each([
      ['expired', 410, 'This authorization code has expired. Start the transfer again.'],
      ['for another transfer', 403, 'This code was issued for a different amount or payee. Start the transfer again.'],
    ])('asks for the PIN again when the code is %s, saying why', async (_, status, message) => {
      keepCodeSent(STEP_UP);
      const { app } = setup({ confirmTransferCode: () => errorReply(message, status) });
      await enterCode(app);
      expect(await toastDuration(message)).toBe(PIN_CONFIRMATION_TOAST_MS);
      expect(await screen.findByRole('heading', { name: 'Enter your transaction PIN' })).toBeInTheDocument();
      expect(kept()).not.toHaveProperty('codeSent');
      expect(kept()).toHaveProperty('fields');
    });

    it('asks for the PIN again when the transfer is confirmed anew on the review', async () => {
      keepCodeSent(STEP_UP);
      const { app } = setup();
      await screen.findByRole('heading', { name: 'Transfer Authorization Code is required' });
      await app.user.click(screen.getByRole('link', { name: 'Back to the review' }));
      await app.user.click(await screen.findByRole('button', { name: 'Confirmed' }));
      expect(await screen.findByRole('heading', { name: 'Enter your transaction PIN' })).toBeInTheDocument();
      expect(kept()).not.toHaveProperty('codeSent');
    });

    it('asks for the PIN again, and forgets the code, when the transfer is refused after it', async () => {
      keepCodeSent(STEP_UP);
      const { app } = setup({ createTransfer: () => errorReply('Insufficient balance', 409) });
      await enterCode(app);
      expect(await findToast('Insufficient balance')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Enter your transaction PIN' })).toBeInTheDocument();
      expect(kept()).not.toHaveProperty('codeSent');
    });
  });

  it("uses the bank's heading for the code screen when it gives one", async () => {
    const { app } = setup({
      confirmPin: () => ({ status: 'success', requiresanother: { head: 'One more step', body: 'Check your e-mail.' } }),
    });
    await enterPin(app);
    expect(await screen.findByRole('heading', { name: 'One more step' })).toBeInTheDocument();
  });

  it("shows the bank's message for a wrong code, for 15 s, and clears it for another try", async () => {
    const { app, bank } = setup({
      confirmPin: () => ({ status: 'success', requiresanother: { head: '', body: 'Check your e-mail.' } }),
      confirmTransferCode: () => errorReply('Incorrect authorization code. 4 attempts left.', 400),
    });
    await enterPin(app);
    await enterCode(app, '0000');
    expect(await toastDuration('Incorrect authorization code. 4 attempts left.')).toBe(PIN_CONFIRMATION_TOAST_MS);
    await waitFor(() => {
      expect(codeInput('Authorization code')).toHaveValue('');
    });
    expect(bank.callsTo('createTransfer')).toHaveLength(0);
  });

  it("takes the wrong PIN's and code's toasts away on success: only 'Successful! Await Confirmation' stays", async () => {
    let pinTries = 0;
    let codeTries = 0;
    const { app } = setup({
      confirmPin: () =>
        (pinTries += 1) === 1
          ? errorReply('Incorrect PIN. 4 attempts left.', 400)
          : { status: 'success', requiresanother: { head: '', body: 'Check your e-mail.' } },
      confirmTransferCode: () =>
        (codeTries += 1) === 1
          ? errorReply('Incorrect authorization code. 4 attempts left.', 400)
          : { status: 'success', message: 'Code confirmed' },
    });
    await enterPin(app, '9999');
    expect(await findToast('Incorrect PIN. 4 attempts left.')).toBeInTheDocument();
    await waitFor(() => {
      expect(codeInput('Transaction PIN')).toHaveValue('');
    });
    await enterPin(app);
    // The PIN is right now: its refusal goes.
    await screen.findByRole('heading', { name: 'Transfer Authorization Code is required' });
    expect(within(toastRegion()).queryByText('Incorrect PIN. 4 attempts left.')).not.toBeInTheDocument();
    await enterCode(app, '0000');
    expect(await findToast('Incorrect authorization code. 4 attempts left.')).toBeInTheDocument();
    await waitFor(() => {
      expect(codeInput('Authorization code')).toHaveValue('');
    });
    await enterCode(app);
    expect(await findToast('Successful! Await Confirmation')).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Incorrect authorization code. 4 attempts left.')).not.toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Incorrect PIN. 4 attempts left.')).not.toBeInTheDocument();
  });

  it('asks for the PIN again when the transfer itself is refused, saying why for 15 s', async () => {
    const { app } = setup({ createTransfer: () => errorReply('Insufficient balance', 409) });
    await enterPin(app);
    expect(await toastDuration('Insufficient balance')).toBe(PIN_CONFIRMATION_TOAST_MS);
    expect(screen.getByRole('heading', { name: 'Enter your transaction PIN' })).toBeInTheDocument();
    await waitFor(() => {
      expect(codeInput('Transaction PIN')).toHaveValue('');
    });
    expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).not.toBeNull();
  });

  it.each<[string, () => BankAnswer, string]>([
    [
      'with a message',
      () => ({ icon: 'warning', message: 'Transfers are paused for maintenance' }),
      'Transfers are paused for maintenance',
    ],
    ['without a message', () => ({ icon: 'info' }), 'An error has Occured.'],
  ])(
    'asks for the PIN again when the transfer comes back without the success icon, %s, for 15 s',
    async (_, answer, message) => {
      const { app } = setup({ createTransfer: answer });
      await enterPin(app);
      expect(await toastDuration(message)).toBe(PIN_CONFIRMATION_TOAST_MS);
      expect(within(toastRegion()).queryByText('Successful! Await Confirmation')).not.toBeInTheDocument();
      await waitFor(() => {
        expect(codeInput('Transaction PIN')).toHaveValue('');
      });
      expect(app.path()).toBe(PIN);
      expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).not.toBeNull();
    },
  );

  it('asks for the transfer as it was last reviewed, on every visit', async () => {
    const { app } = setup();
    expect(await screen.findByText('$100.00')).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Back to the review' }));
    await app.user.click(await screen.findByRole('link', { name: 'Edit' }));
    await app.user.clear(await screen.findByRole('spinbutton', { name: 'Amount' }));
    await app.user.type(screen.getByRole('spinbutton', { name: 'Amount' }), '120');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    const shown: string[] = [];
    new MutationObserver(() => {
      shown.push(document.body.textContent);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
    await app.user.click(await screen.findByRole('button', { name: 'Confirmed' }));
    expect(await screen.findByRole('heading', { name: 'Enter your transaction PIN' })).toBeInTheDocument();
    expect(screen.getByText('$120.00')).toBeInTheDocument();
    expect(shown.some((text) => text.includes('$100.00'))).toBe(false);
  });

  describe('confirmed twice while its calls run (a double click with no gap)', () => {
    /** The bank as it is: the PIN's confirmation is spent by the first transfer, so a second one is refused. */
    function spentAfterOne() {
      let transfers = 0;
      return setup({
        createTransfer: () =>
          (transfers += 1) === 1
            ? { icon: 'success', message: 'Successful! Await Confirmation' }
            : errorReply('Confirm the transfer with your PIN first.', 409),
      });
    }

    async function typePin(app: App) {
      await screen.findByRole('group', { name: 'Transaction PIN' });
      await app.user.click(codeInput('Transaction PIN'));
      await app.user.keyboard('1234');
    }

    it('checks the PIN once, sends one transfer and shows only the success', async () => {
      const { app, bank } = spentAfterOne();
      await typePin(app);
      const confirm = screen.getByRole('button', { name: 'Confirm' });
      fireEvent.click(confirm);
      fireEvent.click(confirm);
      expect(await findToast('Successful! Await Confirmation')).toBeInTheDocument();
      expect(bank.callsTo('confirmPin')).toHaveLength(1);
      expect(bank.callsTo('createTransfer')).toHaveLength(1);
      expect(within(toastRegion()).queryByText('Confirm the transfer with your PIN first.')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(TRANSFER_REDIRECT_MS + 100));
      await waitFor(() => {
        expect(app.path()).toBe('/wp-user/dashboard');
      });
      expect(bank.callsTo('createTransfer')).toHaveLength(1);
    });

    it('sends one transfer for a double click or Enter pressed twice', async () => {
      const { app, bank } = spentAfterOne();
      await typePin(app);
      await app.user.keyboard('{Enter}{Enter}');
      await app.user.dblClick(screen.getByRole('button', { name: 'Confirm' }));
      expect(await findToast('Successful! Await Confirmation')).toBeInTheDocument();
      expect(bank.callsTo('confirmPin')).toHaveLength(1);
      expect(bank.callsTo('createTransfer')).toHaveLength(1);
      expect(within(toastRegion()).queryByText('Confirm the transfer with your PIN first.')).not.toBeInTheDocument();
    });

    it('checks the authorization code once', async () => {
      const { app, bank } = setup({
        confirmPin: () => ({ status: 'success', requiresanother: { head: '', body: 'Check your e-mail.' } }),
      });
      await enterPin(app);
      await screen.findByRole('group', { name: 'Authorization code' });
      await app.user.click(codeInput('Authorization code'));
      await app.user.keyboard('4321');
      const confirm = screen.getByRole('button', { name: 'Confirm Code' });
      fireEvent.click(confirm);
      fireEvent.click(confirm);
      expect(await findToast('Successful! Await Confirmation')).toBeInTheDocument();
      expect(bank.callsTo('confirmTransferCode')).toHaveLength(1);
      expect(bank.callsTo('createTransfer')).toHaveLength(1);
    });
  });

  it("says 'Something went wrong!' and goes back to the form without a kept transfer", async () => {
    window.sessionStorage.clear();
    const { app } = setup();
    expect(await toastDuration('Something went wrong!')).toBe(PIN_CONFIRMATION_TOAST_MS);
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/dashboard/send');
    });
  });
});
