/**
 * A transfer from the form to success against the REAL mock bank (its Express app on a loopback port),
 * not the fake one: the app's `fetch` is forwarded to it, so the contract's encoding, the server's
 * decoding, the PIN, the step-up code from the outbox and the ledger all take part.
 */
import { startBank, type Harness } from '@ebank/mock-server/src/testing/harness';
import type { OutboxMessage } from '@ebank/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/session/session';
import { TRANSFER_REDIRECT_MS } from '@/lib/timings';
import { forwardFetch, realFetch } from '@/test/forward-fetch';
import { TRANSFER_LABELS, transferField, transferForm } from '@/test/money-data';
import { findToastRegion, renderApp, useAdvancingFakeTimers } from '@/test/render-app';
import { TRANSFER_STORAGE_KEY } from './-components/transfer';

const DEMO = 'demo@bank.test';

let bank: Harness;

beforeAll(async () => {
  bank = await startBank();
});

afterAll(async () => {
  await bank.close();
});

beforeEach(async () => {
  await bank.reset();
  window.sessionStorage.clear();
  session.signIn(await bank.login(DEMO));
  forwardFetch(bank.base);
  useAdvancingFakeTimers();
});

type App = ReturnType<typeof renderApp>;

async function fillForm(app: App, amount: string) {
  await screen.findByRole('textbox', { name: 'Bank' }, { timeout: 5000 });
  const form = transferForm({ amount, act_hold_name: 'Sam Lee' });
  for (const name of Object.keys(TRANSFER_LABELS) as (keyof typeof TRANSFER_LABELS)[])
    await app.user.type(transferField(name), form[name]);
  await app.user.click(screen.getByRole('button', { name: 'Continue' }));
}

async function enter(app: App, group: string, digits: string, button: string) {
  await screen.findByRole('group', { name: group }, { timeout: 5000 });
  await app.user.click(screen.getByLabelText(group, { selector: 'input' }));
  await app.user.keyboard(digits);
  await app.user.click(screen.getByRole('button', { name: button }));
}

async function latestCode(): Promise<string> {
  const response = await realFetch(new URL(`__mock/outbox?to=${encodeURIComponent(DEMO)}`, bank.base));
  const messages = (await response.json()) as OutboxMessage[];
  const code = messages.find((m) => m.kind === 'transfer-code')?.code;
  if (code === undefined) throw new Error('No transfer code in the outbox');
  return code;
}

/** The customer's balance and newest transfer, as the bank tells the contract client. */
async function bankState() {
  const client = bank.client({ user: session.token() });
  const [charge, transfers] = await Promise.all([client.call('getServiceCharge'), client.call('getTransferList')]);
  return { balance: charge.tb.current_balance, newest: transfers.transactions[0] };
}

/** A toast, waiting as long as a round trip to the bank may take. */
const findToast = async (text: string) =>
  within(await findToastRegion({ timeout: 5000 })).findByText(text, {}, { timeout: 5000 });

async function finish(app: App) {
  expect(await findToast('Successful! Await Confirmation')).toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(TRANSFER_REDIRECT_MS + 100));
  await waitFor(() => {
    expect(app.path()).toBe('/wp-user/dashboard');
  });
}

describe('a transfer against the real mock bank', () => {
  it('of 1500: form, review, PIN (a wrong one first), the code from the outbox, success', async () => {
    const before = await bankState();
    const app = renderApp('/wp-user/dashboard/send');
    await fillForm(app, '1500');

    const charges = within(await screen.findByLabelText('Charges', {}, { timeout: 5000 }));
    expect(charges.getByText('Service charge (10%)').nextElementSibling).toHaveTextContent('$150.00');
    expect(charges.getByText('Amount received').nextElementSibling).toHaveTextContent('$1,350.00');
    await app.user.click(screen.getByRole('button', { name: 'Confirmed' }));

    await enter(app, 'Transaction PIN', '9999', 'Confirm');
    expect(await findToast('Incorrect PIN. 4 attempts left.')).toBeInTheDocument();
    await enter(app, 'Transaction PIN', '1234', 'Confirm');

    expect(
      await screen.findByRole('heading', { name: 'Transfer Authorization Code is required' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/We sent a 4-digit code to d\*+@bank\.test/u)).toBeInTheDocument();
    await enter(app, 'Authorization code', await latestCode(), 'Confirm Code');
    await finish(app);

    const after = await bankState();
    expect(after.balance).toBe(before.balance - 1500);
    expect(after.newest).toMatchObject({ type: 'Bank Transfer', amount: 1500, status: 'pending' });
    // Nothing of the transfer stays but that it went through.
    expect(Object.entries(window.sessionStorage)).toEqual([[TRANSFER_STORAGE_KEY, '{"sent":true}']]);
  }, 30_000);

  it('of 1500: the form says the fee; a reload of the code step keeps it and the code e-mailed goes through', async () => {
    const before = await bankState();
    const first = renderApp('/wp-user/dashboard/send');
    await screen.findByRole('textbox', { name: 'Bank' }, { timeout: 5000 });
    await first.user.type(transferField('amount'), '1500');
    await waitFor(() => {
      expect(transferField('amount')).toHaveAccessibleDescription(
        "In your account's currency ($). Service charge (10%): $150.00. Amount received: $1,350.00.",
      );
    });
    await first.user.clear(transferField('amount'));
    await fillForm(first, '1500');
    await first.user.click(await screen.findByRole('button', { name: 'Confirmed' }, { timeout: 5000 }));
    await enter(first, 'Transaction PIN', '1234', 'Confirm');
    await screen.findByRole('heading', { name: 'Transfer Authorization Code is required' }, { timeout: 5000 });
    const code = await latestCode();
    first.unmount();

    // The reload: the same tab, a new page.
    const app = renderApp('/wp-user/dashboard/send/pin');
    expect(
      await screen.findByRole('heading', { name: 'Transfer Authorization Code is required' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await enter(app, 'Authorization code', code, 'Confirm Code');
    await finish(app);
    expect(await latestCode()).toBe(code);
    const after = await bankState();
    expect(after.balance).toBe(before.balance - 1500);
  }, 30_000);

  it('of 100: the PIN alone authorises it', async () => {
    const before = await bankState();
    const app = renderApp('/wp-user/dashboard/send');
    await fillForm(app, '100');
    await app.user.click(await screen.findByRole('button', { name: 'Confirmed' }, { timeout: 5000 }));
    await enter(app, 'Transaction PIN', '1234', 'Confirm');
    await finish(app);
    const after = await bankState();
    expect(after.balance).toBe(before.balance - 100);
    expect(after.newest).toMatchObject({ amount: 100, status: 'pending' });
  }, 30_000);
});
