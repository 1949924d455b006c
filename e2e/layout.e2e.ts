/**
 * Layout: every route of both trees, and the states the screen list brings them into, fits the window at
 * 320, 390 and 1280 px without scrolling sideways; long e-mail addresses wrap after '@' or a dot, never
 * inside a word; an unknown dashboard address goes home or to login and says why.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { overflowAtEachWidth } from './overflow';
import { LONG_EMAIL, SCREENS } from './screens';

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

  test('the phone menu drawer fits 320 and 390 px', async ({ signIn, page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await signIn('demo@bank.test');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await overflowAtEachWidth(page, 'menu drawer', [320, 390])).toEqual([]);
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
    await page.getByLabel('New e-mail address').fill(LONG_EMAIL);
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
