/**
 * Every screen: each route of both trees and the dialogs, menus, toasts and error states they show (the list
 * in screens.ts), opened once and then, in that one state, checked at 320, 390 and 1280 px: it must not scroll
 * sideways at any width (overflow.ts), and axe (WCAG 2.0/2.1, A and AA) must find nothing at phone (390 px)
 * and desktop (1280 px) widths; a screenshot of each is kept under test-results/screens. Each names itself in
 * its title, the one title of the page.
 */
import { axeViolations, expect, openHydratedLogin, test, screenshotPath } from './fixtures';
import { overflowAtEachWidth, WIDTHS } from './overflow';
import { openScreen, SCREENS } from './screens';

/** The widths axe scans and a screenshot keeps. */
const SCANNED: readonly number[] = [390, 1280];

test.describe('every screen, at 320, 390 and 1280 px', () => {
  for (const screen of SCREENS)
    test(`${screen.name} fits every width and has no WCAG 2.1 AA violations`, async ({ page, bank, axe }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openScreen(page, bank, screen);
      // Each page names itself in the title (WCAG 2.4.2), the unknown address as not found.
      await expect(page).toHaveTitle(/^\S.* · E-Banking$/u);
      // One title: the page's own replaces the HTML's (a page has one title element).
      await expect(page.locator('head title')).toHaveCount(1);
      const overflow: string[] = [];
      for (const width of WIDTHS) {
        overflow.push(...(await overflowAtEachWidth(page, screen.name, [width])));
        if (!SCANNED.includes(width)) continue;
        await axe(`${screen.name} at ${width}px`);
        await page.screenshot({ path: screenshotPath(`${width}-${screen.name}.png`), fullPage: true });
      }
      expect(overflow, 'screens that scroll sideways').toEqual([]);
    });

  test('the phone menu drawer has no violations and closes on a link', async ({ signIn, axe, page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn('demo@bank.test');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await axe('menu drawer at 390px');
    await page.screenshot({ path: screenshotPath('390-menu-drawer.png') });
    await drawer.getByRole('link', { name: 'Statements & Report' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/statements$/u);
    // The new page is said to a screen reader (the focus stays where the menu left it).
    await expect(page.getByRole('log')).toContainText(['Statements & Report · E-Banking']);
  });

  test('the scan itself finds what it must: a picture with no text, grey on white, a field with no name', async ({
    page,
  }) => {
    await openHydratedLogin(page);
    expect((await axeViolations(page)).lines).toEqual([]);
    await page.evaluate(() => {
      const main = document.querySelector('main');
      main?.insertAdjacentHTML(
        'beforeend',
        '<img src="/wp-user/favicon.svg"><p style="color:#bbb;background:#fff">Faint</p><input type="text">',
      );
    });
    const found = (await axeViolations(page)).violations.map((v) => v.id);
    expect(found).toEqual(expect.arrayContaining(['image-alt', 'color-contrast', 'label']));
  });
});
