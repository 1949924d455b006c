import { pngBlob } from '@ebank/contract/testing';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BankHandlers } from '@/test/fake-bank';
import { requestRow } from '@/test/bank-data';
import { fixedDepositForm, paymentPending, signedInBank } from '@/test/money-data';
import { findToast, renderApp, useAdvancingFakeTimers } from '@/test/render-app';

beforeEach(() => {
  useAdvancingFakeTimers();
});

function setup(handlers: BankHandlers = {}) {
  const bank = signedInBank({ createFixedDeposit: () => paymentPending(), ...handlers });
  const app = renderApp('/wp-user/dashboard/fixed-deposit/crypto');
  return { bank, app };
}

type App = ReturnType<typeof renderApp>;

async function choose(app: App, label: string, option: string) {
  await app.user.click(await screen.findByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

describe('crypto fixed deposit', () => {
  it('needs a plan from the bank’s list', async () => {
    const { app, bank } = setup();
    const plan = await screen.findByRole('combobox', { name: 'Plan' });
    await app.user.click(plan);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '3 months at 4.50%',
      '6 months at 5.25%',
    ]);
    await app.user.keyboard('{Escape}');
    await app.user.click(screen.getByRole('button', { name: 'Submit Fixed Deposit' }));
    expect(await screen.findByText('Choose a fixed deposit plan')).toBeInTheDocument();
    expect(bank.callsTo('createFixedDeposit')).toHaveLength(0);
  });

  it("sends the plan, type, amount and the proof as fixedDepositPic, then says 'Payment Pending!'", async () => {
    const { app, bank } = setup();
    await choose(app, 'Plan', '6 months at 5.25%');
    await app.user.type(screen.getByRole('spinbutton', { name: 'Amount' }), '1000');
    await app.user.upload(screen.getByLabelText('Payment Proof'), pngBlob());
    await app.user.click(screen.getByRole('button', { name: 'Submit Fixed Deposit' }));
    expect(await findToast('Payment Pending!')).toBeInTheDocument();
    expect(bank.rejected).toEqual([]);
    expect(bank.callsTo('createFixedDeposit')[0]?.input).toMatchObject({
      plan: '6 months at 5.25%',
      type: 'BTC',
      amount: 1000,
      fixedDepositPic: { mimetype: 'image/png' },
    });
  });

  it('lists the past fixed deposits with their status', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Fixed Deposits' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row).toHaveTextContent('$1,000.00');
    expect(row?.querySelector('[data-slot=status-badge]')).toHaveAttribute('data-status', 'pending');
  });
});

describe('past fixed deposits', () => {
  it('name their plan when the bank sends it', async () => {
    setup({
      getFixedDepositForm: () =>
        fixedDepositForm({
          transactions: [{ ...requestRow({ type: 'USDT (TRC20)', amount: 1000 }), plan: '6 months at 5.25%' }],
        }),
    });
    const list = await screen.findByRole('list', { name: 'Fixed Deposits' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      /^6 months at 5\.25%\s*Paid in USDT \(TRC20\) · 19\/11\/2026\s*\$1,000\.00/u,
    );
  });

  it("say the amount is in the account's currency", async () => {
    setup();
    expect(await screen.findByRole('spinbutton', { name: 'Amount' })).toHaveAccessibleDescription(
      "In your account's currency ($), not in the coin.",
    );
  });
});
