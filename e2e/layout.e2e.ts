/**
 * Layout: every route of both trees, and the states the screen list brings them into, fits the window at
 * 320, 390 and 1280 px without scrolling sideways; long e-mail addresses wrap after '@' or a dot, never
 * inside a word; an unknown dashboard address goes home or to login and says why.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { LONG_EMAIL, openScreen, SCREENS } from './screens';

const WIDTHS = [320, 390, 1280] as const;

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
 * How far the page scrolls sideways at the current width, and what makes it: of the elements that stick
 * out, the innermost one whose own narrowest width (min-content) still reaches past the window's edge,
 * with its two nearest ancestors. A page that does not scroll still fails when something in its `main`
 * crosses the side margins (a card wider than its column). `undefined` when all fits.
 */
function sidewaysOverflow(page: Page) {
  return page.evaluate(async () => {
    // The layout after the resize.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const root = document.documentElement;
    const width = window.innerWidth;
    const clippedByAncestor = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement)
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    };
    const name = (element: Element) => {
      const classes = [...element.classList].slice(0, 5).join('.');
      return `<${element.tagName.toLowerCase()}${classes === '' ? '' : `.${classes}`}>`;
    };
    if (root.scrollWidth <= width) {
      // Nothing scrolls, but nothing may cross the page's side margins either (a card wider than its column).
      const main = document.querySelector('main');
      if (main === null) return undefined;
      const style = getComputedStyle(main);
      const box = main.getBoundingClientRect();
      const left = box.left + parseFloat(style.paddingLeft) - 0.5;
      const right = box.right - parseFloat(style.paddingRight) + 0.5;
      const crossing = [...main.querySelectorAll('*')].find((element) => {
        const own = element.getBoundingClientRect();
        return own.width > 0 && (own.right > right || own.left < left) && !clippedByAncestor(element);
      });
      if (crossing === undefined) return undefined;
      const own = crossing.getBoundingClientRect();
      return {
        scrollWidth: root.scrollWidth,
        widest: `${name(crossing)} crosses the page margin (${Math.round(own.left)}..${Math.round(own.right)} px)`,
      };
    }
    const offenders = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5) && !clippedByAncestor(element);
    });
    /** The element's right edge were it as narrow as its content allows. */
    const narrowestRight = (element: HTMLElement) => {
      const saved = element.style.cssText;
      element.style.setProperty('width', 'min-content', 'important');
      element.style.setProperty('min-width', '0', 'important');
      const box = element.getBoundingClientRect();
      element.style.cssText = saved;
      return box.left + box.width;
    };
    const rigid = offenders.filter((element) => narrowestRight(element) > width + 0.5);
    const causes = rigid.filter((element) => !rigid.some((other) => other !== element && element.contains(other)));
    const widest = causes.sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)[0];
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const text = element.textContent.trim().replace(/\s+/gu, ' ').slice(0, 50);
      const parents = [element.parentElement, element.parentElement?.parentElement]
        .filter((parent) => parent instanceof Element)
        .map(name)
        .reverse()
        .join(' > ');
      return `${parents} > ${name(element)} "${text}" (${Math.round(box.left)}..${Math.round(box.right)} px)`;
    };
    return { scrollWidth: root.scrollWidth, widest: widest === undefined ? 'none found' : describe(widest) };
  });
}

/** Checks the page at each width; gives one line (and keeps a screenshot) per width that does not fit. */
async function overflowAtEachWidth(page: Page, name: string, widths: readonly number[] = WIDTHS) {
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 800 });
    const overflow = await sidewaysOverflow(page);
    if (overflow) {
      await page.screenshot({ path: test.info().outputPath(`${width}px.png`), fullPage: true });
      problems.push(
        `${name} at ${width}px: page ${overflow.scrollWidth}px wide in a ${width}px window; widest: ${overflow.widest}`,
      );
    }
  }
  return problems;
}

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

test.describe('no screen scrolls sideways at 320, 390 or 1280 px', () => {
  test('the screen list covers every route of both trees', () => {
    const shown = SCREENS.map((screen) => new URL(screen.route ?? screen.path, 'http://portal').pathname);
    const missing = routesOfBothTrees().filter((route) => !shown.some((path) => routePattern(route).test(path)));
    expect(missing, 'routes no screen of e2e/screens.ts shows').toEqual([]);
  });

  for (const screen of SCREENS)
    test(`${screen.name} fits every width`, async ({ page, bank }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openScreen(page, bank, screen);
      expect(await overflowAtEachWidth(page, screen.name)).toEqual([]);
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
