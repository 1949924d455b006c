/**
 * Accessibility: axe (WCAG 2.0/2.1, A and AA) on every route of both trees and on the dialogs, menus,
 * toasts and error states they show, at phone (390 px) and desktop (1280 px) widths; a screenshot of each
 * is kept as an artifact under test-results/screens.
 */
import { expect, test, screenshotPath } from './fixtures';
import { openScreen, SCREENS } from './screens';

const WIDTHS = [390, 1280] as const;

test.describe('every screen, at 1280 and 390 px', () => {
  for (const screen of SCREENS)
    test(`${screen.name} has no WCAG 2.1 AA violations`, async ({ page, bank, axe }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openScreen(page, bank, screen);
      // The same state at both widths: scan and keep a screenshot of each.
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await axe(`${screen.name} at ${width}px`);
        await page.screenshot({ path: screenshotPath(`${width}-${screen.name}.png`), fullPage: true });
      }
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
  });
});
