/** Journeys in the dashboard: notifications and the menu count, settings, profile, PIN creation. */
import type { Page } from '@playwright/test';
import { choose, expect, PASSCODE, PIN, pngFile, screenshotPath, test, typeCode } from './fixtures';
import { overflowAtEachWidth } from './overflow';

const card = (page: Page, title: string) =>
  page.locator('[data-slot=card]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('the home page shows the balance, the account and the recent transactions', async ({ signIn }) => {
  const page = await signIn('demo@bank.test');
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$5,120.00');
  await expect(page.getByText('Transfer to Sam Lee').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('in progress').filter({ visible: true }).first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Quick actions' }).getByRole('button', { name: 'Loan' }).click();
  await expect(page.getByText('Not Available in your region', { exact: true }).filter({ visible: true })).toBeVisible();
});

test('notifications: mark as read, and the menu count follows', async ({ signIn }) => {
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/notifications');
  const menuLink = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Notifications/u });
  await expect(menuLink).toContainText('2');
  await page.getByRole('button', { name: 'Mark as read' }).first().click();
  await expect(page.getByText('Marked as read').first()).toBeVisible();
  await expect(menuLink).toContainText('1');
  await expect(page.getByRole('button', { name: 'Mark as read' })).toHaveCount(1);
});

test('settings: e-mail, passcode and PIN changes', async ({ signIn, bank, request }) => {
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/settings');

  const pin = card(page, 'Transaction PIN');
  await pin.getByLabel('Current PIN').fill(PIN);
  await pin.getByLabel('New PIN', { exact: true }).fill('4321');
  await pin.getByLabel('Confirm new PIN').fill('4321');
  await pin.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Action Successful').first()).toBeVisible();
  // A saved change empties its form (an earlier toast may still be up, so this is what tells them apart).
  await expect(pin.getByLabel('Current PIN')).toHaveValue('');

  const passcode = card(page, 'Passcode');
  await passcode.getByLabel('Current passcode').fill(PASSCODE);
  await passcode.getByLabel('New passcode', { exact: true }).fill('112233');
  await passcode.getByLabel('Confirm new passcode').fill('332211');
  await expect(passcode.getByText('Password Mismatch')).toBeVisible();
  await expect(passcode.getByRole('button', { name: 'Save' })).toBeDisabled();
  await passcode.getByLabel('Confirm new passcode').fill('112233');
  await passcode.getByRole('button', { name: 'Save' }).click();
  await expect(passcode.getByLabel('Current passcode')).toHaveValue('');

  const email = card(page, 'E-mail address');
  await email.getByLabel('New e-mail address', { exact: true }).fill('dana.demo@bank.test');
  await email.getByLabel('Confirm new e-mail address').fill('dana.demo@bank.tset');
  await expect(email.getByText('The two addresses differ')).toBeVisible();
  await expect(email.getByRole('button', { name: 'Save' })).toBeDisabled();
  await email.getByLabel('Confirm new e-mail address').fill('dana.demo@bank.test');
  await email.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('At your next sign-in, confirm it with the code we sent to it.').first()).toBeVisible();
  await expect(email.getByLabel('New e-mail address', { exact: true })).toHaveValue('');

  // The old address was told; the new one signs in once confirmed with the code sent to it.
  expect((await bank.outbox('demo@bank.test'))[0]?.kind).toBe('notice');
  const code = await bank.latestCode('dana.demo@bank.test', 'verify-email');
  const verified = await request.post('/api/users.php?crud=verifyuser', {
    form: { email: 'dana.demo@bank.test', ver_code: code, action: 'code' },
  });
  expect(verified.ok()).toBe(true);
  // The bank now knows the new address, passcode and PIN.
  await expect(bank.token('dana.demo@bank.test', '112233')).resolves.toBeTruthy();
});

test('an e-mail change long after signing in: the card says why, and the passcode there signs in again and saves it', async ({
  signIn,
  request,
  axe,
}) => {
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/settings');
  // The bank's clock moves 11 minutes on: the session is older than an e-mail change allows (10).
  expect((await request.post('/__mock/clock', { data: { advanceMinutes: 11 } })).ok()).toBe(true);
  const email = card(page, 'E-mail address');
  await email.getByLabel('New e-mail address', { exact: true }).fill('dana.demo@bank.test');
  await email.getByLabel('Confirm new e-mail address').fill('dana.demo@bank.test');
  await email.getByRole('button', { name: 'Save' }).click();
  const alert = email.getByRole('alert');
  await expect(alert).toContainText('For your security, sign in again to change your e-mail address');
  await expect(email.getByLabel('New e-mail address', { exact: true })).toHaveValue('dana.demo@bank.test');
  await page.screenshot({ path: screenshotPath('1280-settings-sign-in-again.png'), fullPage: true });
  await axe('settings: sign in again');
  expect(await overflowAtEachWidth(page, 'settings: sign in again')).toEqual([]);
  await page.setViewportSize({ width: 320, height: 800 });
  await alert.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('320-settings-sign-in-again.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  const passcode = alert.getByLabel('Passcode');
  await passcode.fill('654321');
  await alert.getByRole('button', { name: 'Sign in and save' }).click();
  await expect(alert).toContainText('Incorrect passcode.');
  await expect(passcode).toHaveValue('');
  await passcode.fill('123456');
  await alert.getByRole('button', { name: 'Sign in and save' }).click();
  await expect(page.getByText('E-mail address changed').first()).toBeVisible();
  await expect(email.getByText('dana.demo@bank.test')).toBeVisible();
  await expect(email.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/settings$/u);
  await page.screenshot({ path: screenshotPath('1280-settings-signed-in-again.png'), fullPage: true });
});

test('profile: details and a new picture', async ({ signIn }) => {
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/profile');
  await page.getByLabel('Full name').fill('Dana D. Demo');
  await page.getByLabel('Next of kin').fill('Alex Demo');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Action Successful!').first()).toBeVisible();

  await page.getByLabel('Choose picture').setInputFiles(pngFile('me.png'));
  await page.getByRole('button', { name: 'Upload picture' }).click();
  await expect(page.getByText('Action Successful!').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Dana D. Demo');
  const picture = page.getByRole('img', { name: /Picture of Dana D\. Demo/u }).first();
  await expect(picture).toHaveAttribute('src', /\/__mock\/uploads\//u);
});

test('PIN creation: a customer without a PIN creates one and lands on the dashboard', async ({ signIn }) => {
  const page = await signIn('nopin@bank.test');
  await expect(page).toHaveURL(/\/dashboard\/pincreation$/u);
  await typeCode(page, 'New PIN', '2468');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/pincreation\/new1$/u);
  await typeCode(page, 'Confirm PIN', '2460');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText('We have detected that the PIN you entered does not match. Please Re-enter PIN.').first(),
  ).toBeVisible();
  await typeCode(page, 'Confirm PIN', '2468');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Your transaction PIN has been successfully created.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 8_000 });
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$250.00');
});

test('the money pages say what they do, list the available methods first, and an upgrade request names its plan', async ({
  signIn,
}) => {
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/make-payment');
  await expect(page.getByText(/Pay the bank for a purpose you choose/u)).toBeVisible();
  const methods = page.getByRole('list', { name: 'Payment methods' }).getByRole('listitem');
  await expect(methods.first()).toContainText('Crypto Deposit');
  await expect(methods.nth(1)).toContainText('Bank Transfer (wire from another bank)');
  await expect(methods.nth(1)).toContainText('Not available for your region');
  await expect(page.getByText(/Wire money in/u)).toHaveCount(0);

  await page.goto('/wp-user/dashboard/upgrade');
  await expect(page.getByRole('spinbutton', { name: 'Amount' })).toHaveAccessibleDescription(
    "In your account's currency ($), not in the coin.",
  );
  await choose(page, 'Plan', 'Premium');
  await page.getByLabel('Payment Proof').setInputFiles(pngFile('receipt.png'));
  await page.getByRole('button', { name: 'Submit Upgrade' }).click();
  await expect(page.getByText('Payment Pending!').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Upgrade Requests' }).getByRole('listitem').first()).toContainText(
    /Premium\s*Paid in BTC/u,
  );
});
