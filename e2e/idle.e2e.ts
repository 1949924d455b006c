/**
 * The idle session in the browser, on the page's own clock moved by the test: the warning a minute before
 * the end, the end at 5:00 with the reason on the login page, and two tabs that keep each other alive and
 * answer the warning together.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Are you still there?' });
const IDLE_MESSAGE = 'You were signed out because your session was inactive for too long. Please sign in again.';

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test('warns at 4:00 without activity and ends the session at 5:00, saying why', async ({ signIn, page }) => {
  await signIn('demo@bank.test');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  await page.clock.fastForward('03:50');
  await expect(warning(page)).toBeHidden();
  await page.clock.fastForward('00:15');
  await expect(warning(page)).toBeVisible();
  await expect(warning(page)).toContainText(/You will be signed out in 0:[45]\d/u);
  await expect(page.getByRole('button', { name: 'Stay signed in' })).toBeFocused();

  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/account\/login\?ended=idle$/u);
  await expect(page.getByText(IDLE_MESSAGE)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('baUid'))).toBeNull();
});

test('two tabs: activity in one keeps the other, staying in one closes both warnings', async ({ signIn, page }) => {
  await signIn('demo@bank.test');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const other = await page.context().newPage();
  await other.goto('/wp-user/dashboard');
  await expect(other.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Three minutes on, the user works in the first tab only.
  await page.clock.fastForward('03:00');
  await page.mouse.move(40, 40);
  await page.mouse.move(80, 80);
  // The activity reaches the other tab as a message between tabs, which the pages' installed clock does not
  // carry: a moment of real time lets it arrive before the clock jumps on.
  await page.waitForTimeout(500);
  await page.clock.fastForward('02:30');
  await expect(warning(other)).toBeHidden();
  await expect(other).toHaveURL(/\/dashboard$/u);

  // Nobody does anything for 4 minutes: both warn; staying in one closes the other's warning too.
  await page.clock.fastForward('01:40');
  await expect(warning(page)).toBeVisible();
  await expect(warning(other)).toBeVisible();
  await other.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning(other)).toBeHidden();
  await expect(warning(page)).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/u);
});
