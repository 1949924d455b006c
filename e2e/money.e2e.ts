/** Money journeys: deposits confirmed by staff, payments, fixed deposits, upgrades, bank transfers. */
import { choose, expect, fillTransfer, PIN, pngFile, signInAsAdmin, test, typeCode } from './fixtures';
import { overflowAtEachWidth } from './overflow';

const PROOF = pngFile('receipt.png');

test('a crypto deposit with proof; staff confirm it; balance and list follow', async ({ signIn, bank, browser }) => {
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/add-funds');
  await expect(page.getByText('Not available for your region')).toHaveCount(3);
  await page.getByRole('link', { name: /Crypto Deposit/u }).click();
  await expect(page.getByRole('heading', { name: 'Crypto Deposit', level: 1 })).toBeVisible();
  await choose(page, 'Crypto type', 'ETH');
  await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue(
    '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
  );
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('250.50');
  await page.getByLabel('Payment Proof').setInputFiles(PROOF);
  await expect(page.getByText('File Uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Deposit' }).click();
  await expect(page.getByText('Payment Pending!').first()).toBeVisible();

  // Staff confirm it in the admin area (a browser of their own).
  const staff = await (await browser.newContext()).newPage();
  await signInAsAdmin(staff, '/wp-user/admin/requests');
  const confirm = staff.getByRole('button', { name: /^Confirm Crypto deposit of \$250\.50 by demo@bank\.test/u });
  await confirm.click();
  await expect(staff.getByRole('listitem').filter({ has: confirm }).getByRole('status')).toHaveText('Confirmed.');
  await staff.context().close();

  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Crypto Transactions' }).getByRole('listitem').filter({ hasText: '$250.50' }),
  ).toContainText('confirmed');
  await page.goto('/wp-user/dashboard');
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$5,370.50');
  expect((await bank.outbox('demo@bank.test')).length).toBe(0);
});

test('make payment, fixed deposit and upgrade: each is pending after submit', async ({ signIn }) => {
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/make-payment/crypto');
  await choose(page, 'Purpose', 'Account top-up');
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('40');
  await page.getByLabel('Payment Proof').setInputFiles(PROOF);
  await page.getByRole('button', { name: 'Submit Payment' }).click();
  await expect(page.getByText('Payment Pending!').first()).toBeVisible();

  await page.goto('/wp-user/dashboard/fixed-deposit/crypto');
  await choose(page, 'Plan', '12 months at 6.00%');
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('2500');
  await page.getByLabel('Payment Proof').setInputFiles(PROOF);
  await page.getByRole('button', { name: 'Submit Fixed Deposit' }).click();
  await expect(page.getByText('Payment Pending!').first()).toBeVisible();

  await page.goto('/wp-user/dashboard/upgrade');
  await expect(page.getByText(/more features and increased limit/u)).toBeVisible();
  await choose(page, 'Plan', 'Premium');
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('99');
  await page.getByLabel('Payment Proof').setInputFiles(PROOF);
  await page.getByRole('button', { name: /Submit/u }).click();
  await expect(page.getByText('Payment Pending!').first()).toBeVisible();
});

test('a bank transfer: fee, insufficient balance, wrong PIN, step-up code from the outbox, success', async ({
  signIn,
  bank,
}) => {
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/send');

  await fillTransfer(page, '9000');
  await expect(page.getByText('Insufficient balance').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmed' })).toBeDisabled();

  await fillTransfer(page, '1500');
  const charges = page.getByLabel('Charges');
  await expect(charges).toContainText('Service charge (10%)');
  await expect(charges).toContainText('$150.00');
  await expect(charges).toContainText('$1,350.00');
  await page.reload();
  await expect(page.getByLabel('Charges')).toContainText('$1,350.00');
  await page.getByRole('button', { name: 'Confirmed' }).click();

  await typeCode(page, 'Transaction PIN', '9999');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('Incorrect PIN. 4 attempts left.').first()).toBeVisible();
  await typeCode(page, 'Transaction PIN', PIN);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Transfer Authorization Code is required' })).toBeVisible();
  await expect(page.getByText(/We sent a 4-digit code to d\*+@bank\.test/u)).toBeVisible();
  await typeCode(page, 'Authorization code', await bank.latestCode('demo@bank.test', 'transfer-code'));
  await page.getByRole('button', { name: 'Confirm Code' }).click();
  await expect(page.getByText('Successful! Await Confirmation').first()).toBeVisible();
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 8_000 });
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$3,620.00');
});

test('a transfer: the form says the fee; a reload of the code step keeps it, and the e-mailed code still works', async ({
  signIn,
  bank,
}) => {
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/send');
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('1500');
  await expect(page.getByText('Service charge (10%): $150.00. Amount received: $1,350.00.')).toBeVisible();

  await fillTransfer(page, '1500');
  await page.getByRole('button', { name: 'Confirmed' }).click();
  await typeCode(page, 'Transaction PIN', PIN);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  const codeStep = page.getByRole('heading', { name: 'Transfer Authorization Code is required' });
  await expect(codeStep).toBeVisible();
  const code = await bank.latestCode('demo@bank.test', 'transfer-code');
  const codesSent = async () => (await bank.outbox('demo@bank.test')).filter((m) => m.kind === 'transfer-code').length;
  expect(await codesSent()).toBe(1);

  await page.reload();
  await expect(codeStep).toBeVisible();
  await expect(page.getByText(/We sent a 4-digit code to d\*+@bank\.test/u)).toBeVisible();
  await typeCode(page, 'Authorization code', code);
  await page.getByRole('button', { name: 'Confirm Code' }).click();
  await expect(page.getByText('Successful! Await Confirmation').first()).toBeVisible();
  expect(await codesSent()).toBe(1);
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 8_000 });
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$3,620.00');
});

test('a payee of long unbroken words wraps: the review, the PIN, the notification and the transactions', async ({
  signIn,
  bank,
}) => {
  const name = 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessen';
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/send');
  await fillTransfer(page, '1500', { 'Account holder name': name, Note: `Invoice-${'0'.repeat(70)}` });
  await expect(page.getByRole('heading', { name: 'Review your transfer' })).toBeVisible();
  expect(await overflowAtEachWidth(page, 'the review of a long payee')).toEqual([]);
  await page.getByRole('button', { name: 'Confirmed' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your transaction PIN' })).toBeVisible();
  expect(await overflowAtEachWidth(page, 'the PIN step for a long payee')).toEqual([]);
  await typeCode(page, 'Transaction PIN', PIN);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transfer Authorization Code is required' })).toBeVisible();
  await typeCode(page, 'Authorization code', await bank.latestCode('demo@bank.test', 'transfer-code'));
  await page.getByRole('button', { name: 'Confirm Code' }).click();
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 8_000 });

  // A table scrolls inside its box when it must; a name alone must not make it, so the amounts stay in view.
  const tablesScrolling = () =>
    page.evaluate(
      () =>
        [...document.querySelectorAll('table')].filter((table) => {
          const box = table.parentElement;
          return box !== null && box.scrollWidth > box.clientWidth + 1;
        }).length,
    );
  for (const where of ['/wp-user/dashboard', '/wp-user/dashboard/statements', '/wp-user/dashboard/notifications']) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(where);
    await expect(page.getByText(name).first()).toBeVisible();
    expect(await overflowAtEachWidth(page, where)).toEqual([]);
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await tablesScrolling()).toBe(0);
  }
});
