/**
 * The admin area's clock and snapshots, on a phone-sized screen and by keyboard: moving the bank's time
 * forward shows the new bank time (and health tells the offset); a snapshot saved, the bank changed, the
 * snapshot restored (after asking) brings the old state back.
 */
import { expect, screenshotPath, signInAsAdmin, test } from './fixtures';

test('the clock: +1 day, a custom number of minutes, and back to real time, at 320 px', async ({
  page,
  request,
  axe,
}) => {
  await page.setViewportSize({ width: 320, height: 900 });
  await signInAsAdmin(page, '/wp-user/admin/clock');
  await expect(page.getByText('(real time)')).toBeVisible();

  await page.getByRole('group', { name: 'Move the clock forward' }).getByRole('button', { name: '+1 day' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('(1 day ahead)')).toBeVisible();
  await expect(page.getByRole('status')).toContainText("The bank's time is now");
  expect(await (await request.get('/__mock/health')).json()).toEqual({ ok: true, clockOffsetMinutes: 1440 });

  await page.getByRole('textbox', { name: 'Minutes' }).fill('90');
  await page.getByRole('textbox', { name: 'Minutes' }).press('Enter');
  await expect(page.getByText('(1 day 1 h 30 min ahead)')).toBeVisible();

  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'sideways scroll').toBeLessThanOrEqual(innerWidth);
  await page.screenshot({ path: screenshotPath('320-admin-clock.png'), fullPage: true });
  await axe('admin clock at 320 px');

  await page.getByRole('button', { name: 'Back to real time' }).click();
  await expect(page.getByText('(real time)')).toBeVisible();
  expect(await (await request.get('/__mock/clock')).json()).toMatchObject({ offsetMinutes: 0 });
});

test('a snapshot: save it, change the bank, restore it, delete it', async ({ page, bank }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await signInAsAdmin(page, '/wp-user/admin/snapshots');
  await expect(page.getByText('No snapshots yet.')).toBeVisible();

  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('not ok');
  await name.press('Enter');
  await expect(page.getByText(/^Must be 1 to 64 letters/u)).toBeVisible();
  await name.fill('before-approval');
  await name.press('Enter');
  await expect(page.getByText('Saved as before-approval.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved snapshots' })).toContainText('before-approval');

  // Change the bank: approve the pending identity check.
  await bank.staff('kyc/kyc-pending@bank.test/approve');

  await page.getByRole('button', { name: 'Restore before-approval' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Restored before-approval.')).toBeVisible();
  const state = (await bank.staff('state', 'GET')) as { customers: { email: string; kyc: string }[] };
  expect(state.customers.find((c) => c.email === 'kyc-pending@bank.test')?.kyc).toBe('Pending Verification');

  await page.getByRole('button', { name: 'Delete before-approval' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted before-approval.')).toBeVisible();
  await expect(page.getByText('No snapshots yet.')).toBeVisible();
});
