/**
 * The staff console's clock and snapshots, on a phone-sized screen and by keyboard: moving the bank's
 * time forward shows the new bank time (and health tells the offset); a snapshot saved, the bank
 * changed, the snapshot restored brings the old state back.
 */
import { expect, test, screenshotPath } from './fixtures';

const MINUTE = 60_000;

test.afterEach(async ({ request }) => {
  // Snapshots outlive a reset of the bank: leave none behind for the next test.
  const list = (await (await request.get('/__mock/snapshots')).json()) as { name: string }[];
  for (const { name } of list) await request.delete(`/__mock/snapshots/${encodeURIComponent(name)}`);
  await request.post('/__mock/clock', { data: { reset: true } });
});

test('the clock: +1 day, a custom number of minutes, and back to real time, at 320 px', async ({
  page,
  request,
  bank,
  axe,
}) => {
  expect(await bank.outbox('demo@bank.test')).toEqual([]); // a freshly seeded bank
  await page.setViewportSize({ width: 320, height: 900 });
  await page.goto('/__mock/staff/');
  const time = page.locator('#clock-time');
  const offset = page.locator('#clock-offset');
  await expect(offset).toHaveText('(real time)');
  const before = Date.parse((await time.getAttribute('datetime')) ?? '');

  await page.getByRole('group', { name: 'Advance the clock by' }).getByRole('button', { name: '+1 day' }).focus();
  await page.keyboard.press('Enter');
  await expect(offset).toHaveText('(1 day ahead)');
  await expect(page.getByRole('status')).toHaveText('Clock: +1 day done');
  const after = Date.parse((await time.getAttribute('datetime')) ?? '');
  expect(after - before).toBeGreaterThanOrEqual(1440 * MINUTE);
  expect(after - before).toBeLessThan(1441 * MINUTE);
  expect(await (await request.get('/__mock/health')).json()).toEqual({ ok: true, clockOffsetMinutes: 1440 });

  await page.getByLabel('Minutes').fill('90');
  await page.getByLabel('Minutes').press('Enter');
  await expect(offset).toHaveText('(1 day 1 h 30 min ahead)');

  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'sideways scroll').toBeLessThanOrEqual(innerWidth);
  await page.getByRole('heading', { name: 'Clock' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('320-staff-clock.png'), fullPage: true });
  await axe('staff console clock at 320 px');

  await page.getByRole('button', { name: 'Reset to real time' }).click();
  await expect(offset).toHaveText('(real time)');
  expect(await (await request.get('/__mock/clock')).json()).toMatchObject({ offsetMinutes: 0 });
});

test('a snapshot: save it, change the bank, restore it, delete it', async ({ page, bank }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/__mock/staff/');
  const kyc = page.getByRole('table', { name: 'Identity checks awaiting review' });
  await expect(kyc.getByRole('row', { name: /kyc-pending@bank\.test/u })).toBeVisible();
  await expect(page.locator('#snapshots')).toHaveText('No snapshots yet.');

  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('before-approval');
  await name.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Snapshot before-approval saved');
  const snapshots = page.getByRole('table', { name: 'Snapshots' });
  await expect(snapshots.getByRole('row', { name: /before-approval/u })).toBeVisible();

  // A name the bank refuses says why.
  await name.fill('not ok');
  await name.press('Enter');
  await expect(page.getByRole('status')).toContainText('name: must be 1 to 64 letters');

  // Change the bank: approve the pending identity check.
  await bank.staff('kyc/kyc-pending@bank.test/approve');
  await page.reload();
  await expect(page.getByRole('table', { name: 'Identity checks awaiting review' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Restore before-approval' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Restore before-approval: done');
  await expect(kyc.getByRole('row', { name: /kyc-pending@bank\.test/u })).toBeVisible();
  const state = (await bank.staff('state', 'GET')) as { customers: { email: string; kyc: string }[] };
  expect(state.customers.find((c) => c.email === 'kyc-pending@bank.test')?.kyc).toBe('Pending Verification');

  await page.getByRole('button', { name: 'Delete before-approval' }).click();
  await expect(page.getByRole('status')).toHaveText('Delete before-approval: done');
  await expect(page.locator('#snapshots')).toHaveText('No snapshots yet.');
});
