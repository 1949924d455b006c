import { pngBlob } from '@ebank/contract/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { cryptoForm } from '@/test/bank-data';
import { errorReply, type BankHandlers } from '@/test/fake-bank';
import { paymentForm, paymentPending, signedInBank } from '@/test/money-data';
import { findToast, renderApp, useAdvancingFakeTimers } from '@/test/render-app';

beforeEach(() => {
  useAdvancingFakeTimers();
});

function setup(handlers: BankHandlers = {}) {
  const bank = signedInBank({ createPayment: () => paymentPending(), ...handlers });
  const app = renderApp('/wp-user/dashboard/make-payment/crypto');
  return { bank, app };
}

type App = ReturnType<typeof renderApp>;

async function choose(app: App, label: string, option: string) {
  await app.user.click(await screen.findByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

describe('crypto payment', () => {
  it('offers the purposes the bank lists and the coin types with their addresses', async () => {
    const { app } = setup();
    const purpose = await screen.findByRole('combobox', { name: 'Purpose' });
    expect(purpose).toHaveTextContent('Select a purpose');
    await app.user.click(purpose);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Account top-up',
      'Loan repayment',
    ]);
    await app.user.keyboard('{Escape}');
    await choose(app, 'Crypto type', 'USDT (TRC20)');
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue(cryptoForm().addresses[2]);
  });

  it('needs a purpose', async () => {
    const { app, bank } = setup();
    await app.user.click(await screen.findByRole('button', { name: 'Submit Payment' }));
    expect(await screen.findByText('Choose the purpose of the payment')).toBeInTheDocument();
    expect(bank.callsTo('createPayment')).toHaveLength(0);
  });

  it("sends the purpose, type, amount and proof, then says 'Payment Pending!'", async () => {
    const { app, bank } = setup();
    await choose(app, 'Purpose', 'Loan repayment');
    await choose(app, 'Crypto type', 'ETH');
    await app.user.type(screen.getByRole('spinbutton', { name: 'Amount' }), '75');
    await app.user.upload(screen.getByLabelText('Payment Proof'), pngBlob());
    expect(screen.getByLabelText('File Uploaded')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    const toast = await findToast('Payment Pending!');
    expect(toast.closest('[data-slot=toast]')).toHaveAttribute('data-variant', 'warning');
    expect(bank.rejected).toEqual([]);
    expect(bank.callsTo('createPayment')[0]?.input).toMatchObject({
      purpose: 'Loan repayment',
      type: 'ETH',
      amount: 75,
      depositPic: { mimetype: 'image/png' },
    });
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Purpose' })).toHaveTextContent('Select a purpose');
    });
  });

  it("says 'Something went wrong!' when the bank fails without a reason", async () => {
    const { app } = setup({ createPayment: () => errorReply('', 500) });
    await choose(app, 'Purpose', 'Account top-up');
    await app.user.type(screen.getByRole('spinbutton', { name: 'Amount' }), '75');
    await app.user.upload(screen.getByLabelText('Payment Proof'), pngBlob());
    await app.user.click(screen.getByRole('button', { name: 'Submit Payment' }));
    expect(await findToast('Something went wrong!')).toBeInTheDocument();
  });

  it('lists the past payments with their status', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Payments' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row).toHaveTextContent('ETH');
    expect(row).toHaveTextContent('$150.00');
    expect(row?.querySelector('[data-slot=status-badge]')).toHaveAttribute('data-status', 'confirmed');
  });
});

describe("the payment's amount", () => {
  it("is in the account's currency, by the symbol the bank sends", async () => {
    setup({ getPaymentForm: () => paymentForm({ currency: '£' }) });
    expect(await screen.findByRole('spinbutton', { name: 'Amount' })).toHaveAccessibleDescription(
      "In your account's currency (£), not in the coin.",
    );
  });
});
