/**
 * The portal's own safety in the browser: no page does what its content security policy forbids; its notice
 * page says only what the bank said, not what a link writes in its address; one double click sends one
 * request (PIN creation, the transfer's PIN); the first entry of a new PIN is never stored; and a logout
 * leaves nothing of the session in the browser's storage.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, fillTransfer, openHydratedLogin, PASSCODE, PIN, signInAsAdmin, test, typeCode } from './fixtures';

interface SeenToast {
  readonly variant: string;
  readonly text: string;
}

declare global {
  interface Window {
    /** Every toast the page has shown since it loaded (toasts go away after a few seconds). */
    seenToasts?: SeenToast[];
    /** What the page's content security policy refused since the page loaded, as `directive source:line`. */
    refused?: string[];
  }
}

/** Keeps what the page's content security policy refuses, from its first script on, on every page it opens. */
async function recordRefusals(page: Page) {
  await page.addInitScript(() => {
    const refused: string[] = [];
    window.refused = refused;
    document.addEventListener('securitypolicyviolation', (event) => {
      refused.push(`${event.violatedDirective} ${event.sourceFile}:${String(event.lineNumber)}`);
    });
  });
  return () => page.evaluate(() => window.refused ?? []);
}

/** Keeps every toast the page shows, from its first script on, so none is missed between two looks. */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: SeenToast[] = [];
    window.seenToasts = seen;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-slot=toast]')) {
        const toast = { variant: element.getAttribute('data-variant') ?? '', text: element.textContent };
        if (!seen.some((s) => s.variant === toast.variant && s.text === toast.text)) seen.push(toast);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => window.seenToasts ?? []);
}

/** The calls of one operation the bank has answered since the journal was last cleared. */
async function journal(request: APIRequestContext, operation: string) {
  const res = await request.get(`/__mock/journal?operation=${operation}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { status: number }[];
}

async function clearJournal(request: APIRequestContext) {
  expect((await request.delete('/__mock/journal')).ok()).toBe(true);
}

/** The keys of the portal (all named `ba…`) in each storage of the page. */
const portalKeys = (page: Page) =>
  page.evaluate(() => {
    const keys = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '')
        .filter((key) => key.startsWith('ba'))
        .sort();
    return { local: keys(localStorage), session: keys(sessionStorage) };
  });

/**
 * The values in the browser's storage that hold `digits` as a number of its own: a longer number that holds
 * them (a timestamp such as 1795902246870) is no copy of a PIN.
 */
const storedWith = (page: Page, digits: string) =>
  page.evaluate(
    (sought) =>
      [localStorage, sessionStorage]
        .flatMap((storage) =>
          Array.from({ length: storage.length }, (_, index) => storage.getItem(storage.key(index) ?? '') ?? ''),
        )
        .filter((value) => new RegExp(`(?<!\\d)${sought}(?!\\d)`, 'u').test(value)),
    digits,
  );

test.describe('the content security policy', () => {
  test('is kept by every kind of page: landing, login, dashboard, a form, the admin area', async ({ page, signIn }) => {
    const refused = await recordRefusals(page);
    await page.goto('/wp-user/account');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await refused(), 'the landing page').toEqual([]);

    await openHydratedLogin(page);
    expect(await refused(), 'the login page').toEqual([]);

    await signIn('demo@bank.test');
    await expect(page.getByRole('region', { name: 'Available Balance' })).toBeVisible();
    expect(await refused(), 'the dashboard').toEqual([]);

    await page.goto('/wp-user/dashboard/send');
    await expect(page.getByLabel('Account holder name')).toBeVisible();
    expect(await refused(), 'the transfer form').toEqual([]);

    await signInAsAdmin(page);
    await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
    expect(await refused(), 'the admin area').toEqual([]);
  });
});

test.describe('the notice page', () => {
  const injected = { head: 'Security alert', body: 'Call +1 555 0100 now and read us your passcode.' };

  for (const path of ['/wp-user/account/info/notice', '/wp-user/account/info'])
    test(`${path} shows nothing its address says`, async ({ page }) => {
      await page.goto(`${path}?${new URLSearchParams(injected).toString()}`);
      await expect(page.getByRole('heading', { name: 'Notice', exact: true })).toBeVisible();
      await expect(page.getByText('There is a message about your account. Please contact support.')).toBeVisible();
      await expect(page.getByText(injected.head)).toHaveCount(0);
      await expect(page.getByText(/555 0100/u)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    });

  test("shows the bank's message after the login, keeps it on a reload, and not in the address", async ({ page }) => {
    await page.goto('/wp-user/account/login');
    await page.getByLabel('E-mail').fill('notice@bank.test');
    await page.getByRole('button', { name: 'Next' }).click();
    await typeCode(page, 'Passcode', PASSCODE);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/wp-user\/account\/info\/notice$/u);
    await expect(page.getByRole('heading', { name: 'Your account is on hold' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your account is on hold' })).toBeVisible();
    await expect(page.getByText('Please contact support to restore access.')).toBeVisible();
    await expect(page).toHaveURL(/\/wp-user\/account\/info\/notice$/u);
  });
});

test.describe('one double click, one request', () => {
  test('PIN creation: a double click on Confirm creates the PIN once and ends on the success', async ({
    signIn,
    request,
    page,
  }) => {
    const toasts = await recordToasts(page);
    await signIn('nopin@bank.test');
    await expect(page).toHaveURL(/\/dashboard\/pincreation$/u);
    await typeCode(page, 'New PIN', '2468');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/pincreation\/new1$/u);
    await typeCode(page, 'Confirm PIN', '2468');
    await clearJournal(request);

    await page.getByRole('button', { name: 'Confirm' }).dblclick();
    await expect(page.getByText('Your transaction PIN has been successfully created.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 8_000 });

    expect(await journal(request, 'createPin')).toHaveLength(1);
    const shown = await toasts();
    expect(shown.filter((toast) => toast.variant === 'error')).toEqual([]);
    expect(shown).toContainEqual({ variant: 'success', text: 'Your transaction PIN has been successfully created.' });
  });

  test("the transfer's PIN: a double click on Confirm checks the PIN once, sends one transfer, shows only the success", async ({
    signIn,
    request,
    page,
  }) => {
    const toasts = await recordToasts(page);
    await signIn('demo@bank.test', '/wp-user/dashboard/send');
    // Below the amount that asks for an authorization code: the PIN alone sends it.
    await fillTransfer(page, '100');
    await page.getByRole('button', { name: 'Confirmed' }).click();
    await typeCode(page, 'Transaction PIN', PIN);
    await clearJournal(request);

    await page.getByRole('button', { name: 'Confirm', exact: true }).dblclick();
    await expect(page.getByText('Successful! Await Confirmation').first()).toBeVisible();
    await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 8_000 });

    expect(await journal(request, 'confirmPin')).toHaveLength(1);
    expect(await journal(request, 'createTransfer')).toHaveLength(1);
    const shown = await toasts();
    expect(shown.filter((toast) => toast.variant === 'error')).toEqual([]);
    expect(shown).toContainEqual({ variant: 'success', text: 'Successful! Await Confirmation' });
  });
});

test.describe('the first PIN entry', () => {
  test('is kept in no storage of the browser: a reload of the second screen starts again on the first', async ({
    signIn,
    page,
  }) => {
    await signIn('nopin@bank.test');
    await expect(page).toHaveURL(/\/dashboard\/pincreation$/u);
    await typeCode(page, 'New PIN', '2468');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/pincreation\/new1$/u);
    expect(await storedWith(page, '2468')).toEqual([]);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\/pincreation$/u);
    await expect(page.getByRole('heading', { name: 'Create your transaction PIN' })).toBeVisible();
  });
});

test.describe('logout', () => {
  test('forgets the first PIN entry: no key of the portal stays but the logged-out flag', async ({ signIn, page }) => {
    await signIn('nopin@bank.test');
    await expect(page).toHaveURL(/\/dashboard\/pincreation$/u);
    await typeCode(page, 'New PIN', '2468');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/pincreation\/new1$/u);
    // The first entry stays in the page's memory: no storage of the browser holds it.
    expect((await portalKeys(page)).session).toEqual([]);
    expect(await storedWith(page, '2468')).toEqual([]);

    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await expect(page.getByText('Logged out !')).toBeVisible();
    // The spec's logged-out flag is what the landing page says 'Logged out !' from.
    expect(await portalKeys(page)).toEqual({ local: ['baLoggedOut'], session: [] });
  });

  test('forgets the transfer between its screens: no key of the portal stays but the logged-out flag', async ({
    signIn,
    page,
  }) => {
    await signIn('demo@bank.test', '/wp-user/dashboard/send');
    await page.getByRole('textbox', { name: 'Account holder name', exact: true }).fill('Sam Lee');
    await page.getByRole('spinbutton', { name: 'Amount' }).fill('100');
    await expect.poll(async () => (await portalKeys(page)).session).toEqual(['baTransfer']);

    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await expect(page.getByText('Logged out !')).toBeVisible();
    expect(await portalKeys(page)).toEqual({ local: ['baLoggedOut'], session: [] });
    await page.reload();
    await expect(page.getByText('Logged out !')).toBeVisible();
    expect(await portalKeys(page)).toEqual({ local: ['baLoggedOut'], session: [] });
  });
});
