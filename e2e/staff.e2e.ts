/**
 * The staff console on a phone and on a desktop: no sideways scroll at 320, 390 and 1280 px, every
 * decision reachable with the keyboard, the identity documents shown as pictures, money written as the
 * portal writes it, nothing missing (its icon included); a screenshot of each width is kept under
 * test-results/screens.
 */
import { expect, test, screenshotPath } from './fixtures';

for (const width of [320, 390, 1280]) {
  test(`the staff console at ${width} px: fits, loads the documents, groups money`, async ({ page, bank, axe }) => {
    const state = (await bank.staff('state', 'GET')) as { customers: { email: string; balanceText: string }[] };
    expect(state.customers.find((c) => c.email === 'demo@bank.test')?.balanceText).toBe('$5,120.00');
    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
    });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/__mock/staff/');

    const customers = page.getByRole('table', { name: 'Customers' });
    await expect(customers.getByRole('row', { name: /demo@bank\.test/u })).toContainText('$5,120.00');
    const requests = page.getByRole('table', { name: 'Pending requests' });
    await expect(requests.getByRole('row', { name: /fixed-deposit/u })).toContainText('$1,000.00');

    const front = page.getByRole('img', { name: 'ID front of Paul Pending' });
    await front.scrollIntoViewIfNeeded();
    await expect
      .poll(() => front.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, 'sideways scroll').toBeLessThanOrEqual(innerWidth);

    // Nothing the page asks for is missing, its icon included.
    expect(failed).toEqual([]);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect((await page.request.get(icon ?? '/none')).headers()['content-type']).toMatch(/^image\/svg\+xml/u);

    await page.screenshot({ path: screenshotPath(`${width}-staff-console.png`), fullPage: true });
    await axe(`staff console at ${width} px`);
  });
}

test('the staff console by keyboard: every decision is a tab stop', async ({ page, bank }) => {
  expect(await bank.outbox('demo@bank.test')).toEqual([]); // a freshly seeded bank
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/__mock/staff/');
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();

  const reached = new Set<string>();
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    reached.add(await page.evaluate(() => document.activeElement?.textContent.trim() ?? ''));
  }
  for (const name of ['Approve', 'Decline', 'Confirm', 'Set message…', 'Clear']) expect(reached).toContain(name);

  // A decision by keyboard alone.
  await page
    .getByRole('table', { name: 'Identity checks awaiting review' })
    .getByRole('button', { name: 'Approve' })
    .focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Approve: done');
});
