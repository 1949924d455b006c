import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentMethods } from '@/test/bank-data';
import { errorReply, NETWORK_FAILURE, type BankAnswer } from '@/test/fake-bank';
import { signedInBank } from '@/test/money-data';
import { renderApp, toastRegion, useAdvancingFakeTimers } from '@/test/render-app';

beforeEach(() => {
  useAdvancingFakeTimers();
});

/** A method list, to look into with `within`. */
async function methodList(name: string) {
  return within(await screen.findByRole('list', { name }));
}
type MethodListQueries = Awaited<ReturnType<typeof methodList>>;

const text = (item: HTMLElement, slot: string) => item.querySelector(`[data-slot=${slot}]`)?.textContent.trim();
/** The methods' titles, in the order shown. */
const titles = (items: readonly HTMLElement[]) => items.map((item) => text(item, 'method-title'));

function expectUnavailable(list: MethodListQueries, title: string) {
  const item = list.getByText(title).closest('li');
  expect(item).not.toBeNull();
  expect(within(item!).getByText('Not available for your region')).toBeInTheDocument();
  expect(within(item!).queryByRole('link')).not.toBeInTheDocument();
  expect(item!.querySelector('[tabindex], a, button')).toBeNull();
}

function expectLink(list: MethodListQueries, title: string, href: string) {
  const link = list.getByRole('link', { name: new RegExp(title, 'u') });
  expect(link).toHaveAttribute('href', href);
  expect(within(link).queryByText('Not available for your region')).not.toBeInTheDocument();
}

describe('add funds', () => {
  it('lists the deposit methods, each with a short description', async () => {
    signedInBank();
    renderApp('/wp-user/dashboard/add-funds');
    expect(await screen.findByRole('heading', { name: 'Add funds', level: 1 })).toBeInTheDocument();
    const list = await methodList('Deposit methods');
    const items = list.getAllByRole('listitem');
    expect(titles(items)).toEqual([
      'Institutional Transfer',
      'Crypto Deposit',
      'Bank Transfer',
      'Card Deposit',
      'Cash Deposit',
    ]);
    for (const item of items) expect(text(item, 'method-description')).toMatch(/^\w.{15,}\.$/u);
  });

  it('says it puts money into the account, and names Bank Transfer apart from the transfer of the menu', async () => {
    signedInBank();
    renderApp('/wp-user/dashboard/add-funds');
    expect(await screen.findByText(/Put money into your account/u)).toBeInTheDocument();
    const item = (await methodList('Deposit methods')).getByText('Bank Transfer').closest('li');
    expect(item).toHaveTextContent(/^Bank Transfer \(wire from another bank\)Wire money in from an account/u);
    expect(item).toHaveTextContent('To send money out, use Bank Transfer in the menu.');
  });

  it("marks Bank Transfer, card and cash deposit 'Not available for your region', linking nowhere", async () => {
    signedInBank();
    renderApp('/wp-user/dashboard/add-funds');
    const list = await methodList('Deposit methods');
    for (const title of ['Bank Transfer', 'Card Deposit', 'Cash Deposit']) expectUnavailable(list, title);
    expect(list.getAllByRole('link')).toHaveLength(2);
  });

  it('links Institutional Transfer to it and Crypto Deposit to crypto', async () => {
    signedInBank();
    const app = renderApp('/wp-user/dashboard/add-funds');
    const list = await methodList('Deposit methods');
    expectLink(list, 'Institutional Transfer', '/wp-user/dashboard/add-funds/it');
    expectLink(list, 'Crypto Deposit', '/wp-user/dashboard/add-funds/crypto');
    await app.user.click(list.getByRole('link', { name: /Crypto Deposit/u }));
    expect(await screen.findByRole('heading', { name: 'Crypto Deposit', level: 1 })).toBeInTheDocument();
  });

  it("follows the region's methods from the bank", async () => {
    signedInBank({ getPaymentMethods: () => paymentMethods({ crypto: false, institutional: true }) });
    renderApp('/wp-user/dashboard/add-funds');
    const list = await methodList('Deposit methods');
    expectUnavailable(list, 'Crypto Deposit');
    expectLink(list, 'Institutional Transfer', '/wp-user/dashboard/add-funds/it');
    expect(titles(list.getAllByRole('listitem'))).toEqual([
      'Institutional Transfer',
      'Bank Transfer',
      'Card Deposit',
      'Cash Deposit',
      'Crypto Deposit',
    ]);
  });

  it.each<[string, () => BankAnswer]>([
    ['no reply', () => NETWORK_FAILURE],
    ['a refusal', () => errorReply('Unknown marker', 400)],
    ['a server error', () => errorReply('', 500)],
    ['a reply the contract does not know', () => ({ methods: 'all' })],
  ])("falls back to the spec's methods, silently, on %s", async (_, answer) => {
    const bank = signedInBank({ getPaymentMethods: answer });
    renderApp('/wp-user/dashboard/add-funds');
    const list = await methodList('Deposit methods');
    for (const title of ['Bank Transfer', 'Card Deposit', 'Cash Deposit']) expectUnavailable(list, title);
    expectLink(list, 'Institutional Transfer', '/wp-user/dashboard/add-funds/it');
    expectLink(list, 'Crypto Deposit', '/wp-user/dashboard/add-funds/crypto');
    expect(bank.callsTo('getPaymentMethods')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(within(toastRegion()).queryAllByRole('status')).toHaveLength(0);
    expect(within(toastRegion()).queryByText(/.+/u)).not.toBeInTheDocument();
  });
});

describe.each([
  [
    'make payment',
    '/wp-user/dashboard/make-payment',
    'Make payment',
    'Payment methods',
    /Pay the bank for a purpose you choose/u,
    /^Pay by wire from an account you hold at another bank\./u,
  ],
  [
    'fixed deposit',
    '/wp-user/dashboard/fixed-deposit',
    'Fixed deposit',
    'Fixed deposit methods',
    /Lock funds in a fixed deposit plan/u,
    /^Fund the plan by wire from an account you hold at another bank\./u,
  ],
])('%s', (_, path, heading, listName, purpose, wire) => {
  it('offers Bank Transfer, card and cash as unavailable and Crypto Deposit as the way to pay', async () => {
    signedInBank();
    const app = renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    const list = await methodList(listName);
    for (const title of ['Bank Transfer', 'Card Deposit', 'Cash Deposit']) expectUnavailable(list, title);
    expectLink(list, 'Crypto Deposit', `${path}/crypto`);
    expect(titles(list.getAllByRole('listitem'))).toEqual([
      'Crypto Deposit',
      'Bank Transfer',
      'Card Deposit',
      'Cash Deposit',
    ]);
    await app.user.click(list.getByRole('link', { name: /Crypto Deposit/u }));
    expect(await screen.findByRole('combobox', { name: 'Crypto type' })).toBeInTheDocument();
  });

  it('says what the page is for, in its own words, not the deposit’s', async () => {
    signedInBank();
    renderApp(path);
    expect(await screen.findByText(purpose)).toBeInTheDocument();
    const bankTransfer = (await methodList(listName)).getByText('Bank Transfer').closest('li');
    expect(bankTransfer).not.toBeNull();
    expect(within(bankTransfer!).getByText('(wire from another bank)')).toBeInTheDocument();
    expect(bankTransfer!.querySelector('[data-slot=method-description]')?.textContent).toMatch(wire);
    expect(screen.queryByText(/Wire money in/u)).not.toBeInTheDocument();
  });

  it('lists Crypto Deposit last when the region does not offer it', async () => {
    signedInBank({ getPaymentMethods: () => paymentMethods({ crypto: false }) });
    renderApp(path);
    const list = await methodList(listName);
    expectUnavailable(list, 'Crypto Deposit');
    expect(titles(list.getAllByRole('listitem'))).toEqual([
      'Bank Transfer',
      'Card Deposit',
      'Cash Deposit',
      'Crypto Deposit',
    ]);
  });

  it('keeps the spec’s methods when the bank cannot say', async () => {
    signedInBank({ getPaymentMethods: () => NETWORK_FAILURE });
    renderApp(path);
    const list = await methodList(listName);
    expectLink(list, 'Crypto Deposit', `${path}/crypto`);
    expectUnavailable(list, 'Bank Transfer');
  });
});
