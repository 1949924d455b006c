import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/session/session';
import { statement, transaction } from '@/test/bank-data';
import { installDashboardBank } from '@/test/dashboard-data';
import { errorReply } from '@/test/fake-bank';
import { findToast, renderApp } from '@/test/render-app';

beforeEach(() => {
  session.signIn('user-token');
});

describe("'Statements & Report'", () => {
  it('lists every transaction with its real-month date, amount, type and status', async () => {
    const bank = installDashboardBank({
      getStatement: () =>
        statement([
          transaction({ name: 'New year bonus', date: '2026-01-05T12:00:00.000Z', amount: 300 }),
          transaction({
            name: 'Transfer to Sam Demo',
            date: '2026-12-24T12:00:00.000Z',
            amount: 1200.5,
            transaction_type: 'debit',
            status: 'in_progress',
          }),
        ]),
    });
    renderApp('/wp-user/dashboard/statements');
    expect(await screen.findByRole('heading', { name: 'Statements & Report' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('table', { name: 'Statements & Report' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    // 5 January is 5/1/2026, not the original's 5/0/2026.
    expect(rows[0]).toHaveTextContent('New year bonus');
    expect(rows[0]).toHaveTextContent('5/1/2026');
    expect(rows[0]).not.toHaveTextContent('5/0/2026');
    expect(rows[0]).toHaveTextContent('+$300.00');
    expect(rows[1]).toHaveTextContent('24/12/2026');
    expect(rows[1]).toHaveTextContent('-$1,200.50');
    expect(rows[1]).toHaveTextContent('debit');
    expect(rows[1]).toHaveTextContent('in progress');
    expect(bank.callsTo('getStatement')).toHaveLength(1);
    expect(bank.callsTo('getHomeStatement')).toHaveLength(0);
  });

  it('says so when there are no transactions', async () => {
    installDashboardBank({ getStatement: () => statement([]) });
    renderApp('/wp-user/dashboard/statements');
    expect(await screen.findByText('No Transaction History')).toBeInTheDocument();
  });

  it('goes back to the dashboard with the error when the statement cannot be fetched', async () => {
    installDashboardBank({ getStatement: () => errorReply('Statement service unavailable', 503) });
    const app = renderApp('/wp-user/dashboard/statements');
    expect(await findToast('Statement service unavailable')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard');
  });
});
