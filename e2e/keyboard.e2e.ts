/**
 * The sign-up to transfer journey with the keyboard alone: every control is reached with Tab (the
 * helper proves it can be, in order) and operated with keys. File choosers are the operating system's,
 * so the three KYC images are handed to the focused file inputs, as a screen reader user's chooser would.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, pngFile, test } from './fixtures';

const PNG = pngFile('id.png');

/** Presses Tab until `target` has focus; fails if it takes more than `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reachable with Tab within ${limit} presses`).toBeFocused();
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

async function press(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

test('sign-up to a transfer, keyboard only', async ({ page, bank }) => {
  test.setTimeout(120_000);
  const email = 'kim.keys@bank.test';
  await page.goto('/wp-user/');
  await press(page, page.getByRole('link', { name: "Let's Get Started" }));

  await typeInto(page, page.getByLabel('First name'), 'Kim');
  await typeInto(page, page.getByLabel('Last name'), 'Keys');
  await typeInto(page, page.getByLabel('Username'), 'kimkeys');
  await typeInto(page, page.getByLabel('E-mail'), email);
  await typeInto(page, page.getByLabel('Passcode', { exact: true }), '246810');
  await typeInto(page, page.getByLabel('Confirm passcode'), '246810');
  await press(page, page.getByRole('checkbox'), 'Space');
  await press(page, page.getByRole('button', { name: 'Create account' }));
  await expect(page).toHaveURL(/\/account\/verify\//u, { timeout: 10_000 });

  const code = await bank.latestCode(email, 'verify-email');
  await typeInto(page, page.getByRole('group', { name: 'Verification code' }).getByRole('textbox').first(), code);
  await press(page, page.getByRole('button', { name: 'Confirm Code' }));
  await expect(page).toHaveURL(/\/account\/kyc\/form$/u, { timeout: 10_000 });

  await press(page, page.getByRole('combobox', { name: 'Country' }));
  // Type-ahead: the list highlights the country typed. On a busy machine the keys can arrive further apart than
  // the list's type-ahead window, so the word is typed again (after that window) until Germany is highlighted.
  const germany = page.getByRole('option', { name: 'Germany', exact: true });
  await expect(async () => {
    await page.keyboard.type('Germany');
    await expect(germany).toBeFocused({ timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveText('Germany');
  await typeInto(page, page.getByLabel('Phone number'), '+49 30 1234567');
  await typeInto(page, page.getByLabel('Home address'), 'Unter den Linden 1, Berlin');
  for (const label of ['Your picture', 'Document front', 'Document back']) {
    const input = page.getByLabel(label);
    await tabTo(page, input);
    await input.setInputFiles(PNG);
  }
  await press(page, page.getByRole('button', { name: 'Submit for review' }));
  await expect(page).toHaveURL(/\/account\/kyc\/under-review$/u, { timeout: 10_000 });

  await bank.staff(`kyc/${email}/approve`);
  await page.goto('/wp-user/account/login');
  await typeInto(page, page.getByLabel('E-mail'), email);
  await press(page, page.getByRole('button', { name: 'Next' }));
  await typeInto(page, page.getByRole('group', { name: 'Passcode' }).getByRole('textbox').first(), '246810');
  await press(page, page.getByRole('button', { name: 'Sign in' }));
  await expect(page).toHaveURL(/\/dashboard\/pincreation$/u, { timeout: 12_000 });

  await typeInto(page, page.getByRole('group', { name: 'New PIN' }).getByRole('textbox').first(), '2468');
  await press(page, page.getByRole('button', { name: 'Confirm' }));
  await typeInto(page, page.getByRole('group', { name: 'Confirm PIN' }).getByRole('textbox').first(), '2468');
  await press(page, page.getByRole('button', { name: 'Confirm' }));
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 8_000 });

  // A new customer has no money: staff confirm a deposit so there is something to send.
  const token = await bank.token(email, '246810');
  const deposit = await page.request.post('/api/users.php', {
    multipart: { newcd: '1', token, type: 'BTC', amount: '500', depositPic: PNG },
  });
  expect(deposit.ok()).toBe(true);
  const state = (await bank.staff('state', 'GET')) as { requests: { id: string; email: string }[] };
  const request = state.requests.find((r) => r.email === email);
  await bank.staff(`requests/${request?.id ?? ''}/confirm`);

  await page.goto('/wp-user/dashboard');
  await press(page, page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Bank Transfer' }));
  await expect(page).toHaveURL(/\/dashboard\/send$/u);
  const payee: [string, string][] = [
    ['Bank', 'First Example Bank'],
    ['Swift code', 'FEXBUS33'],
    ['Currency', 'USD'],
    ['Routing number', '026009593'],
    ['Country', 'United States'],
    ['Account number', '000999888777'],
    ['Account holder name', 'Sam Lee'],
    ['Note', 'Rent'],
  ];
  for (const [label, value] of payee)
    await typeInto(page, page.getByRole('textbox', { name: label, exact: true }), value);
  await typeInto(page, page.getByRole('spinbutton', { name: 'Amount' }), '100');
  await press(page, page.getByRole('button', { name: 'Continue' }));
  await expect(page.getByLabel('Charges')).toContainText('$90.00');
  await press(page, page.getByRole('button', { name: 'Confirmed' }));
  await typeInto(page, page.getByRole('group', { name: 'Transaction PIN' }).getByRole('textbox').first(), '2468');
  await press(page, page.getByRole('button', { name: 'Confirm', exact: true }));
  await expect(page.getByText('Successful! Await Confirmation').first()).toBeVisible();
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 8_000 });
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$400.00');
});

test('the terms open from sign-up, and the wait after signing in is skipped, keyboard only', async ({ page }) => {
  await page.goto('/wp-user/account/signup');
  // The terms open in a tab of their own, so what the form holds stays; the checkbox keeps its place.
  const opened = page.context().waitForEvent('page');
  await press(page, page.getByRole('link', { name: /terms and conditions/u }));
  const terms = await opened;
  await expect(terms.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible();
  expect(new URL(terms.url()).pathname).toBe('/wp-user/account/terms');
  await terms.close();
  await expect(page.getByRole('checkbox')).not.toBeChecked();

  await page.goto('/wp-user/account/login');
  await typeInto(page, page.getByLabel('E-mail'), 'demo@bank.test');
  await press(page, page.getByRole('button', { name: 'Next' }));
  await typeInto(page, page.getByRole('group', { name: 'Passcode' }).getByRole('textbox').first(), '123456');
  await press(page, page.getByRole('button', { name: 'Sign in' }));
  await expect(page.getByRole('status').filter({ hasText: 'Taking you to your dashboard…' })).toBeVisible();
  const signedIn = Date.now();
  await press(page, page.getByRole('link', { name: 'Go now' }));
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u);
  expect(Date.now() - signedIn, 'there before the 5 s were up').toBeLessThan(4000);
  await expect(page.getByText('Available Balance').first()).toBeVisible();
});
