/**
 * The request journal in the staff console: a persona signs in through the portal, and the console's
 * "Request journal" lists those calls (newest first, the passcode masked), live, filtered and cleared,
 * on a 320 px phone.
 */
import { expect, PASSCODE, test, typeCode, screenshotPath } from './fixtures';

test('the staff console shows the portal sign-in in the request journal, the passcode masked', async ({
  page,
  bank,
  axe,
}) => {
  expect(await bank.outbox('demo@bank.test')).toEqual([]); // a freshly seeded bank
  // A reset keeps the journal: start from an empty one.
  expect((await page.request.delete('/__mock/journal')).ok()).toBe(true);

  await page.goto('/wp-user/account/login');
  await page.getByLabel('E-mail').fill('demo@bank.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await typeCode(page, 'Passcode', PASSCODE);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 12_000 });
  // The dashboard's own calls have answered before the console opens.
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$', { timeout: 12_000 });

  await page.setViewportSize({ width: 320, height: 900 });
  await page.goto('/__mock/staff/');
  await page.getByRole('link', { name: 'Request journal' }).click();
  const journal = page.getByRole('table', { name: 'Request journal' });
  const rows = journal.getByRole('rowgroup').last().getByRole('row');

  const login = rows.filter({ hasText: 'crud=userlogin' });
  await expect(login).toHaveCount(1);
  await expect(login).toContainText('demo@bank.test');
  await expect(login).toContainText('password: ***');
  await expect(login).toContainText('matches the contract');
  await expect(rows.filter({ hasText: 'crud=iduser' })).toContainText('email: demo@bank.test');
  // The dashboard's calls after it, newest first, each with its token masked.
  await expect(rows.first()).toContainText('token: ***');
  await expect(rows.last()).toContainText('crud=iduser');
  await expect(journal).not.toContainText(PASSCODE);

  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'sideways scroll').toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: screenshotPath('320-staff-journal.png'), fullPage: true });
  await axe('staff console journal at 320 px');

  // Filtered, and live: a call made now appears without a reload.
  await page.getByLabel('Operation').fill('lookupUser');
  await expect(rows).toHaveCount(1);
  await page.request.post('/api/users.php?crud=iduser', { form: { email: 'nopin@bank.test' } });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('nopin@bank.test');
  await page.getByLabel('Status').fill('abc');
  await expect(page.getByText('status: must be an HTTP status such as 200')).toBeVisible();
  await page.getByLabel('Status').fill('');

  await page.getByRole('button', { name: 'Clear the journal' }).click();
  await expect(page.getByText('No calls yet.')).toBeVisible();
});
