/** 'Statements & Report' with a long history: filters kept in the address, pages, CSV export and print. */
import { mkdir, readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { choose, expect, test } from './fixtures';

const STATEMENTS = '/wp-user/dashboard/statements';
const SCREENSHOTS = '/tmp/st';

const showing = (page: Page) => page.getByText(/^Showing \d+–\d+ of \d+$/u);

test('filter, reload, page through, export and print a long statement', async ({ signIn, axe }) => {
  const page = await signIn('history@bank.test', STATEMENTS);
  await expect(page.getByRole('heading', { name: 'Statements & Report', level: 1 })).toBeVisible();
  await expect(showing(page)).toHaveText(/^Showing 1–25 of (2[89]\d|3[0-2]\d)$/u);
  await axe('statements');

  // Filters: debit card payments; the address holds them.
  await choose(page, 'Type', 'Debit');
  await expect(page).toHaveURL(/[?&]type=debit/u);
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('card payment');
  await expect(page).toHaveURL(/[?&]q=card(\+|%20)payment/u);
  const total = Number(/of (\d+)$/u.exec((await showing(page).textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(100);
  const rows = page.getByRole('table', { name: 'Statements & Report' }).getByRole('row');
  await expect(rows).toHaveCount(26);
  await expect(rows.filter({ hasText: 'Card payment' })).toHaveCount(25);

  // A reload keeps them.
  await page.reload();
  await expect(showing(page)).toHaveText(`Showing 1–25 of ${String(total)}`);
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveText('Debit');
  await expect(page.getByRole('searchbox', { name: 'Search by name' })).toHaveValue('card payment');

  // Page through.
  const pages = page.getByRole('navigation', { name: 'Statement pages' });
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(showing(page)).toHaveText(`Showing 26–50 of ${String(total)}`);
  await expect(page).toHaveURL(/[?&]page=2/u);
  await expect(pages.getByText(`Page 2 of ${String(Math.ceil(total / 25))}`)).toBeVisible();
  // On phones too, Next keeps to the line of Previous.
  const viewport = page.viewportSize();
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    const previous = await pages.getByRole('link', { name: 'Previous' }).boundingBox();
    const next = await pages.getByRole('link', { name: 'Next' }).boundingBox();
    expect(Math.abs((next?.y ?? 0) - (previous?.y ?? -100))).toBeLessThan(2);
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.goBack();
  await expect(showing(page)).toHaveText(`Showing 1–25 of ${String(total)}`);

  // Export every matching row, not only the page.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.csv$/u);
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe('Date,Name,Type,Status,Amount');
  expect(lines).toHaveLength(total + 1);
  for (const line of lines.slice(1))
    expect(line).toMatch(
      /^\d{1,2}\/\d{1,2}\/\d{4},("?)'?Card payment: .*\1,debit,(successful|in progress|failed),-\d+\.\d{2}$/u,
    );
  expect(csv).toContain(',"Card payment: Café ""Le Coin"", Paris",debit,');

  // Print: the statement alone, every matching row, the navigation and the controls hidden.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('searchbox', { name: 'Search by name' })).toBeHidden();
  const printed = page.getByRole('region', { name: 'Printed statement' });
  await expect(printed).toBeVisible();
  await expect(printed).toContainText('Hugo History');
  await expect(printed).toContainText('Debits · Name contains "card payment"');
  await expect(printed.getByRole('row')).toHaveCount(total + 1);
  await expect(printed.getByRole('row').nth(1)).toBeVisible();
  // The page's count of every transaction stays on screen: on paper the statement says how many it lists.
  await expect(page.getByText(/^Every transaction on your account: \d+ in all\.$/u)).toBeHidden();
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/statement-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
});

test('an address with values it cannot use still shows the statement, and an empty result can be cleared', async ({
  signIn,
}) => {
  const page = await signIn('history@bank.test', `${STATEMENTS}?type=loan&status=maybe&from=2025-02-30&page=-1`);
  await expect(showing(page)).toHaveText(/^Showing 1–25 of \d+$/u);
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('no such shop');
  await page.getByRole('searchbox', { name: 'Search by name' }).press('Enter');
  await expect(page.getByText('No transactions match these filters').first()).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(showing(page)).toHaveText(/^Showing 1–25 of \d+$/u);
  await expect(page).toHaveURL(new RegExp(`${STATEMENTS}$`, 'u'));
  await page.screenshot({ path: `${SCREENSHOTS}/statement-screen.png`, fullPage: true });
});

test('the days are written one way: in the rows and in the range filter', async ({ signIn }) => {
  const page = await signIn('history@bank.test', STATEMENTS);
  await expect(showing(page)).toHaveText(/^Showing 1–25 of \d+$/u);
  const firstRow = page.getByRole('table', { name: 'Statements & Report' }).getByRole('row').nth(1);
  // The rows: day/month/year (the history's newest row is today, so the day is at most 31 and comes first).
  await expect(firstRow).toContainText(/(?:^|\D)(?:[1-9]|[12]\d|3[01])\/(?:[1-9]|1[0-2])\/\d{4}(?:\D|$)/u);

  const from = page.getByRole('textbox', { name: 'From' });
  await expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  await expect(from).toHaveAccessibleDescription('Day/month/year, such as 26/11/2026');
  await from.fill('1/1/2020');
  await expect(page).toHaveURL(/[?&]from=2020-01-01/u);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue('1/1/2020');

  // A month-first day is not read as another day: the field says so and the filter stays.
  const to = page.getByRole('textbox', { name: 'To' });
  await to.fill('12/31/2030');
  await to.blur();
  await expect(page.getByText('Enter a real day as day/month/year, such as 26/11/2026')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]to=/u);
  await expect(to).toHaveAttribute('aria-invalid', 'true');
});
