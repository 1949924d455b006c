import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('strikes through the amount of a failed transaction, in neither colour of money that moved', async () => {
    installDashboardBank({
      getStatement: () =>
        statement([
          transaction({ name: 'Crypto deposit in BTC', amount: 250, status: 'failed' }),
          transaction({ name: 'Salary', amount: 250 }),
        ]),
    });
    renderApp('/wp-user/dashboard/statements');
    const table = await screen.findByRole('table', { name: 'Statements & Report' });
    const [failed, made] = within(table).getAllByText('+$250.00');
    expect(failed!.closest('tr')).toHaveTextContent('Crypto deposit in BTC');
    expect(failed).toHaveClass('line-through', 'text-muted-foreground');
    expect(failed).not.toHaveClass('text-success');
    expect(made).toHaveClass('text-success');
    expect(made).not.toHaveClass('line-through');
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

/** 30 transactions, newest first: every third a debit, every fifth failed; one whose name needs CSV quotes. */
const longHistory = () =>
  Array.from({ length: 30 }, (_, index) =>
    transaction({
      name: index === 4 ? 'Card payment: Café "Le Coin", Paris' : `Entry ${String(index + 1)}`,
      date: new Date(Date.UTC(2026, 5, 30 - index, 12)).toISOString(),
      amount: 10 + index,
      transaction_type: index % 3 === 1 ? 'debit' : 'credit',
      status: index % 5 === 3 ? 'failed' : 'successful',
    }),
  );

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Statements & Report' }))
    .getAllByRole('row')
    .slice(1);
/** A Blob's text (jsdom's Blob has no `text()`). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.readAsText(blob);
  });
const search = (app: ReturnType<typeof renderApp>) => new URLSearchParams(app.router.history.location.search);

describe("'Statements & Report': filters, pages, export and print", { timeout: 15_000 }, () => {
  beforeEach(() => {
    installDashboardBank({ getStatement: () => statement(longHistory()) });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows 25 rows a page with the count, and pages through in the address', async () => {
    const app = renderApp('/wp-user/dashboard/statements');
    expect(await screen.findByText('Showing 1–25 of 30')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);
    const pages = screen.getByRole('navigation', { name: 'Statement pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    await app.user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–30 of 30')).toBeInTheDocument();
    expect(search(app).get('page')).toBe('2');
    expect(bodyRows()[0]).toHaveTextContent('Entry 26');
    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('filters by type and status and by a part of the name; the address follows', async () => {
    const app = renderApp('/wp-user/dashboard/statements?page=2');
    expect(await screen.findByText('Showing 26–30 of 30')).toBeInTheDocument();

    await app.user.click(screen.getByRole('combobox', { name: 'Type' }));
    await app.user.click(await screen.findByRole('option', { name: 'Debit' }));
    expect(await screen.findByText('Showing 1–10 of 10')).toBeInTheDocument();
    expect(search(app).get('type')).toBe('debit');
    expect(search(app).get('page')).toBeNull();
    expect(bodyRows().every((row) => row.textContent.includes('debit'))).toBe(true);

    await app.user.click(screen.getByRole('combobox', { name: 'Status' }));
    await app.user.click(await screen.findByRole('option', { name: 'Failed' }));
    expect(await screen.findByText('Showing 1–2 of 2')).toBeInTheDocument();
    expect(search(app).get('status')).toBe('failed');

    await app.user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Showing 1–25 of 30')).toBeInTheDocument();
    await app.user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'CAFÉ');
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent('Card payment: Café "Le Coin", Paris');
    await waitFor(() => {
      expect(search(app).get('q')).toBe('CAFÉ');
    });
  });

  it('filters by a range of days', async () => {
    const app = renderApp('/wp-user/dashboard/statements');
    await screen.findByText('Showing 1–25 of 30');
    // Typed as the table writes days: day/month/year, said under each field.
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('Day/month/year, such as 26/11/2026');
    await app.user.type(screen.getByLabelText('From'), '20/06/2026');
    await app.user.type(screen.getByLabelText('To'), '22/6/2026');
    expect(await screen.findByText('Showing 1–3 of 3')).toBeInTheDocument();
    expect(search(app).get('from')).toBe('2026-06-20');
    expect(search(app).get('to')).toBe('2026-06-22');
  });

  it('shows the days of the address as the table writes them, and says when a typed day is not one', async () => {
    const app = renderApp('/wp-user/dashboard/statements?from=2026-06-20');
    expect(await screen.findByText('Showing 1–11 of 11')).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    expect(from).toHaveValue('20/6/2026');

    // A month-first day (as some browsers write them) is not a day here: said, and the rows stay.
    await app.user.tripleClick(from);
    await app.user.keyboard('06/22/2026');
    await app.user.tab();
    expect(from).toHaveAccessibleDescription(
      'Enter a real day as day/month/year, such as 26/11/2026 Day/month/year, such as 26/11/2026. Until then the list keeps the days it had.',
    );
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(search(app).get('from')).toBe('2026-06-20');
    expect(screen.getByText('Showing 1–11 of 11')).toBeInTheDocument();

    await app.user.tripleClick(from);
    await app.user.keyboard('22/06/2026');
    expect(await screen.findByText('Showing 1–9 of 9')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'false');

    // The last day before the first: said, and nothing changes.
    const to = screen.getByLabelText('To');
    await app.user.type(to, '1/6/2026');
    await app.user.tab();
    expect(screen.getByText('From must be on or before To')).toBeInTheDocument();
    expect(search(app).get('to')).toBeNull();
    // And the list says it keeps the days it had.
    expect(to).toHaveAccessibleDescription(
      'From must be on or before To Day/month/year, such as 26/11/2026. Until then the list keeps the days it had.',
    );
  });

  it('reads its filters from the address and drops values it cannot use', async () => {
    renderApp('/wp-user/dashboard/statements?type=debit&status=nope&from=2026-02-30&page=7&q=%22entry%22');
    // The type and the words kept (the 10 debits less the café's); the status, the impossible day dropped; the
    // page past the end shows the last one.
    expect(await screen.findByText('Showing 1–9 of 9')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Debit');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All statuses');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('entry');
  });

  it("says when nothing matches, and 'Clear filters' shows every row again", async () => {
    const app = renderApp('/wp-user/dashboard/statements?q=%22no%20such%20thing%22');
    expect(
      await screen.findByText('No transactions match these filters', { selector: 'p.font-semibold' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Statements & Report' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await app.user.click(clear.at(-1) ?? clear[0]!);
    expect(await screen.findByText('Showing 1–25 of 30')).toBeInTheDocument();
    expect(app.router.history.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('');
  });

  it('exports every matching row (not only this page) as a CSV file', async () => {
    let exported: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      exported = blob;
      return 'blob:statement';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.csv$/u);
      expect(this.href).toBe('blob:statement');
    });
    const app = renderApp('/wp-user/dashboard/statements?page=2');
    expect(await screen.findByText('Showing 26–30 of 30')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const lines = (exported === undefined ? '' : await readText(exported)).split('\r\n');
    expect(exported?.type).toBe('text/csv;charset=utf-8');
    expect(lines[0]).toBe('Date,Name,Type,Status,Amount');
    expect(lines).toHaveLength(31);
    expect(lines[1]).toBe('30/6/2026,Entry 1,credit,successful,10.00');
    expect(lines).toContain('26/6/2026,"Card payment: Café ""Le Coin"", Paris",debit,successful,-14.00');
    // The date and the status read as the table on screen writes them.
    const [, shownDate, , shownStatus] = within(bodyRows()[3]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(bodyRows()[3]).toHaveTextContent('Entry 29');
    expect(lines).toContain(`${shownDate ?? ''},Entry 29,debit,${shownStatus ?? ''},-38.00`);
    expect(shownStatus).toBe('failed');
    vi.unstubAllGlobals();
  });

  it('prints a statement of every matching row with the holder, the account and the filters', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const app = renderApp('/wp-user/dashboard/statements?status=failed');
    await screen.findByText('Showing 1–6 of 6');
    await app.user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    const printed = screen.getByRole('region', { name: 'Printed statement' });
    await waitFor(() => {
      expect(printed).toHaveTextContent('Dana Demo');
    });
    expect(printed).toHaveTextContent('Failed');
    expect(within(printed).getAllByRole('row')).toHaveLength(7);
  });
});
