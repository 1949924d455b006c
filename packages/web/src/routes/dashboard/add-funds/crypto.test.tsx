import { notImages, pngBlob } from '@ebank/contract/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cryptoForm, requestRow } from '@/test/bank-data';
import { errorReply, NETWORK_FAILURE, type BankHandlers } from '@/test/fake-bank';
import { paymentPending, signedInBank } from '@/test/money-data';
import { findToast, renderApp, toastRegion, useAdvancingFakeTimers } from '@/test/render-app';

const PATH = '/wp-user/dashboard/add-funds/crypto';
const [BTC, ETH, USDT] = cryptoForm().addresses;

beforeEach(() => {
  useAdvancingFakeTimers();
});

function setup(handlers: BankHandlers = {}) {
  const bank = signedInBank({ createCryptoDeposit: () => paymentPending(), ...handlers });
  const app = renderApp(PATH);
  return { bank, app };
}

type App = ReturnType<typeof renderApp>;

async function chooseType(app: App, type: string) {
  await app.user.click(await screen.findByRole('combobox', { name: 'Crypto type' }));
  await app.user.click(await screen.findByRole('option', { name: type }));
}

async function fillDeposit(app: App, amount = '250.50') {
  await app.user.type(await screen.findByRole('spinbutton', { name: 'Amount' }), amount);
  await app.user.upload(screen.getByLabelText('Payment Proof'), pngBlob('receipt.png'));
}

const address = () => screen.getByRole('textbox', { name: 'Address' });

describe('crypto deposit', () => {
  it("is headed 'Crypto Deposit', for the trading accounts, and explains the method", async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Crypto Deposit', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Deposit into your trading accounts')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Methods' })).toBeInTheDocument();
    expect(screen.getByText('Pay to the displayed address, then return and fill the form.')).toBeInTheDocument();
  });

  it('offers the coin types and shows the first address, read-only, with Copy', async () => {
    const { app } = setup();
    const trigger = await screen.findByRole('combobox', { name: 'Crypto type' });
    expect(trigger).toHaveTextContent('BTC');
    expect(address()).toHaveValue(BTC);
    expect(address()).toHaveAttribute('readonly');
    await app.user.click(trigger);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['BTC', 'ETH', 'USDT (TRC20)']);
    await app.user.keyboard('{Escape}');
    await app.user.click(screen.getByRole('button', { name: 'Copy Address' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(BTC);
    expect(await findToast('Copied to clipboard')).toBeInTheDocument();
  });

  it('switches the address with the type', async () => {
    const { app } = setup();
    await chooseType(app, 'ETH');
    expect(address()).toHaveValue(ETH);
    await chooseType(app, 'USDT (TRC20)');
    expect(address()).toHaveValue(USDT);
    await chooseType(app, 'BTC');
    expect(address()).toHaveValue(BTC);
  });

  it('takes the address by index when the bank gives none by type', async () => {
    const { app } = setup({ getCryptoDepositForm: () => cryptoForm({ addresses2: { BTC: 'bc1-by-type' } }) });
    expect(await screen.findByRole('textbox', { name: 'Address' })).toHaveValue('bc1-by-type');
    await chooseType(app, 'ETH');
    expect(address()).toHaveValue(ETH);
  });

  // The spec's hint ('SVG, PNG, JPG or GIF (max. 800x400px)') named a type the bank refuses (decision 0005):
  // the hint says what the bank accepts, from the contract's limits.
  it("accepts images as the proof, hints what the bank accepts and says 'File Uploaded' once chosen", async () => {
    const { app } = setup();
    const input = await screen.findByLabelText('Payment Proof');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/gif,image/webp');
    expect(screen.getByText('PNG, JPG, GIF or WebP (max. 5 MB, 8000 × 8000 px)')).toBeInTheDocument();
    expect(screen.queryByText(/SVG/u)).not.toBeInTheDocument();
    expect(screen.queryByText('File Uploaded')).not.toBeInTheDocument();
    await app.user.upload(input, pngBlob('receipt.png'));
    expect(await screen.findByLabelText('File Uploaded')).toBe(input);
    expect(screen.getByText('receipt.png')).toBeInTheDocument();
  });

  it("refuses an SVG at once, even one named .png: the label is not 'File Uploaded' and says why", async () => {
    const { app, bank } = setup();
    const input = await screen.findByLabelText('Payment Proof');
    const disguised = new File([notImages.svg], 'receipt.png', { type: 'image/png' });
    await app.user.upload(input, disguised);
    expect(
      await screen.findByText('That picture could not be used: it must be a PNG, JPG, GIF or WebP image.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Payment Proof')).toBe(input);
    expect(screen.queryByText('File Uploaded')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    // The picker offers no SVG; one dropped in anyway is refused as well.
    const anyFile = userEvent.setup({ applyAccept: false, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await anyFile.upload(input, new File([notImages.svg], 'receipt.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('Choose a PNG, JPG, GIF or WebP image')).toBeInTheDocument();
    expect(screen.queryByText('File Uploaded')).not.toBeInTheDocument();

    // A good image after a refused one is accepted.
    await app.user.upload(input, pngBlob('receipt.png'));
    expect(await screen.findByLabelText('File Uploaded')).toBe(input);
    expect(bank.callsTo('createCryptoDeposit')).toHaveLength(0);
  });

  it("a proof the bank refuses: the label goes back from 'File Uploaded' and says why, in plain words", async () => {
    const message = 'Invalid newcd request: depositPic: must be at most 8000 × 8000 pixels (this one is 9000 × 10)';
    const { app } = setup({
      createCryptoDeposit: () =>
        Response.json(
          { error: true, message, code: 'invalid_request', issues: [{ field: 'depositPic', message }] },
          { status: 400 },
        ),
    });
    await fillDeposit(app);
    expect(await screen.findByLabelText('File Uploaded')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    const plain =
      'That picture could not be used: it must be a PNG, JPG, GIF or WebP image up to 5 MB and 8000 × 8000 pixels.';
    expect(await findToast(plain)).toBeInTheDocument();
    const input = await screen.findByLabelText('Payment Proof');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('File Uploaded')).not.toBeInTheDocument();
    expect(within(input.closest('[data-slot=form-item]') ?? document.body).getByText(plain)).toBeInTheDocument();
    expect(screen.queryByText(/depositPic|newcd|request:/u)).not.toBeInTheDocument();
  });

  it('asks for an amount above 0 with at most 2 decimals and the proof, and sends nothing without them', async () => {
    const { app, bank } = setup();
    const submit = await screen.findByRole('button', { name: 'Submit Deposit' });
    await app.user.click(submit);
    expect(await screen.findByText('Enter the amount')).toBeInTheDocument();
    expect(screen.getByText('Upload the proof of your payment')).toBeInTheDocument();
    const amount = screen.getByRole('spinbutton', { name: 'Amount' });
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await app.user.type(amount, '0');
    await app.user.click(submit);
    expect(await screen.findByText('The amount must be greater than 0')).toBeInTheDocument();
    await app.user.clear(amount);
    await app.user.type(amount, '10.505');
    await app.user.click(submit);
    expect(await screen.findByText('Enter an amount such as 10.50, with at most 2 decimals')).toBeInTheDocument();
    expect(bank.callsTo('createCryptoDeposit')).toHaveLength(0);
  });

  it("submits the type, amount, address and proof; 'Payment Pending!' resets the form and refreshes the list", async () => {
    let transactions = [requestRow()];
    const { app, bank } = setup({
      getCryptoDepositForm: () => cryptoForm({ transactions }),
      createCryptoDeposit: () => {
        transactions = [requestRow({ type: 'ETH', amount: 250.5, status: 'pending' }), ...transactions];
        return paymentPending();
      },
    });
    await chooseType(app, 'ETH');
    await fillDeposit(app);
    await app.user.click(screen.getByRole('button', { name: 'Submit Deposit' }));

    const toast = await findToast('Payment Pending!');
    expect(toast.closest('[data-slot=toast]')).toHaveAttribute('data-variant', 'warning');
    expect(bank.rejected).toEqual([]);
    const [call] = bank.callsTo('createCryptoDeposit');
    expect(call?.input).toMatchObject({
      type: 'ETH',
      amount: 250.5,
      address: ETH,
      depositPic: { mimetype: 'image/png', size: pngBlob().size },
    });
    // A fresh form: the first type, no amount, no file.
    await waitFor(() => {
      expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(null);
    });
    expect(screen.getByRole('combobox', { name: 'Crypto type' })).toHaveTextContent('BTC');
    expect(screen.getByLabelText('Payment Proof')).toBeInTheDocument();
    expect(screen.queryByText('receipt.png')).not.toBeInTheDocument();
    // The list is read again.
    const list = await screen.findByRole('list', { name: 'Crypto Transactions' });
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    });
    expect(within(list).getByText('$250.50')).toBeInTheDocument();
    expect(bank.callsTo('getCryptoDepositForm').length).toBeGreaterThanOrEqual(2);
  });

  it.each(['error', 'info', 'warning'])(
    "says 'Something went wrong!' when the reply's icon is '%s', and keeps the form",
    async (icon) => {
      const { app } = setup({ createCryptoDeposit: () => ({ icon }) });
      await fillDeposit(app, '40');
      await app.user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
      const toast = await findToast('Something went wrong!');
      expect(toast.closest('[data-slot=toast]')).toHaveAttribute('data-variant', 'error');
      expect(within(toastRegion()).queryByText('Payment Pending!')).not.toBeInTheDocument();
      expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(40);
      expect(screen.getByLabelText('File Uploaded')).toBeInTheDocument();
    },
  );

  it("shows the bank's refusal, or 'Something went wrong!' when it gives no reason", async () => {
    const { app } = setup({ createCryptoDeposit: () => errorReply('', 500) });
    await fillDeposit(app);
    await app.user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    expect(await findToast('Something went wrong!')).toBeInTheDocument();
  });

  it('says nothing when the submission gets no reply at all', async () => {
    const { app, bank } = setup({ createCryptoDeposit: () => NETWORK_FAILURE });
    await fillDeposit(app);
    await app.user.click(screen.getByRole('button', { name: 'Submit Deposit' }));
    await waitFor(() => {
      expect(bank.callsTo('createCryptoDeposit')).toHaveLength(1);
    });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(within(toastRegion()).queryByText(/.+/u)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Deposit' })).toBeEnabled();
  });

  it('shows an empty page, with no message, when the form gets no reply', async () => {
    setup({ getCryptoDepositForm: () => NETWORK_FAILURE });
    // A read with no reply is tried again twice before it counts as empty.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByRole('heading', { name: 'Crypto Deposit', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('There is nothing to show here right now.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Crypto Transactions' })).not.toBeInTheDocument();
    expect(within(toastRegion()).queryByText(/.+/u)).not.toBeInTheDocument();
  });

  it("lists the past deposits under 'Crypto Transactions' with status badges", async () => {
    setup({
      getCryptoDepositForm: () =>
        cryptoForm({
          transactions: [
            requestRow({ type: 'ETH', amount: 500, status: 'pending', created_at: '2026-11-19T10:00:00.000Z' }),
            requestRow({ type: 'BTC', amount: 1200, status: 'confirmed' }),
            requestRow({ type: 'USDT (TRC20)', amount: 250, status: 'declined' }),
          ],
        }),
    });
    const list = await screen.findByRole('list', { name: 'Crypto Transactions' });
    expect(screen.getByRole('heading', { name: 'Crypto Transactions' })).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('[data-slot=status-badge]')?.getAttribute('data-status'))).toEqual([
      'pending',
      'confirmed',
      'declined',
    ]);
    expect(within(rows[0]!).getByText('$500.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('19/11/2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('declined')).toBeInTheDocument();
  });

  it("has no 'Crypto Transactions' without any", async () => {
    setup({ getCryptoDepositForm: () => cryptoForm({ transactions: [] }) });
    await screen.findByRole('combobox', { name: 'Crypto type' });
    expect(screen.queryByRole('heading', { name: 'Crypto Transactions' })).not.toBeInTheDocument();
  });
});

describe("the amount, in the account's currency", () => {
  it('says the amount is in the currency the bank sends, keeping the label Amount', async () => {
    setup();
    const amount = await screen.findByRole('spinbutton', { name: 'Amount' });
    expect(amount).toHaveAccessibleDescription("In your account's currency ($), not in the coin.");
  });

  it("follows the bank's symbol", async () => {
    setup({ getCryptoDepositForm: () => cryptoForm({ currency: '€' }) });
    const amount = await screen.findByRole('spinbutton', { name: 'Amount' });
    expect(amount).toHaveAccessibleDescription("In your account's currency (€), not in the coin.");
  });
});
