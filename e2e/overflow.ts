/**
 * Sideways scrolling: whether a page fits its window at a width, and if not, what makes it too wide. Used by
 * the walk over every screen (a11y.e2e.ts) and by the layout checks (layout.e2e.ts).
 */
import type { Page } from '@playwright/test';
import { afterTwoFrames, test } from './fixtures';

export const WIDTHS = [320, 390, 1280] as const;

/**
 * How far the page scrolls sideways at the current width, and what makes it: of the elements that stick
 * out, the innermost one whose own narrowest width (min-content) still reaches past the window's edge,
 * with its two nearest ancestors. A page that does not scroll still fails when something in its `main`
 * that is painted crosses the side margins (a card wider than its column; not text for screen readers only,
 * whose clipped 1 px box sits 1 px outside its place). `undefined` when all fits.
 */
export async function sidewaysOverflow(page: Page) {
  // The layout after the resize (reading it below brings it up to date should no frame come).
  await afterTwoFrames(page);
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = window.innerWidth;
    const clippedByAncestor = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement)
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    };
    /** Text for screen readers only (`sr-only`: a 1 px box clipped to nothing, 1 px outside its place). */
    const visuallyHidden = (element: Element) => getComputedStyle(element).clipPath === 'inset(50%)';
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
        return (
          own.width > 0 &&
          (own.right > right || own.left < left) &&
          !visuallyHidden(element) &&
          !clippedByAncestor(element)
        );
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
export async function overflowAtEachWidth(page: Page, name: string, widths: readonly number[] = WIDTHS) {
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
