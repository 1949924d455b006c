/**
 * The admin area of the portal: the admin signs in on the portal's own login, approves an identity check
 * and confirms a deposit, and the customers then see the result; at 320, 390 and 1280 px it fits without
 * sideways scroll and passes axe; a decision by keyboard alone. The staff address leads to it.
 */
import {
  adminSignsIn,
  approveAndConfirm,
  customerSignsIn,
  expect,
  PASSCODE,
  screenshotPath,
  signInAsAdmin,
  test,
  typeCode,
} from './fixtures';
import { overflowAtEachWidth } from './overflow';

test('the admin signs in on the portal, approves a KYC case and confirms a deposit; the customers see it', async ({
  page,
  browser,
}) => {
  await page.goto('/__mock/staff/');
  await expect(page).toHaveURL(/\/wp-user\/account\/login$/u);
  await adminSignsIn(page);
  await approveAndConfirm(page);

  const customer = await (await browser.newContext()).newPage();
  await customerSignsIn(customer, 'demo@bank.test');
  await expect(customer.getByRole('region', { name: 'Available Balance' })).toContainText('$5,620.00');
  await customer.context().close();
  const approved = await (await browser.newContext()).newPage();
  await customerSignsIn(approved, 'kyc-pending@bank.test');
  await expect(approved.getByText('Welcome Back').first()).toBeVisible();
  await approved.context().close();
});

test('an approved KYC case e-mails the customer that the account is ready, to sign in', async ({ page, bank }) => {
  await signInAsAdmin(page, '/wp-user/admin/kyc');
  const kyc = page.getByRole('list', { name: 'Identity checks awaiting review' }).getByRole('listitem').first();
  await kyc.getByRole('button', { name: /^Approve Paul Pending/u }).click();
  await expect(kyc.getByRole('status')).toHaveText('Approved.');
  const [message] = await bank.outbox('kyc-pending@bank.test');
  expect(message).toMatchObject({ kind: 'notice', subject: 'Your account is ready' });
  expect(message?.text).toContain('your account is ready. Sign in');
  expect(message?.link).toMatch(/\/wp-user\/account\/login$/u);
});

for (const width of [320, 390, 1280]) {
  test(`the admin area at ${width} px: fits, shows the documents, passes axe`, async ({ page, axe }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page, '/wp-user/admin/kyc');
    const front = page.getByRole('img', { name: 'ID, front, sent by Paul Pending' });
    await expect
      .poll(() => front.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    for (const section of [
      'KYC cases',
      'Pending requests',
      'Account messages',
      'Request journal',
      'Clock',
      'Snapshots',
      'Faults',
      'Reset',
      'Sandboxes',
    ]) {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section }).click();
      await expect(page.getByRole('heading', { level: 1, name: section })).toBeVisible({ timeout: 20_000 });
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `sideways scroll in ${section}`).toBeLessThanOrEqual(innerWidth);
      await axe(`admin area ${section} at ${width} px`);
    }
    // Back to a section whose link the menu's row (sideways on a phone) has scrolled out of view: it is shown.
    const current = page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Pending requests' });
    await current.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pending requests' })).toBeVisible();
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect
      .poll(() =>
        current.evaluate((link) => {
          const row = link.closest('ul')?.getBoundingClientRect();
          const box = link.getBoundingClientRect();
          return row !== undefined && box.left >= row.left - 1 && box.right <= row.right + 1;
        }),
      )
      .toBe(true);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: screenshotPath(`${width}-admin-requests.png`), fullPage: true });
  });
}

test("an account message of long unbroken words wraps: in the admin area and on the customer's notice", async ({
  page,
  bank,
  browser,
}) => {
  const word = `https://bank.example/${'x'.repeat(90)}`;
  await bank.staff('customers/demo@bank.test/notice', 'POST', { head: `Read ${word}`, body: `Please open ${word}` });
  await signInAsAdmin(page, '/wp-user/admin/messages');
  await expect(page.getByText(`Read ${word}`)).toBeVisible();
  expect(await overflowAtEachWidth(page, 'admin account messages')).toEqual([]);

  const customer = await (await browser.newContext()).newPage();
  await customer.goto('/wp-user/account/login');
  await customer.getByLabel('E-mail').fill('demo@bank.test');
  await customer.getByRole('button', { name: 'Next' }).click();
  await typeCode(customer, 'Passcode', PASSCODE);
  await customer.getByRole('button', { name: 'Sign in' }).click();
  await expect(customer.getByRole('heading', { name: `Read ${word}` })).toBeVisible();
  expect(await overflowAtEachWidth(customer, 'the notice of a long message')).toEqual([]);
  await customer.context().close();
});

test('the admin area by keyboard: a decline asks first, and Cancel has the focus', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAsAdmin(page, '/wp-user/admin/kyc');
  await page.getByRole('button', { name: /^Decline Paul Pending/u }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Decline the identity check of Paul Pending?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: /^Approve Paul Pending/u }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Approved.')).toBeVisible();
});
