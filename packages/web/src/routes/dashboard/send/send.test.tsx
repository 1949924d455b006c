import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRM_TOAST_MS } from '@/lib/timings';
import { institution } from '@/test/bank-data';
import { errorReply, type BankHandlers } from '@/test/fake-bank';
import { serviceCharge, signedInBank, TRANSFER_LABELS, transferField, transferForm } from '@/test/money-data';
import { renderApp, toastDuration, toastRegion, useAdvancingFakeTimers } from '@/test/render-app';
import { TRANSFER_STORAGE_KEY } from './-components/transfer';

const FORM = '/wp-user/dashboard/send';
const CONFIRM = '/wp-user/dashboard/send/confirm';

beforeEach(() => {
  useAdvancingFakeTimers();
  window.sessionStorage.clear();
});

function setup(handlers: BankHandlers = {}, path = FORM) {
  const bank = signedInBank(handlers);
  const app = renderApp(path);
  return { bank, app };
}

type App = ReturnType<typeof renderApp>;

async function fillForm(app: App, values = transferForm()) {
  await screen.findByRole('textbox', { name: 'Bank' });
  for (const [name, value] of Object.entries(values) as [keyof typeof TRANSFER_LABELS, string][]) {
    await app.user.clear(transferField(name));
    await app.user.type(transferField(name), value);
  }
}

/** Keeps a transfer as the form would have left it. */
function keep(fields: Record<string, string> = transferForm(), display?: string) {
  window.sessionStorage.setItem(TRANSFER_STORAGE_KEY, JSON.stringify({ fields, display }));
}

/** Every text the page shows from now on, one entry per change of the page. */
function watchText() {
  const shown: string[] = [];
  const observer = new MutationObserver(() => {
    shown.push(document.body.textContent);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return shown;
}

const stored = () => JSON.parse(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY) ?? 'null') as unknown;

describe('the transfer form', () => {
  it('sends a customer without a PIN to PIN creation', async () => {
    const { app } = setup({ checkPin: () => ({ haspin: false }) });
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/dashboard/pincreation');
    });
  });

  it('asks for every field, each marked required', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Bank Transfer', level: 1 })).toBeInTheDocument();
    for (const name of Object.keys(TRANSFER_LABELS) as (keyof typeof TRANSFER_LABELS)[]) {
      const field = transferField(name);
      expect(field).toBeInTheDocument();
      expect(field.closest('[data-slot=form-item]')?.querySelector('label')).toHaveTextContent(
        `${TRANSFER_LABELS[name]}*`,
      );
    }
    expect(screen.getByText(/Fields marked \* are required/u)).toBeInTheDocument();
    // The currency is the payee's; the amount is the account's money.
    expect(transferField('currency')).toHaveAccessibleDescription("The payee's account currency");
  });

  it('says what is missing or wrong, and does not move on', async () => {
    const { app } = setup();
    await app.user.click(await screen.findByRole('button', { name: 'Continue' }));
    for (const message of [
      'Bank is required',
      'Swift code is required',
      'Currency is required',
      'Routing number is required',
      'Country is required',
      'Account number is required',
      'Account holder name is required',
      'Enter the amount',
      'Note is required',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(transferField('bank')).toHaveAttribute('aria-invalid', 'true');

    await fillForm(app, transferForm({ swift: 'FEX', amount: '12.345', currency: 'US DOLLARS!' }));
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the 8 or 11 character swift code, such as FEXBUS33')).toBeInTheDocument();
    expect(screen.getByText('Enter an amount such as 10.50, with at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByText('Currency must be at most 10 characters')).toBeInTheDocument();
    expect(app.path()).toBe(FORM);
  });

  it('keeps what is typed for the tab, so a reload loses nothing', async () => {
    const first = setup();
    await fillForm(first.app, transferForm({ amount: '42' }));
    expect(stored()).toEqual({ fields: transferForm({ amount: '42' }) });
    first.app.unmount();

    setup();
    expect(await screen.findByRole('textbox', { name: 'Bank' })).toHaveValue('First Example Bank');
    expect(transferField('act_hold_name')).toHaveValue('Jane Cooper');
    expect(transferField('amount')).toHaveValue(42);
    expect(transferField('note')).toHaveValue('Invoice 42');
  });

  it('starts over with an empty form and nothing kept', async () => {
    keep();
    const { app } = setup();
    expect(await screen.findByRole('textbox', { name: 'Bank' })).toHaveValue('First Example Bank');
    await app.user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(transferField('bank')).toHaveValue('');
    expect(transferField('amount')).toHaveValue(null);
    expect(window.sessionStorage.getItem(TRANSFER_STORAGE_KEY)).toBeNull();
  });

  it('takes the keyboard from the note to Continue, and Start over only after it', async () => {
    keep();
    const { app } = setup();
    await screen.findByRole('textbox', { name: 'Bank' });
    transferField('note').focus();
    await app.user.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await app.user.tab();
    expect(screen.getByRole('button', { name: 'Start over' })).toHaveFocus();
  });

  it('goes on to the review with the transfer and its display amount kept', async () => {
    const { app } = setup();
    await fillForm(app, transferForm({ amount: '1234.5' }));
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Review your transfer' })).toBeInTheDocument();
    expect(app.path()).toBe(CONFIRM);
    expect(stored()).toEqual({ fields: transferForm({ amount: '1234.5' }), display: '$1,234.50' });
  });

  describe('the service charge, as the amount is typed', () => {
    const amountNote = () =>
      transferField('amount').closest('[data-slot=form-item]')?.querySelector('[data-slot=form-description]');

    it("says the bank's percent before an amount, then the charge and the amount received", async () => {
      const { app, bank } = setup({ getServiceCharge: () => serviceCharge(2.5, 5120) });
      await screen.findByRole('spinbutton', { name: 'Amount' });
      await waitFor(() => {
        expect(transferField('amount')).toHaveAccessibleDescription(
          "In your account's currency ($). A 2.5% service charge is taken from the amount.",
        );
      });
      await app.user.type(transferField('amount'), '1000');
      expect(transferField('amount')).toHaveAccessibleDescription(
        "In your account's currency ($). Service charge (2.5%): $25.00. Amount received: $975.00.",
      );
      await app.user.clear(transferField('amount'));
      await app.user.type(transferField('amount'), '123.45');
      // The bank's arithmetic, in cents: 2.5% of $123.45 is $3.08625, which it books as $3.09.
      expect(amountNote()).toHaveTextContent('Service charge (2.5%): $3.09. Amount received: $120.36.');
      expect(bank.callsTo('getServiceCharge')).toHaveLength(1);
    });

    it('takes the default 10 percent when the bank gives none, in the bank’s currency', async () => {
      const { app } = setup({
        getServiceCharge: () => serviceCharge(null, 5120),
        getInstitution: () => institution({ currency: '€' }),
      });
      await app.user.type(await screen.findByRole('spinbutton', { name: 'Amount' }), '1000');
      await waitFor(() => {
        expect(amountNote()).toHaveTextContent('Service charge (10%): €100.00. Amount received: €900.00.');
      });
    });

    it('goes back to the percent alone while the amount is not one', async () => {
      const { app } = setup();
      await app.user.type(await screen.findByRole('spinbutton', { name: 'Amount' }), '12.345');
      await waitFor(() => {
        expect(amountNote()).toHaveTextContent('A 10% service charge is taken from the amount.');
      });
    });

    it('says nothing of it when the bank cannot give it (the review says it)', async () => {
      const { app } = setup({ getServiceCharge: () => errorReply('Service charges cannot be read right now', 503) });
      await app.user.type(await screen.findByRole('spinbutton', { name: 'Amount' }), '1000');
      expect(await toastDuration('Service charges cannot be read right now')).toBe(CONFIRM_TOAST_MS);
      expect(amountNote()).toHaveTextContent(/^In your account's currency \(\$\)\.$/u);
      expect(screen.queryByText(/Amount received|service charge is taken/u)).not.toBeInTheDocument();
    });

    it('is what the review then shows', async () => {
      const { app } = setup({ getServiceCharge: () => serviceCharge(7.5, 5120) });
      await fillForm(app, transferForm({ amount: '250' }));
      await waitFor(() => {
        expect(amountNote()).toHaveTextContent('Service charge (7.5%): $18.75. Amount received: $231.25.');
      });
      await app.user.click(screen.getByRole('button', { name: 'Continue' }));
      const summary = within(await screen.findByLabelText('Charges'));
      expect(summary.getByText('Service charge (7.5%)').nextElementSibling).toHaveTextContent('$18.75');
      expect(summary.getByText('Amount received').nextElementSibling).toHaveTextContent('$231.25');
    });
  });

  it('lists the transfers already sent', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Your Transfers' });
    expect(within(list).getByText('$330.00')).toBeInTheDocument();
  });
});

describe('the transfer review', () => {
  it('shows every field, the fee at the default 10 percent and the amount received', async () => {
    keep(transferForm({ amount: '250' }));
    setup({ getServiceCharge: () => serviceCharge(null, 5120) }, CONFIRM);
    expect(await screen.findByRole('heading', { name: 'Review your transfer' })).toBeInTheDocument();
    for (const [label, value] of [
      ['Bank', 'First Example Bank'],
      ['Swift code', 'FEXBUS33'],
      ['Currency', 'USD'],
      ['Routing number', '026009593'],
      ['Country', 'United States'],
      ['Account number', '000123456789'],
      ['Account holder name', 'Jane Cooper'],
      ['Amount', '$250.00'],
      ['Note', 'Invoice 42'],
    ] as const) {
      const term = screen.getAllByText(label, { selector: 'dt' })[0]!;
      expect(term.nextElementSibling).toHaveTextContent(value);
    }
    const summary = within(screen.getByLabelText('Charges'));
    expect(summary.getByText('Service charge (10%)').nextElementSibling).toHaveTextContent('$25.00');
    expect(summary.getByText('Amount received').nextElementSibling).toHaveTextContent('$225.00');
    expect(screen.getByText('$5,120.00')).toBeInTheDocument();
    // The amounts are the account's money, whatever currency the payee's account is in.
    expect(screen.getByText("Amounts are in your account's currency ($).")).toBeInTheDocument();
  });

  it("uses the bank's service charge percent", async () => {
    keep(transferForm({ amount: '1000' }));
    setup({ getServiceCharge: () => serviceCharge(2.5, 5120) }, CONFIRM);
    const summary = within(await screen.findByLabelText('Charges'));
    expect(summary.getByText('Service charge (2.5%)').nextElementSibling).toHaveTextContent('$25.00');
    expect(summary.getByText('Amount received').nextElementSibling).toHaveTextContent('$975.00');
  });

  it("says 'Insufficient balance' above the balance, and Confirmed stays off", async () => {
    keep(transferForm({ amount: '6000' }));
    setup({ getServiceCharge: () => serviceCharge(10, 5120) }, CONFIRM);
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(screen.getByRole('button', { name: 'Confirmed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Confirmed' })).toHaveAccessibleDescription(
      'The amount must be below your available balance.',
    );
  });

  it('keeps Confirmed off at exactly the balance, and says why beside it', async () => {
    keep(transferForm({ amount: '5120' }));
    setup({ getServiceCharge: () => serviceCharge(10, 5120) }, CONFIRM);
    const confirmed = await screen.findByRole('button', { name: 'Confirmed' });
    expect(confirmed).toBeDisabled();
    expect(screen.queryByText('Insufficient balance')).not.toBeInTheDocument();
    expect(confirmed).toHaveAccessibleDescription('The amount must be below your available balance.');
    // Next to the button, in the same group.
    expect(confirmed.parentElement).toHaveTextContent('The amount must be below your available balance.');
  });

  it('takes the keyboard to Confirmed before Edit', async () => {
    keep(transferForm({ amount: '80' }), '$80.00');
    const { app } = setup({ getServiceCharge: () => serviceCharge(10, 5120) }, CONFIRM);
    const confirmed = await screen.findByRole('button', { name: 'Confirmed' });
    await waitFor(() => {
      expect(confirmed).toBeEnabled();
    });
    confirmed.focus();
    await app.user.tab();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveFocus();
  });

  it('goes on to the PIN below the balance', async () => {
    keep(transferForm({ amount: '5119.99' }));
    const { app } = setup({ getServiceCharge: () => serviceCharge(10, 5120) }, CONFIRM);
    const confirmed = await screen.findByRole('button', { name: 'Confirmed' });
    expect(confirmed).toBeEnabled();
    expect(confirmed).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText('The amount must be below your available balance.')).not.toBeInTheDocument();
    expect(screen.queryByText('Insufficient balance')).not.toBeInTheDocument();
    await app.user.click(confirmed);
    expect(await screen.findByRole('heading', { name: 'Enter your transaction PIN' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/send/pin');
  });

  it('survives a reload and goes back to the filled form to edit', async () => {
    keep(transferForm({ amount: '80' }), '$80.00');
    const { app } = setup({}, CONFIRM);
    expect(await screen.findByRole('heading', { name: 'Review your transfer' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('textbox', { name: 'Bank' })).toHaveValue('First Example Bank');
    expect(transferField('amount')).toHaveValue(80);
  });

  it('reviews the transfer as it was last changed, on every visit', async () => {
    keep(transferForm({ amount: '80' }), '$80.00');
    const { app } = setup({}, CONFIRM);
    const charges = () => screen.findByLabelText('Charges');
    expect(within(await charges()).getByText('Amount received').nextElementSibling).toHaveTextContent('$72.00');
    await app.user.click(screen.getByRole('link', { name: 'Edit' }));
    await app.user.clear(await screen.findByRole('spinbutton', { name: 'Amount' }));
    await app.user.type(transferField('amount'), '120');
    const shown = watchText();
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(await charges()).getByText('Amount received').nextElementSibling).toHaveTextContent('$108.00');
    expect(shown.some((text) => text.includes('$72.00'))).toBe(false);
  });

  it("says 'Something went wrong!' when going back to a review whose transfer was since left incomplete", async () => {
    keep(transferForm({ amount: '80' }), '$80.00');
    const { app } = setup({}, CONFIRM);
    expect(await screen.findByLabelText('Charges')).toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Edit' }));
    await app.user.clear(await screen.findByRole('textbox', { name: 'Bank' }));
    await waitFor(() => {
      expect(stored()).toMatchObject({ fields: { bank: '' } });
    });
    const shown = watchText();
    act(() => {
      app.router.history.back();
    });
    expect(await toastDuration('Something went wrong!')).toBe(CONFIRM_TOAST_MS);
    await waitFor(() => {
      expect(app.path()).toBe(FORM);
    });
    expect(shown.some((text) => text.includes('Review your transfer'))).toBe(false);
  });

  it.each([
    ['nothing kept', () => undefined],
    ['a broken record', () => window.sessionStorage.setItem(TRANSFER_STORAGE_KEY, '{not json')],
    ['an invalid transfer', () => keep(transferForm({ amount: '-5', swift: '' }))],
  ])("says 'Something went wrong!' for 2 s and goes back to the form with %s", async (_, prepare) => {
    prepare();
    const { app } = setup({}, CONFIRM);
    expect(await toastDuration('Something went wrong!')).toBe(CONFIRM_TOAST_MS);
    await waitFor(() => {
      expect(app.path()).toBe(FORM);
    });
    expect(await screen.findByRole('textbox', { name: 'Bank' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_TOAST_MS + 500));
    await waitFor(() => {
      expect(within(toastRegion()).queryByText('Something went wrong!')).not.toBeInTheDocument();
    });
  });

  it("shows the bank's message for 2 s when the service charge cannot be read", async () => {
    keep(transferForm({ amount: '100' }));
    setup({ getServiceCharge: () => errorReply('Service charges cannot be read right now', 503) }, CONFIRM);
    expect(await toastDuration('Service charges cannot be read right now')).toBe(CONFIRM_TOAST_MS);
  });

  it('shows the amounts in the bank’s currency', async () => {
    keep(transferForm({ amount: '100' }));
    setup({ getInstitution: () => institution({ currency: '€' }) }, CONFIRM);
    const summary = within(await screen.findByLabelText('Charges'));
    expect(summary.getByText('Amount received').nextElementSibling).toHaveTextContent('€90.00');
  });
});
