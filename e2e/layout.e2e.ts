/**
 * Layout: every route of both trees, and the states the screen list brings them into, fits the window at
 * 320, 390 and 1280 px without scrolling sideways; long e-mail addresses wrap after '@' or a dot, never
 * inside a word, and with long names keep the login card inside the screen, centred, its passcode boxes
 * whole; the notice of a 5 s wait fits a phone; an unknown dashboard address goes home or to login and
 * says why.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, openHydratedLogin, screenshotPath, test } from './fixtures';
import { overflowAtEachWidth, sidewaysOverflow } from './overflow';
import { LONG_EMAIL, LONG_NAME, ONE_WORD_EMAIL, passcodeStepFor, registerCustomer, SCREENS } from './screens';

/** The page's routes, as the router's generated tree lists them (full paths under the base path). */
function routesOfBothTrees() {
  const tree = readFileSync(new URL('../packages/web/src/routeTree.gen.ts', import.meta.url), 'utf8');
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/u.exec(tree)?.[1] ?? '';
  return [...block.matchAll(/'([^']+)':/gu)]
    .map((match) => match[1] ?? '')
    .filter((path) => path.startsWith('/account') || path.startsWith('/dashboard'));
}

/** A route's full path as a pattern for a pathname: parameters match one segment, a trailing slash is optional. */
const routePattern = (fullPath: string) =>
  new RegExp(`^/wp-user${fullPath.replace(/\/$/u, '').replace(/\$[^/]+/gu, '[^/]+')}/?$`, 'u');

/**
 * Where the text of an element breaks into lines, as 'before|after' for each break, and how many lines
 * it takes.
 */
function lineBreaks(element: Locator) {
  return element.evaluate((node) => {
    const chars: { char: string; top: number }[] = [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
      const value = text.textContent ?? '';
      for (let index = 0; index < value.length; index++) {
        const range = document.createRange();
        range.setStart(text, index);
        range.setEnd(text, index + 1);
        const box = range.getClientRects()[0];
        if (box !== undefined) chars.push({ char: value.charAt(index), top: box.top });
      }
    }
    const whole = chars.map((c) => c.char).join('');
    const breaks: string[] = [];
    for (let index = 1; index < chars.length; index++)
      if ((chars[index]?.top ?? 0) > (chars[index - 1]?.top ?? 0) + 1)
        breaks.push(`${whole.slice(0, index)}|${whole.slice(index)}`);
    return breaks;
  });
}

/** A long address wraps at 320 px, and only after '@' or a dot. */
async function expectWrapsAtSensiblePoints(page: Page, where: string) {
  await page.setViewportSize({ width: 320, height: 800 });
  const address = page.locator('[data-slot=email-address]', { hasText: LONG_EMAIL }).filter({ visible: true });
  await expect(address.first()).toBeVisible();
  for (const element of await address.all()) {
    const breaks = await lineBreaks(element);
    expect(breaks.length, `${where}: ${LONG_EMAIL} fits one line at 320 px?`).toBeGreaterThan(0);
    for (const at of breaks) expect(at, `${where}: breaks only after '@' or '.'`).toMatch(/[@.]\|/u);
  }
}

// Each screen of the list is checked at every width in the walk over every screen (a11y.e2e.ts).
test.describe('no screen scrolls sideways at 320, 390 or 1280 px', () => {
  test('the screen list covers every route of both trees', () => {
    const shown = SCREENS.map((screen) => new URL(screen.route ?? screen.path, 'http://portal').pathname);
    const missing = routesOfBothTrees().filter((route) => !shown.some((path) => routePattern(route).test(path)));
    expect(missing, 'routes no screen of e2e/screens.ts shows').toEqual([]);
  });

  test('the check itself finds a box in the side margin, and not text for screen readers only', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await openHydratedLogin(page);
    // An sr-only text at the start of a line in the page's main: its clipped 1 px box sits 1 px into the margin.
    await page.evaluate(() => {
      document
        .querySelector('main')
        ?.insertAdjacentHTML(
          'beforeend',
          '<div data-probe style="position: absolute; left: 16px"><span class="sr-only">Loading</span></div>',
        );
    });
    expect(await sidewaysOverflow(page)).toBeUndefined();
    // Still in the page when it was checked: nothing passed for want of a box.
    await expect(page.locator('main [data-probe] .sr-only')).toHaveCount(1);
    await page.evaluate(() => {
      document
        .querySelector('main')
        ?.insertAdjacentHTML(
          'beforeend',
          '<div style="position: absolute; left: 8px; width: 40px">Into the margin</div>',
        );
    });
    expect((await sidewaysOverflow(page))?.widest).toMatch(/^<div> crosses the page margin/u);
  });

  test('the phone menu drawer fits 320 and 390 px', async ({ signIn, page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await signIn('demo@bank.test');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await overflowAtEachWidth(page, 'menu drawer', [320, 390])).toEqual([]);
  });
});

test("toasts sit below the dashboard's top bar, on a phone and on a wide screen: its menu, bell and user menu stay in reach", async ({
  signIn,
  page,
}) => {
  await signIn('demo@bank.test');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('button', { name: 'Copy account number' }).click();
    // Copied, or refused by a browser that keeps its clipboard: a toast either way.
    const shown = page.locator('[data-slot=toast]').first();
    await expect(shown).toBeVisible();
    const bar = await page.locator('[data-slot=top-bar]').boundingBox();
    const box = await shown.boundingBox();
    if (bar === null || box === null) throw new Error('the top bar or the toast has no box');
    expect(box.y, `the toast's top at ${String(width)} px`).toBeGreaterThanOrEqual(bar.y + bar.height);
    await page.getByRole('button', { name: 'Dismiss' }).first().click();
    await expect(page.locator('[data-slot=toast]')).toHaveCount(0);
  }
});

test("a dashboard page shows the bank's frame before its scripts run, and the client's page replaces it", async ({
  browser,
  signIn,
  page,
}) => {
  // Before the scripts: what a phone on a slow network paints first (here, the portal's scripts never come).
  const noScripts = await browser.newContext();
  await noScripts.route('**/assets/*.js', (route) => route.abort());
  const still = await noScripts.newPage();
  await still.setViewportSize({ width: 320, height: 700 });
  await still.goto('/wp-user/dashboard');
  await expect(still.getByRole('status')).toHaveText('Loading your dashboard…');
  await expect(still.getByRole('banner').getByText('E-Banking')).toBeVisible();
  expect(await overflowAtEachWidth(still, 'the dashboard before its scripts')).toEqual([]);
  await noScripts.close();

  await signIn('demo@bank.test');
  await expect(page.getByRole('region', { name: 'Available Balance' })).toBeVisible();
  await expect(page.getByText('Loading your dashboard…')).toHaveCount(0);
});

test('the institutional transfer details show every value whole at 320 px, each with its Copy button', async ({
  signIn,
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await signIn('demo@bank.test', '/wp-user/dashboard/add-funds/it');
  await expect(page.getByText('Your Details')).toBeVisible();
  const fields = page.locator('[data-slot=copy-field] input');
  await expect(fields).toHaveCount(5);
  const clipped = await fields.evaluateAll((inputs) =>
    inputs.flatMap((input) => (input.scrollWidth > input.clientWidth ? [(input as HTMLInputElement).value] : [])),
  );
  expect(clipped, 'values cut off in their boxes').toEqual([]);
  await expect(page.getByRole('button', { name: 'Copy Country' })).toBeVisible();
});

/** The tops of the controls of each row of fields side by side in the page's form (rows of one field left out). */
const controlTopsByRow = (page: Page) =>
  page.locator('form [data-slot=form-item]').evaluateAll((items) => {
    const byRow = new Map<number, number[]>();
    for (const item of items) {
      const control = item.querySelector('input, textarea, select, button[role=combobox]');
      if (!control) continue;
      const row = Math.round(item.getBoundingClientRect().top);
      byRow.set(row, [...(byRow.get(row) ?? []), Math.round(control.getBoundingClientRect().top)]);
    }
    return [...byRow.values()].filter((tops) => tops.length > 1);
  });

test.describe('side by side on a wide screen, two fields keep their boxes on one line', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('whatever the hint under one says (the transfer)', async ({ signIn, page }) => {
    await signIn('demo@bank.test', '/wp-user/dashboard/send');
    await expect(page.getByRole('textbox', { name: 'Account holder name' })).toBeVisible();
    // The currency and the amount have hints, their neighbours (routing number, account holder) none.
    const rows = await controlTopsByRow(page);
    expect(rows.length, 'rows of two fields').toBeGreaterThanOrEqual(4);
    for (const tops of rows) expect(new Set(tops).size, `control tops ${tops.join(', ')}`).toBe(1);
  });

  test('with a message under one only (the sign-up)', async ({ page }) => {
    await page.goto('/wp-user/account/signup');
    await page.getByLabel('First name').fill('Jo');
    await page.getByLabel('Username').fill('jonew');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Last name is required')).toBeVisible();
    const rows = await controlTopsByRow(page);
    expect(rows.length, 'the names side by side').toBe(1);
    for (const tops of rows) expect(new Set(tops).size, `control tops ${tops.join(', ')}`).toBe(1);
  });
});

test.describe('long e-mail addresses', () => {
  test('wrap after @ or a dot on the verify page', async ({ page }) => {
    await page.goto(`/wp-user/account/verify?email=${encodeURIComponent(LONG_EMAIL)}`);
    await expectWrapsAtSensiblePoints(page, 'verify');
    expect(await overflowAtEachWidth(page, 'verify with a long address')).toEqual([]);
  });

  test('wrap after @ or a dot in settings and the profile', async ({ signIn, page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await signIn('demo@bank.test', '/wp-user/dashboard/settings');
    await page.getByLabel('New e-mail address', { exact: true }).fill(LONG_EMAIL);
    await page.getByLabel('Confirm new e-mail address').fill(LONG_EMAIL);
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText(LONG_EMAIL).filter({ visible: true }).first()).toBeVisible();
    await expectWrapsAtSensiblePoints(page, 'settings');
    expect(await overflowAtEachWidth(page, 'settings with a long address')).toEqual([]);

    await page.goto('/wp-user/dashboard/profile');
    await expect(page.getByText('Next of kin').first()).toBeVisible();
    await expectWrapsAtSensiblePoints(page, 'profile');
    expect(await overflowAtEachWidth(page, 'profile with a long address')).toEqual([]);
  });
});

/** The login card's left and right margins to the window, and whether every passcode box is inside it. */
function cardPlacement(page: Page) {
  return page.evaluate(() => {
    const card = document.querySelector('[data-slot=card]')?.getBoundingClientRect();
    const boxes = [...document.querySelectorAll('[data-slot=otp-slot]')].map((box) => box.getBoundingClientRect());
    const right = document.documentElement.clientWidth;
    return {
      left: Math.round(card?.left ?? -1),
      right: Math.round(right - (card?.right ?? right + 1)),
      boxesInside:
        boxes.length === 6 && boxes.every((box) => box.left >= (card?.left ?? 0) && box.right <= (card?.right ?? 0)),
    };
  });
}

test.describe('long e-mail addresses and names on the account screens', () => {
  for (const [kind, email] of [
    ['a long address', LONG_EMAIL],
    ['an address of one long word', ONE_WORD_EMAIL],
  ] as const)
    test(`the passcode step with ${kind} and a long name stays centred, its boxes whole`, async ({ page }) => {
      await page.goto('/wp-user/account/login');
      await passcodeStepFor(page, email);
      if (email === LONG_EMAIL) await expectWrapsAtSensiblePoints(page, 'login passcode step');
      for (const width of [320, 360, 390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await expect(page.locator('[data-slot=email-address]').first()).toHaveText(email);
        const placement = await cardPlacement(page);
        expect(placement.boxesInside, `all 6 passcode boxes inside the card at ${String(width)} px`).toBe(true);
        expect(placement.left, `card inside the window at ${String(width)} px`).toBeGreaterThanOrEqual(0);
        expect(placement.right, `card inside the window at ${String(width)} px`).toBeGreaterThanOrEqual(0);
        // Centred in its column on phones (at 1280 px the brand panel takes the left of the screen).
        if (width < 1024)
          expect(Math.abs(placement.left - placement.right), `card centred at ${String(width)} px`).toBeLessThanOrEqual(
            1,
          );
      }
      expect(await overflowAtEachWidth(page, `passcode step with ${kind}`, [320, 360, 390, 1280])).toEqual([]);
    });

  test('the reset link sent to a long address wraps after @ or a dot', async ({ page }) => {
    await registerCustomer(page, LONG_EMAIL);
    await page.goto('/wp-user/account/forgot');
    await page.getByLabel('E-mail').fill(LONG_EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('We sent a link and a reset code to')).toBeVisible();
    await expectWrapsAtSensiblePoints(page, 'forgot');
    expect(await overflowAtEachWidth(page, 'forgot with a long address')).toEqual([]);
  });

  test('the 5 s wait after signing up with long names says where it goes, and fits', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/wp-user/account/signup');
    await page.getByLabel('First name').fill(LONG_NAME.first);
    await page.getByLabel('Last name').fill(LONG_NAME.last);
    await page.getByLabel('Username').fill('maxikon');
    await page.getByLabel('E-mail').fill(LONG_EMAIL);
    await page.getByLabel('Passcode', { exact: true }).fill('246810');
    await page.getByLabel('Confirm passcode').fill('246810');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Taking you to verify your e-mail address…' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go now' })).toBeVisible();
    // The success toast shows at the same time, where it covers no part of the notice, as the page stands.
    await expect(page.getByText('Signup successful', { exact: true })).toBeVisible();
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: width === 320 ? 640 : 844 });
      await page.getByRole('link', { name: 'Go now' }).evaluate((link) => {
        link.scrollIntoView({ block: 'end' });
      });
      const toast = await page.locator('[data-slot=toast]').boundingBox();
      const notice = await page.locator('[data-slot=redirect-notice]').boundingBox();
      const overlap =
        toast !== null &&
        notice !== null &&
        toast.y < notice.y + notice.height &&
        notice.y < toast.y + toast.height &&
        toast.x < notice.x + notice.width &&
        notice.x < toast.x + toast.width;
      expect(overlap, `the toast over the notice at ${String(width)} px`).toBe(false);
    }
    await page.setViewportSize({ width: 320, height: 800 });
    await page.locator('[data-slot=redirect-notice]').screenshot({ path: screenshotPath('320-signup-wait.png') });
    expect(await overflowAtEachWidth(page, 'the wait after sign-up')).toEqual([]);
    await expect(page).toHaveURL(/\/account\/verify\//u, { timeout: 10_000 });
  });
});

test.describe('an unknown dashboard address', () => {
  test('goes to the dashboard with a token, saying why', async ({ signIn, page }) => {
    await signIn('demo@bank.test', '/wp-user/dashboard/nope');
    await expect(page.getByText('That page does not exist', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/wp-user\/dashboard$/u);
    await expect(page.getByText('Available Balance')).toBeVisible();
  });

  test('goes to login without one, saying why', async ({ page }) => {
    await page.goto('/wp-user/dashboard/send/nope');
    await expect(page.getByText('That page does not exist', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/wp-user\/account\/login$/u);
  });

  test('elsewhere the router shows its not-found page', async ({ page }) => {
    await page.goto('/wp-user/account/nope');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
