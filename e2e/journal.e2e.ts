/**
 * The request journal in the admin area: a persona signs in through the portal, and the journal lists
 * those calls (newest first, the passcode masked), live, filtered and cleared (after asking), on a
 * 320 px phone.
 */
import { customerSignsIn, expect, PASSCODE, screenshotPath, signInAsAdmin, test } from './fixtures';

test('the admin area shows the portal sign-in in the request journal, the passcode masked', async ({
  page,
  browser,
  axe,
}) => {
  const customer = await (await browser.newContext()).newPage();
  await customerSignsIn(customer, 'demo@bank.test');
  await expect(customer.getByRole('region', { name: 'Available Balance' })).toContainText('$');
  await customer.context().close();

  await page.setViewportSize({ width: 320, height: 900 });
  await signInAsAdmin(page, '/wp-user/admin/journal');
  const journal = page.getByRole('list', { name: 'Request journal' });
  // The customer's sign-in (the admin's own comes after it).
  const login = journal
    .locator(':scope > li')
    .filter({ hasText: 'crud=userlogin' })
    .filter({ hasText: 'demo@bank.test' });
  await expect(login).toHaveCount(1);
  await expect(login).toContainText('demo@bank.test');
  await expect(login).toContainText('password: ***');
  await expect(login).toContainText('matches the contract');
  await expect(journal).not.toContainText(PASSCODE);

  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'sideways scroll').toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: screenshotPath('320-admin-journal.png'), fullPage: true });
  await axe('admin journal at 320 px');

  // Filtered, and live: a call made now appears without a reload.
  const items = journal.locator(':scope > li');
  await page.getByRole('combobox', { name: 'Operation' }).fill('lookupUser');
  await expect(items).toHaveCount(1);
  await page.request.post('/api/users.php?crud=iduser', { form: { email: 'nopin@bank.test' } });
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('nopin@bank.test');
  await page.getByRole('textbox', { name: 'Status' }).fill('abc');
  await expect(page.getByText('Must be an HTTP status such as 200')).toBeVisible();
  await page.getByRole('textbox', { name: 'Status' }).fill('');

  await page.getByRole('button', { name: 'Clear the journal' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear the journal' }).click();
  await expect(page.getByText('The journal was cleared.')).toBeVisible();
});
