/**
 * Fault rules (`/__mock/faults`) drive the portal's error states: a failing read shows the dashboard's
 * error with a way to try again, a failing write says what the bank said and keeps what was typed. Each
 * rule lives in the test's own sandbox, so no other test sees it.
 */
import { expect, test } from './fixtures';

test('a failing read: the balance says it is not available, and Try again loads it once the bank is back', async ({
  signIn,
  request,
}) => {
  const rule = await request.post('/__mock/faults', { data: { operation: 'getinstituition', status: 503 } });
  expect(rule.status()).toBe(201);
  const page = await signIn('demo@bank.test');
  // The rest of the dashboard (its other reads) still shows; the balance says what happened.
  await expect(page.getByText('Not available right now.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Transactions' })).toBeVisible();

  // The rule fired for every read the portal made, and the journal shows them as the portal saw them.
  const rules = (await (await request.get('/__mock/faults')).json()) as { fired: number }[];
  expect(rules[0]?.fired).toBeGreaterThanOrEqual(1);

  expect((await request.delete('/__mock/faults')).ok()).toBe(true);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Not available right now.')).toBeHidden();
  await expect(page.getByText('$5,120.00').first()).toBeVisible();
});

test("a failing write: the profile form shows the bank's message, keeps what was typed, and saves on the next try", async ({
  signIn,
  request,
}) => {
  const page = await signIn('demo@bank.test', '/wp-user/dashboard/profile');
  const rule = await request.post('/__mock/faults', {
    data: { operation: 'updateProfile', status: 500, message: 'Core banking is down for maintenance', times: 1 },
  });
  expect(rule.status()).toBe(201);
  await page.getByLabel('Full name').fill('Dana D. Demo');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Core banking is down for maintenance').first()).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Dana D. Demo');

  // The rule was for one call: the same click now saves.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Action Successful!').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Dana D. Demo');
});
