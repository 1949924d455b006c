import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPortalStorage } from '@/session/browser-storage';
import { endSession } from '@/session/idle-session';
import { session } from '@/session/session';
import { PIN_CREATION_TOAST_MS, TRANSFER_REDIRECT_MS } from '@/lib/timings';
import { institution } from '@/test/bank-data';
import { installDashboardBank } from '@/test/dashboard-data';
import { NETWORK_FAILURE } from '@/test/fake-bank';
import {
  expectWaitToDashboardThenGoNow,
  findToast,
  REAL_TIME_SLACK_MS,
  renderApp,
  toastDuration,
  toastRegion,
  useAdvancingFakeTimers,
} from '@/test/render-app';

const MISMATCH = 'We have detected that the PIN you entered does not match. Please Re-enter PIN.';
const CREATED = 'Your transaction PIN has been successfully created.';

// Each test starts with no first entry: it lives in the page's memory, which the tests share.
beforeEach(() => {
  forgetPortalStorage();
  session.signIn('user-token');
});
afterEach(() => {
  forgetPortalStorage();
});

type App = ReturnType<typeof renderApp>;

async function enterPin(app: App, pin: string) {
  await app.user.click(await screen.findByLabelText(/^(New|Confirm) PIN$/u, { selector: 'input' }));
  await app.user.keyboard(pin);
  await app.user.click(screen.getByRole('button', { name: 'Confirm' }));
}

/** Opens PIN creation, enters `first`, then `second` on the confirm step. */
async function enterPins(app: App, first: string, second: string) {
  await enterPin(app, first);
  await screen.findByRole('heading', { name: 'Confirm your transaction PIN' });
  await enterPin(app, second);
}

describe('PIN creation', () => {
  it('asks for 4 masked digits, then the same again on pincreation/new1', async () => {
    const bank = installDashboardBank({}, { haspin: false });
    const app = renderApp('/wp-user/dashboard/pincreation');
    expect(await screen.findByRole('heading', { name: 'Create your transaction PIN' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'New PIN' });
    const pin = screen.getByLabelText('New PIN', { selector: 'input' });
    expect(group).toContainElement(pin);
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('maxlength', '4');
    expect(group.querySelectorAll('[data-slot="otp-slot"]')).toHaveLength(4);

    await enterPin(app, '4321');
    expect(await screen.findByRole('heading', { name: 'Confirm your transaction PIN' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/pincreation/new1');
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/wp-user/dashboard/pincreation');
    expect(bank.callsTo('createPin')).toHaveLength(0);
  });

  it("keeps the first entry in the page's memory only: no storage of the browser holds its digits", async () => {
    const bank = installDashboardBank({}, { haspin: false });
    const app = renderApp('/wp-user/dashboard/pincreation');
    await enterPin(app, '1357');
    await screen.findByRole('heading', { name: 'Confirm your transaction PIN' });
    for (const storage of [window.sessionStorage, window.localStorage])
      for (const value of Object.values(storage)) expect(value).not.toContain('1357');
    expect(window.sessionStorage.length).toBe(0);

    // The second screen still has it to compare with.
    await enterPin(app, '1357');
    expect(await findToast(CREATED)).toBeInTheDocument();
    expect(bank.callsTo('createPin')[0]?.input).toEqual({ pin: '1357' });
  });

  it('wants all 4 digits before going on', async () => {
    installDashboardBank({}, { haspin: false });
    const app = renderApp('/wp-user/dashboard/pincreation');
    await enterPin(app, '43');
    expect(await screen.findByText('Enter all 4 digits of your PIN')).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/pincreation');
  });

  it('says the PINs do not match for 3 s, sends nothing and lets the user enter it again', async () => {
    const bank = installDashboardBank({}, { haspin: false });
    const app = renderApp('/wp-user/dashboard/pincreation');
    await enterPins(app, '4321', '4322');
    expect(await toastDuration(MISMATCH)).toBe(PIN_CREATION_TOAST_MS);
    expect(bank.callsTo('createPin')).toHaveLength(0);
    expect(app.path()).toBe('/wp-user/dashboard/pincreation/new1');
    const confirm = screen.getByLabelText('Confirm PIN', { selector: 'input' });
    expect(confirm).toHaveValue('');
    expect(confirm).toHaveFocus();

    await enterPin(app, '4321');
    expect(await findToast(CREATED)).toBeInTheDocument();
    expect(bank.callsTo('createPin')[0]?.input).toEqual({ pin: '4321' });
  });

  it('creates the PIN on a match, says so for 3 s and opens the dashboard after 3 s', async () => {
    useAdvancingFakeTimers();
    const bank = installDashboardBank({}, { haspin: false });
    const app = renderApp('/wp-user/dashboard/pincreation');
    await enterPins(app, '2580', '2580');

    expect(await toastDuration(CREATED)).toBe(PIN_CREATION_TOAST_MS);
    expect(bank.callsTo('createPin')[0]?.input).toEqual({ pin: '2580' });
    expect(bank.rejected).toEqual([]);
    expect(window.sessionStorage.length).toBe(0);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();

    // The toast stays 3 s, and the dashboard opens after 3 s (looked at with the slack the clock's real time needs).
    await act(() =>
      vi.advanceTimersByTimeAsync(Math.min(PIN_CREATION_TOAST_MS, TRANSFER_REDIRECT_MS) - REAL_TIME_SLACK_MS),
    );
    expect(app.path()).toBe('/wp-user/dashboard/pincreation/new1');
    expect(within(toastRegion()).getByText(CREATED)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(Math.max(PIN_CREATION_TOAST_MS, TRANSFER_REDIRECT_MS)));
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/dashboard');
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    // The PIN check was invalidated, so the home asked the bank again instead of trusting 'no PIN'.
    expect(bank.callsTo('checkPin').length).toBeGreaterThanOrEqual(2);
    expect(within(toastRegion()).queryByText(CREATED)).not.toBeInTheDocument();
  });

  it('says the wait after the creation leads to the dashboard, counts it down, and goes at once by its link, once', async () => {
    useAdvancingFakeTimers();
    const bank = installDashboardBank({}, { haspin: false });
    const app = renderApp('/wp-user/dashboard/pincreation');
    await enterPins(app, '2580', '2580');
    expect(await findToast(CREATED)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start again' })).not.toBeInTheDocument();
    await expectWaitToDashboardThenGoNow(app, TRANSFER_REDIRECT_MS);
    expect(bank.callsTo('createPin')).toHaveLength(1);
  });

  it('takes the mismatch toast away once the PIN is created: only the success stays', async () => {
    useAdvancingFakeTimers();
    installDashboardBank({}, { haspin: false });
    const app = renderApp('/wp-user/dashboard/pincreation');
    await enterPins(app, '4321', '4322');
    expect(await findToast(MISMATCH)).toBeInTheDocument();
    await app.user.keyboard('4321');
    // Still up when the matching PIN is confirmed: it goes with the success, not with its time.
    expect(within(toastRegion()).getByText(MISMATCH)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await findToast(CREATED)).toBeInTheDocument();
    expect(within(toastRegion()).queryByText(MISMATCH)).not.toBeInTheDocument();
  });

  it("takes a failed creation's toast away once a new try creates the PIN", async () => {
    useAdvancingFakeTimers();
    let tries = 0;
    const bank = installDashboardBank(
      {
        createPin: () => ((tries += 1) === 1 ? NETWORK_FAILURE : { status: 'success' }),
      },
      { haspin: false },
    );
    const app = renderApp('/wp-user/dashboard/pincreation');
    await enterPins(app, '2580', '2580');
    expect(await findToast('Something went wrong!')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    });
    expect(within(toastRegion()).getByText('Something went wrong!')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await findToast(CREATED)).toBeInTheDocument();
    expect(bank.callsTo('createPin')).toHaveLength(2);
    expect(within(toastRegion()).queryByText('Something went wrong!')).not.toBeInTheDocument();
  });

  it("keeps the first entry when the customer leaves pincreation/new1 and comes back by the browser's Back", async () => {
    installDashboardBank({}, { haspin: false });
    const app = renderApp('/wp-user/dashboard/pincreation');
    await enterPin(app, '1357');
    await screen.findByRole('heading', { name: 'Confirm your transaction PIN' });
    await app.router.navigate({ to: '/dashboard/contact' });
    await screen.findByRole('heading', { name: 'Help & Support' });

    app.router.history.back();
    expect(await screen.findByRole('heading', { name: 'Confirm your transaction PIN' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/pincreation/new1');
    await enterPin(app, '1357');
    expect(await findToast(CREATED)).toBeInTheDocument();
  });

  it('forgets the first entry at Log Out: pincreation/new1 then starts again on the first step', async () => {
    installDashboardBank({}, { haspin: false });
    const first = renderApp('/wp-user/dashboard/pincreation');
    await enterPin(first, '1357');
    await screen.findByRole('heading', { name: 'Confirm your transaction PIN' });
    await first.user.click(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: 'Log Out' }),
    );
    expect(await screen.findByText('Logged out !')).toBeInTheDocument();
    first.unmount();

    session.signIn('user-token');
    const app = renderApp('/wp-user/dashboard/pincreation/new1');
    expect(await screen.findByRole('heading', { name: 'Create your transaction PIN' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/pincreation');
  });

  it('forgets the first entry when the session ends another way (the bank refused the token, an idle end)', async () => {
    installDashboardBank({}, { haspin: false });
    const first = renderApp('/wp-user/dashboard/pincreation');
    await enterPin(first, '1357');
    await screen.findByRole('heading', { name: 'Confirm your transaction PIN' });
    first.unmount();
    endSession('expired');

    session.signIn('user-token');
    const app = renderApp('/wp-user/dashboard/pincreation/new1');
    expect(await screen.findByRole('heading', { name: 'Create your transaction PIN' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/pincreation');
  });

  it('sends pincreation/new1 without a first entry back to the first step', async () => {
    installDashboardBank({}, { haspin: false });
    const app = renderApp('/wp-user/dashboard/pincreation/new1');
    expect(await screen.findByRole('heading', { name: 'Create your transaction PIN' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/pincreation');
  });

  it('sends a user who already has a PIN to settings', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/pincreation');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/settings');
  });

  it("shows the bank's message for 3 s when the PIN cannot be created, and stays", async () => {
    const bank = installDashboardBank(
      {
        createPin: () =>
          Response.json(
            { error: true, message: 'You already have a transaction PIN. Change it in Settings.' },
            { status: 409 },
          ),
      },
      { haspin: false },
    );
    const app = renderApp('/wp-user/dashboard/pincreation');
    await enterPins(app, '2580', '2580');
    expect(await toastDuration('You already have a transaction PIN. Change it in Settings.')).toBe(
      PIN_CREATION_TOAST_MS,
    );
    expect(bank.callsTo('createPin')).toHaveLength(1);
    expect(app.path()).toBe('/wp-user/dashboard/pincreation/new1');
  });

  describe('confirmed twice while the PIN is being created (a double click with no gap, Enter twice)', () => {
    const ALREADY = 'You already have a transaction PIN. Change it in Settings.';

    /** The bank as it is: a second creation is refused, the PIN being made already. */
    function bankThatMakesOnePin() {
      let made = 0;
      return installDashboardBank(
        {
          createPin: () =>
            (made += 1) === 1
              ? { status: 'success' }
              : Response.json({ error: true, message: ALREADY }, { status: 409 }),
          checkPin: () => ({ haspin: made > 0 }),
          getInstitution: () => institution({ haspin: made > 0 }),
        },
        { haspin: false },
      );
    }

    async function toConfirmStep(app: App) {
      await enterPin(app, '2580');
      await screen.findByRole('heading', { name: 'Confirm your transaction PIN' });
      await app.user.click(screen.getByLabelText('Confirm PIN', { selector: 'input' }));
      await app.user.keyboard('2580');
    }

    it('sends one request and ends on the success, not on the refusal of a second', async () => {
      useAdvancingFakeTimers();
      const bank = bankThatMakesOnePin();
      const app = renderApp('/wp-user/dashboard/pincreation');
      await toConfirmStep(app);
      const confirm = screen.getByRole('button', { name: 'Confirm' });
      fireEvent.click(confirm);
      fireEvent.click(confirm);
      expect(await findToast(CREATED)).toBeInTheDocument();
      expect(bank.callsTo('createPin')).toHaveLength(1);
      expect(within(toastRegion()).queryByText(ALREADY)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(TRANSFER_REDIRECT_MS + 100));
      await waitFor(() => {
        expect(app.path()).toBe('/wp-user/dashboard');
      });
      expect(bank.callsTo('createPin')).toHaveLength(1);
    });

    it('sends one request for a double click and for Enter pressed twice', async () => {
      const bank = bankThatMakesOnePin();
      const app = renderApp('/wp-user/dashboard/pincreation');
      await toConfirmStep(app);
      await app.user.keyboard('{Enter}{Enter}');
      await app.user.dblClick(screen.getByRole('button', { name: 'Confirm' }));
      expect(await findToast(CREATED)).toBeInTheDocument();
      expect(bank.callsTo('createPin')).toHaveLength(1);
      expect(within(toastRegion()).queryByText(ALREADY)).not.toBeInTheDocument();
    });
  });

  it("says 'Something went wrong!' for 3 s when the PIN creation gets no reply", async () => {
    installDashboardBank({ createPin: () => NETWORK_FAILURE }, { haspin: false });
    const app = renderApp('/wp-user/dashboard/pincreation');
    await enterPins(app, '2580', '2580');
    expect(await toastDuration('Something went wrong!')).toBe(PIN_CREATION_TOAST_MS);
    expect(app.path()).toBe('/wp-user/dashboard/pincreation/new1');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });
});
