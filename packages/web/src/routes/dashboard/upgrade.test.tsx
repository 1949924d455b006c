import { pngBlob } from '@ebank/contract/testing';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { institution, requestRow } from '@/test/bank-data';
import { errorReply, type BankHandlers } from '@/test/fake-bank';
import { paymentPending, signedInBank, upgradeForm } from '@/test/money-data';
import { findToast, renderApp, useAdvancingFakeTimers } from '@/test/render-app';

beforeEach(() => {
  useAdvancingFakeTimers();
});

function setup(handlers: BankHandlers = {}) {
  const bank = signedInBank({ createUpgrade: () => paymentPending(), ...handlers });
  const app = renderApp('/wp-user/dashboard/upgrade');
  return { bank, app };
}

type App = ReturnType<typeof renderApp>;

async function choose(app: App, label: string, option: string) {
  await app.user.click(await screen.findByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

async function pay(app: App) {
  await app.user.type(screen.getByRole('spinbutton', { name: 'Amount' }), '99.99');
  await app.user.upload(screen.getByLabelText('Payment Proof'), pngBlob());
  await app.user.click(screen.getByRole('button', { name: 'Submit Upgrade' }));
}

describe('upgrade', () => {
  it("offers the plans under 'Select ..' for more features and increased limit", async () => {
    const { app } = setup({ getInstitution: () => institution({ u: { current_plan: 'Tier 2' } }) });
    expect(await screen.findByRole('heading', { name: 'Upgrade Account', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/more features and increased limit/u)).toBeInTheDocument();
    expect(await screen.findByText('Tier 2', { selector: 'strong' })).toBeInTheDocument();
    const plan = screen.getByRole('combobox', { name: 'Plan' });
    expect(plan).toHaveTextContent('Select ..');
    await app.user.click(plan);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Tier 2', 'Tier 3', 'Premium']);
  });

  it("shows 'Tier 1' when the bank names no plan", async () => {
    setup({ getInstitution: () => institution({ u: { current_plan: null } }) });
    expect(await screen.findByText('Tier 1', { selector: 'strong' })).toBeInTheDocument();
  });

  it('requires a plan and sends nothing without one', async () => {
    const { app, bank } = setup();
    await screen.findByRole('combobox', { name: 'Plan' });
    await pay(app);
    expect(await screen.findByText('Choose a plan')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Plan' })).toHaveAttribute('aria-invalid', 'true');
    expect(bank.callsTo('createUpgrade')).toHaveLength(0);
  });

  it("sends the plan, type, amount and proof, then says 'Payment Pending!'", async () => {
    const { app, bank } = setup();
    await choose(app, 'Plan', 'Premium');
    await choose(app, 'Crypto type', 'ETH');
    await pay(app);
    expect(await findToast('Payment Pending!')).toBeInTheDocument();
    expect(bank.rejected).toEqual([]);
    expect(bank.callsTo('createUpgrade')[0]?.input).toMatchObject({
      plan: 'Premium',
      type: 'ETH',
      amount: 99.99,
      depositPic: { mimetype: 'image/png' },
    });
  });

  it("shows the bank's refusal", async () => {
    const { app } = setup({ createUpgrade: () => errorReply('Your account is already on Premium', 409) });
    await choose(app, 'Plan', 'Premium');
    await pay(app);
    expect(await findToast('Your account is already on Premium')).toBeInTheDocument();
  });

  it('lists past upgrade requests only when there are some', async () => {
    const first = setup();
    await screen.findByRole('combobox', { name: 'Plan' });
    expect(screen.queryByRole('list', { name: 'Upgrade Requests' })).not.toBeInTheDocument();
    first.app.unmount();

    setup({ getUpgradeForm: () => upgradeForm({ transactions: [requestRow({ type: 'BTC', status: 'declined' })] }) });
    const list = await screen.findByRole('list', { name: 'Upgrade Requests' });
    expect(within(list).getByText('declined')).toBeInTheDocument();
  });

  it('names the plan of each upgrade request, with the coin that paid for it', async () => {
    setup({
      getUpgradeForm: () =>
        upgradeForm({
          transactions: [
            { ...requestRow({ type: 'ETH', amount: 499, status: 'pending' }), plan: 'Premium' },
            { ...requestRow({ type: 'BTC', amount: 49, status: 'declined' }), plan: 'Tier 2' },
          ],
        }),
    });
    const list = await screen.findByRole('list', { name: 'Upgrade Requests' });
    const [premium, tier2] = within(list).getAllByRole('listitem');
    expect(premium).toHaveTextContent(/^Premium\s*Paid in ETH · 19\/11\/2026\s*\$499\.00\s*pending$/u);
    expect(tier2).toHaveTextContent(/^Tier 2\s*Paid in BTC · .*\$49\.00\s*declined$/u);
  });

  it("shows the coin when the bank's rows name no plan, as the real host sends them", async () => {
    setup({ getUpgradeForm: () => upgradeForm({ transactions: [{ ...requestRow({ type: 'BTC' }), plan: null }] }) });
    const list = await screen.findByRole('list', { name: 'Upgrade Requests' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(/^BTC\s*19\/11\/2026/u);
  });

  describe('plans with a price and what they give', () => {
    const pricedPlans = () =>
      upgradeForm({
        plans: [
          { plan_name: 'Tier 2', price: 49, features: ['A higher daily transfer limit', 'Support by e-mail'] },
          { plan_name: 'Tier 3', price: 1490.5, features: ['Higher limits', 'Priority support'] },
          { plan_name: 'Premium', price: 499, features: ['Our highest limits', 'A personal account manager'] },
        ],
      });

    it('shows each plan with its price and features', async () => {
      setup({ getUpgradeForm: pricedPlans });
      const list = await screen.findByRole('region', { name: 'Plans' });
      const tier3 = within(list).getByRole('listitem', { name: 'Tier 3' });
      expect(within(tier3).getByText('$1,490.50')).toBeInTheDocument();
      expect(within(tier3).getByText('Priority support')).toBeInTheDocument();
      expect(within(list).getByRole('listitem', { name: 'Premium' })).toHaveTextContent(
        /\$499\.00.*A personal account manager/u,
      );
    });

    it("fills the amount with the chosen plan's price, which the customer may change", async () => {
      const { app, bank } = setup({ getUpgradeForm: pricedPlans });
      await choose(app, 'Plan', 'Premium');
      const amount = screen.getByRole('spinbutton', { name: 'Amount' });
      expect(amount).toHaveValue(499);
      await choose(app, 'Plan', 'Tier 2');
      expect(amount).toHaveValue(49);
      expect(amount).toHaveAccessibleDescription("In your account's currency ($), not in the coin.");
      await app.user.clear(amount);
      await app.user.type(amount, '10');
      // Below the price: said, and still the customer's to send.
      expect(amount).toHaveAccessibleDescription(
        "In your account's currency ($), not in the coin. This is below the plan's price of $49.00: the bank may decline it.",
      );
      await app.user.clear(amount);
      await app.user.type(amount, '60');
      expect(amount).toHaveAccessibleDescription("In your account's currency ($), not in the coin.");
      await app.user.upload(screen.getByLabelText('Payment Proof'), pngBlob());
      await app.user.click(screen.getByRole('button', { name: 'Submit Upgrade' }));
      expect(await findToast('Payment Pending!')).toBeInTheDocument();
      expect(bank.callsTo('createUpgrade')[0]?.input).toMatchObject({ plan: 'Tier 2', amount: 60 });
    });

    it('shows no plan list, and leaves the amount alone, when the bank gives only the names', async () => {
      const { app } = setup();
      await choose(app, 'Plan', 'Premium');
      expect(screen.queryByRole('region', { name: 'Plans' })).not.toBeInTheDocument();
      expect(screen.getByRole('spinbutton', { name: 'Amount' })).toHaveValue(null);
    });
  });
});
