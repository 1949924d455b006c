import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/session/session';
import { institution, statement, transaction } from '@/test/bank-data';
import { installDashboardBank } from '@/test/dashboard-data';
import { errorReply } from '@/test/fake-bank';
import { findToast, renderApp } from '@/test/render-app';

beforeEach(() => {
  session.signIn('user-token');
});

const balanceCard = () => screen.getByRole('region', { name: 'Available Balance' });

describe('the dashboard home', () => {
  it('shows the available balance, the account number with a copy button and the plan', async () => {
    installDashboardBank({ getInstitution: () => institution({ u: { current_plan: 'Gold' } }) });
    const app = renderApp('/wp-user/dashboard');
    expect(await screen.findByText('$5,120.00')).toBeInTheDocument();
    const card = within(balanceCard());
    expect(card.getByText('4820193746')).toBeInTheDocument();
    expect(card.getByText('Gold')).toBeInTheDocument();
    await app.user.click(card.getByRole('button', { name: 'Copy account number' }));
    expect(await findToast('Copied to clipboard')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('4820193746');
  });

  it("shows 'Tier 1' when the bank names no plan, and the bank's currency", async () => {
    installDashboardBank({
      getInstitution: () => institution({ currency: '€', u: { current_plan: null }, tb: { current_balance: 12.5 } }),
    });
    renderApp('/wp-user/dashboard');
    expect(await screen.findByText('€12.50')).toBeInTheDocument();
    expect(within(balanceCard()).getByText('Tier 1')).toBeInTheDocument();
  });

  it('shows the total credit and the most recent debit', async () => {
    installDashboardBank();
    renderApp('/wp-user/dashboard');
    const credit = (await screen.findByRole('heading', { name: 'Total Credit' })).parentElement!;
    expect(await within(credit).findByText('$5,600.00')).toBeInTheDocument();
    const debit = screen.getByRole('heading', { name: 'Last Debit' }).parentElement!;
    // The transfer of 12 November, not the larger rent of 5 November.
    expect(await within(debit).findByText('$120.00')).toBeInTheDocument();
  });

  it('shows a last debit of 0 when there is none', async () => {
    installDashboardBank({ getHomeStatement: () => statement([transaction()]) });
    renderApp('/wp-user/dashboard');
    const debit = (await screen.findByRole('heading', { name: 'Last Debit' })).parentElement!;
    expect(await within(debit).findByText('$0.00')).toBeInTheDocument();
  });

  it('lists the recent transactions with name, real-month date, amount, type and status', async () => {
    installDashboardBank();
    renderApp('/wp-user/dashboard');
    const table = await screen.findByRole('table', { name: 'Recent transactions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Salary: Northwind Ltd');
    expect(rows[0]).toHaveTextContent('1/11/2026');
    expect(rows[0]).toHaveTextContent('+$4,250.00');
    expect(rows[0]).toHaveTextContent('credit');
    expect(rows[0]).toHaveTextContent('successful');
    expect(rows[1]).toHaveTextContent('Transfer to Sam Demo');
    expect(rows[1]).toHaveTextContent('12/11/2026');
    expect(rows[1]).toHaveTextContent('-$120.00');
    expect(rows[1]).toHaveTextContent('debit');
    // Underscores in a status are shown as spaces.
    expect(rows[1]).toHaveTextContent('in progress');
    expect(rows[1]).not.toHaveTextContent('in_progress');
    expect(rows[2]).toHaveTextContent('failed');
  });

  it('says so when there are no transactions yet', async () => {
    installDashboardBank({ getHomeStatement: () => statement([]) });
    renderApp('/wp-user/dashboard');
    expect(await screen.findByText('No Transaction History')).toBeInTheDocument();
    expect(
      screen.getByText('Your recent transaction should appear here contact support for any issues'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers send, receive, loan and Topup', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard');
    const actions = within(await screen.findByRole('navigation', { name: 'Quick actions' }));
    expect(actions.getByRole('link', { name: 'Send' })).toHaveAttribute('href', '/wp-user/dashboard/send');
    expect(actions.getByRole('link', { name: 'Receive' })).toHaveAttribute('href', '/wp-user/dashboard/add-funds');
    expect(actions.getByRole('link', { name: 'Topup' })).toHaveAttribute('href', '/wp-user/dashboard/make-payment');
    await app.user.click(actions.getByRole('button', { name: 'Loan' }));
    expect(await findToast('Not Available in your region')).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
  });

  it('sends a user without a transaction PIN to PIN creation', async () => {
    const bank = installDashboardBank({}, { haspin: false });
    const app = renderApp('/wp-user/dashboard');
    expect(await screen.findByRole('heading', { name: 'Create your transaction PIN' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/pincreation');
    expect(bank.callsTo('checkPin')).toHaveLength(1);
  });

  it('opens anyway when the bank cannot say whether there is a PIN', async () => {
    installDashboardBank({ checkPin: () => errorReply('Service unavailable', 503) });
    const app = renderApp('/wp-user/dashboard');
    expect(await findToast('Service unavailable')).toBeInTheDocument();
    expect(await screen.findByText('$5,120.00')).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
  });

  it('ends the session when the bank refuses the token', async () => {
    installDashboardBank({ checkPin: () => errorReply('Your session has expired', 401) });
    const app = renderApp('/wp-user/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account/login');
    expect(session.isSignedIn()).toBe(false);
  });

  it('shows its heading and placeholders while the figures load', async () => {
    installDashboardBank({ getInstitution: () => new Promise<never>(() => undefined) });
    renderApp('/wp-user/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Recent Transactions' })).toBeInTheDocument();
    expect(within(balanceCard()).queryByText('$5,120.00')).not.toBeInTheDocument();
    expect(balanceCard().querySelector('[data-slot=skeleton]')).not.toBeNull();
  });

  it('shows the page as soon as the PIN check answers, though its placeholder has just appeared', async () => {
    // The check answers just after the placeholder took the screen (300 ms): a phone on a slow network.
    let answer: (reply: { haspin: boolean }) => void = () => undefined;
    installDashboardBank({ checkPin: () => new Promise((resolve) => (answer = resolve)) });
    vi.useFakeTimers();
    renderApp('/wp-user/dashboard');
    await vi.advanceTimersByTimeAsync(350);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { name: 'Recent Transactions' })).not.toBeInTheDocument();
    answer({ haspin: true });
    // Not held on the placeholder for a minimum time: the page and its figures follow at once.
    await vi.advanceTimersByTimeAsync(20);
    expect(screen.getByRole('heading', { name: 'Recent Transactions' })).toBeInTheDocument();
    expect(within(balanceCard()).getByText('$5,120.00')).toBeInTheDocument();
  });

  it('keeps the page and offers a retry when the summary cannot be fetched', async () => {
    let fail = true;
    installDashboardBank({
      getInstitution: () => (fail ? errorReply('Service unavailable', 503) : institution()),
    });
    const app = renderApp('/wp-user/dashboard');
    expect(await findToast('Service unavailable')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Recent transactions' })).toBeInTheDocument();
    fail = false;
    await app.user.click(within(balanceCard()).getByRole('button', { name: 'Try again' }));
    expect(await within(balanceCard()).findByText('$5,120.00')).toBeInTheDocument();
  });
});
