/**
 * What the browser is sent: every script a page loads starts by asking V8 to compile all of its functions
 * while the file downloads (decision 0056), whether the server sends it compressed or not. And what a page's
 * start asks of the browser: no read of `document.cookie`, which holds the main thread (decision 0059).
 */
import type { Page, Response } from '@playwright/test';
import { expect, openHydratedLogin, test } from './fixtures';

const HINT = '//# allFunctionsCalledOnLoad';

/** The scripts of the portal the page receives from now on, by file name, with their text. */
function collectScripts(page: Page) {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/wp-user/assets/') && url.pathname.endsWith('.js'))
      scripts.set(url.pathname.replace(/.*\//u, ''), response.text());
  });
  return async () => new Map(await Promise.all([...scripts].map(async ([name, text]) => [name, await text] as const)));
}

/** The files whose first two lines lack the hint (Vite puts its list of a chunk's preloads on the first). */
const withoutHint = (scripts: ReadonlyMap<string, string>) =>
  [...scripts].filter(([, text]) => !text.split('\n', 2).some((line) => line.trim() === HINT)).map(([name]) => name);

test('every script of the login page asks to be compiled as it downloads', async ({ page }) => {
  const scripts = collectScripts(page);
  await openHydratedLogin(page);
  const seen = await scripts();
  expect(seen.size).toBeGreaterThan(3);
  expect(withoutHint(seen)).toEqual([]);
});

test('so does every script of the dashboard, sent compressed or not', async ({ signIn, page, request }) => {
  const scripts = collectScripts(page);
  await signIn('demo@bank.test');
  await expect(page.getByRole('region', { name: 'Available Balance' })).toBeVisible();
  const seen = await scripts();
  expect(seen.size).toBeGreaterThan(3);
  expect(withoutHint(seen)).toEqual([]);
  // The same files asked for with no compression at all: the server's plain copies carry the hint too.
  const plain = new Map<string, string>();
  for (const name of seen.keys()) {
    const response = await request.get(`/wp-user/assets/${name}`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.headers()['content-encoding'] ?? 'identity').toBe('identity');
    plain.set(name, await response.text());
  }
  expect(withoutHint(plain)).toEqual([]);
});

test('no page reads document.cookie while it starts: it asks the Cookie Store, which does not hold the page', async ({
  page,
  signIn,
}) => {
  // Every read of document.cookie from the first script on, counted in the page itself.
  await page.addInitScript(() => {
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const counted = window as unknown as { cookieReads: number };
    counted.cookieReads = 0;
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get(this: Document) {
        counted.cookieReads += 1;
        return cookie?.get?.call(this) as string;
      },
      set(this: Document, value: string) {
        cookie?.set?.call(this, value);
      },
    });
  });
  const reads = () => page.evaluate(() => (window as unknown as { cookieReads: number }).cookieReads);
  await openHydratedLogin(page);
  expect(await reads()).toBe(0);
  await signIn('demo@bank.test');
  await expect(page.getByRole('region', { name: 'Available Balance' })).toBeVisible();
  expect(await reads()).toBe(0);
});
