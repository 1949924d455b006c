/**
 * The in-browser demo (packages/demo): its build served as plain static files by a tiny file server with
 * no API at all, where the bank runs in the page behind a service worker. Builds the demo first when
 * packages/demo/dist is missing (`pnpm --filter @ebank/demo build`); a dist already there is used as is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  adminSignsIn,
  approveAndConfirm,
  axeViolations,
  choose,
  customerSignsIn,
  PASSCODE,
  pngFile,
  screenshotPath,
  typeCode,
} from './fixtures';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(REPO, 'packages', 'demo', 'dist');
const BASE_PATH = '/wp-user/';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function buildDemoIfMissing() {
  if (existsSync(path.join(DIST, '404.html'))) return;
  // pnpm names itself to the processes it runs; otherwise it must be on the PATH.
  const pnpm = process.env.npm_execpath;
  const args = ['--filter', '@ebank/demo', 'build'];
  if (pnpm?.includes('pnpm')) execFileSync(process.execPath, [pnpm, ...args], { cwd: REPO, stdio: 'inherit' });
  else execFileSync('pnpm', args, { cwd: REPO, stdio: 'inherit' });
}

/**
 * Files under /wp-user/, and for any other path there the build's 404.html with status 404, as a static
 * host with no rewrite rules answers (GitHub Pages and the like); nothing else. Calls to the bank's
 * addresses are noted: the page must answer them itself.
 */
function staticServer(bankCalls: string[]) {
  return http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (/^\/(api|__mock)\//u.test(pathname)) bankCalls.push(`${req.method ?? ''} ${pathname}`);
    const file = path.join(DIST, path.normalize(decodeURIComponent(pathname.slice(BASE_PATH.length))));
    const isFile = file.startsWith(DIST + path.sep) && existsSync(file) && statSync(file).isFile();
    if (!pathname.startsWith(BASE_PATH) || (!isFile && path.extname(pathname) !== '')) {
      res.writeHead(404).end();
      return;
    }
    const served = isFile ? file : path.join(DIST, '404.html');
    res.writeHead(isFile ? 200 : 404, { 'Content-Type': TYPES[path.extname(served)] ?? 'application/octet-stream' });
    res.end(readFileSync(served));
  });
}

let server: http.Server;
let origin: string;
/** Calls to the bank that reached the current test's file server instead of the page's bank. */
let bankCalls: string[] = [];

test.beforeAll(() => {
  test.setTimeout(180_000);
  buildDemoIfMissing();
});

// Each test has a file server (an origin) of its own, so the calls it counts are its own: a call still in
// flight when an earlier test's page closed goes on to the network (Mock Service Worker passes it on once its
// page is gone), to that test's server.
test.beforeEach(async () => {
  bankCalls = [];
  server = staticServer(bankCalls);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterEach(async () => {
  const closed = new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
  });
  // The browser may still hold a kept-alive connection.
  server.closeAllConnections();
  await closed;
});

test('from static files alone: the demo persona signs in and sees the balance, also after a reload', async ({
  page,
}) => {
  await page.goto(`${origin}/wp-user/account/login`);
  await expect(page.getByRole('complementary', { name: 'Demo mode' })).toContainText(
    'Demo mode: data stays in this browser.',
  );
  await page.getByLabel('E-mail').fill('demo@bank.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await typeCode(page, 'Passcode', PASSCODE);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Welcome Back').first()).toBeVisible();
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 12_000 });
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$5,120.00');

  // The bank and the session are kept in the tab: a reload stays signed in.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$5,120.00');

  expect(bankCalls, 'calls to the bank that reached the file server').toEqual([]);
});

/** Fails on any axe violation (WCAG 2.0/2.1 A and AA) on the page as it is now. */
async function expectAxeClean(page: Page, label: string) {
  expect((await axeViolations(page)).lines, `axe violations on ${label}`).toEqual([]);
}

/** How far the page scrolls sideways (0 when it does not). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The bar stands above the portal in the page's flow: nothing of the portal is under it. */
async function expectAbovePortal(page: Page) {
  const bar = await page.getByRole('complementary', { name: 'Demo mode' }).boundingBox();
  const portal = await page.locator('#root').boundingBox();
  expect(bar).not.toBeNull();
  expect(portal).not.toBeNull();
  if (bar && portal) expect(portal.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
}

test('the demo bar: the personas, the messages the bank sent, the admin area, and starting over after asking', async ({
  page,
}) => {
  // A phone: the bar wraps within the width, above the portal.
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`${origin}/wp-user/account/login`);
  const bar = page.getByRole('complementary', { name: 'Demo mode' });
  await expect(bar).toContainText('Demo mode: data stays in this browser.');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expectAbovePortal(page);
  expect(await sidewaysScroll(page), 'sideways scroll at 320 px').toBeLessThanOrEqual(0);
  await expect(bar.getByRole('link', { name: 'Admin area' })).toHaveAttribute('href', '/wp-user/admin/');
  await expectAxeClean(page, 'the login with the demo bar at 320 px');
  await page.screenshot({ path: screenshotPath('demo-bar-320.png'), fullPage: true });

  // The personas, with what each signs in with; Escape closes the list and gives the focus back.
  const personasButton = bar.getByRole('button', { name: 'Personas' });
  await personasButton.click();
  const personas = page.getByRole('dialog', { name: 'Personas' });
  const demo = personas.getByRole('listitem').filter({ hasText: 'demo@bank.test' });
  await expect(demo).toContainText(`Passcode${PASSCODE}`);
  await expect(demo).toContainText('PIN1234');
  await expect(personas.getByRole('listitem').filter({ hasText: 'admin@bank.test' })).toContainText(
    'Passwordadmin-demo-pass',
  );
  expect(await sidewaysScroll(page), 'sideways scroll at 320 px, personas open').toBeLessThanOrEqual(0);
  await expectAxeClean(page, 'the personas at 320 px');
  await page.screenshot({ path: screenshotPath('demo-bar-personas-320.png') });
  await page.keyboard.press('Escape');
  await expect(personas).toBeHidden();
  await expect(personasButton).toBeFocused();

  // What the bank sent by e-mail (there is no mailbox): the seeded confirmation code of `unverified`.
  await bar.getByRole('button', { name: 'Messages' }).click();
  const messages = page.getByRole('dialog', { name: 'Messages the bank sent' });
  const confirm = messages.getByRole('listitem').filter({ hasText: 'Confirm your e-mail address' });
  await expect(confirm).toContainText('To unverified@bank.test');
  await expect(confirm).toContainText(/Code \d{6}/u);
  await expectAxeClean(page, 'the messages at 320 px');
  await page.screenshot({ path: screenshotPath('demo-bar-messages-320.png') });
  await page.keyboard.press('Escape');
  await expect(messages).toBeHidden();

  // A desktop: signed in, the bar is one thin row above the portal.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('E-mail').fill('demo@bank.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await typeCode(page, 'Passcode', PASSCODE);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 12_000 });
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$5,120.00');
  await expectAbovePortal(page);
  expect((await bar.boundingBox())?.height, 'the bar at 1280 px').toBeLessThanOrEqual(56);
  expect(await sidewaysScroll(page), 'sideways scroll at 1280 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: screenshotPath('demo-bar-1280.png') });

  // Starting over asks first; Cancel and Escape leave everything as it was.
  const startOver = bar.getByRole('button', { name: 'Start over' });
  await startOver.click();
  const ask = page.getByRole('alertdialog', { name: 'Start the demo over?' });
  await expect(ask).toContainText('everything done in this demo is lost');
  await expectAxeClean(page, 'starting over, asked');
  await page.screenshot({ path: screenshotPath('demo-bar-start-over-1280.png') });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await startOver.click();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(startOver).toBeFocused();
  await expect(page).toHaveURL(/\/wp-user\/dashboard\/?$/u);
  await expect(page.getByRole('region', { name: 'Available Balance' })).toBeVisible();

  // Confirmed: the seeded bank again, signed out, at the login.
  await startOver.click();
  await ask.getByRole('button', { name: 'Start over' }).click();
  await expect(page).toHaveURL(/\/wp-user\/account\/login\/?$/u);
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await page.goto(`${origin}/wp-user/dashboard`);
  await expect(page).toHaveURL(/\/wp-user\/account/u);

  expect(bankCalls, 'calls to the bank that reached the file server').toEqual([]);
});

test('from static files alone: the admin approves a KYC case and confirms a deposit; the customer sees the balance', async ({
  page,
}) => {
  await page.goto(`${origin}/wp-user/account/login`);
  await adminSignsIn(page);
  await approveAndConfirm(page);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await customerSignsIn(page, 'demo@bank.test', origin);
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$5,620.00');
  expect(bankCalls, 'calls to the bank that reached the file server').toEqual([]);
});

test('from static files alone: a deposit with its proof picture goes as a form with a file; the admin opens the picture and confirms it', async ({
  page,
}) => {
  await customerSignsIn(page, 'demo@bank.test', origin);
  // The dashboard's calls are answered before the page is left: a call still in flight when its page goes is
  // sent on to the network by Mock Service Worker.
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$5,120.00');
  await page.goto(`${origin}/wp-user/dashboard/add-funds/crypto`);
  await choose(page, 'Crypto type', 'ETH');
  await page.getByRole('spinbutton', { name: 'Amount' }).fill('250.50');
  await page.getByLabel('Payment Proof').setInputFiles(pngFile('receipt.png'));
  await expect(page.getByText('File Uploaded')).toBeVisible();
  const sent = page.waitForRequest(
    (request) => request.url().includes('/api/users.php') && request.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Submit Deposit' }).click();
  expect(await (await sent).headerValue('content-type')).toMatch(/^multipart\/form-data; boundary=/u);
  await expect(page.getByText('Payment Pending!').first()).toBeVisible();
  await page.getByRole('button', { name: 'Log Out' }).first().click();
  await expect(page.getByText('Logged out !')).toBeVisible();

  // The admin, in the same tab (the bank lives in it): the deposit with its picture, then confirmed.
  await page.goto(`${origin}/wp-user/account/login`);
  await adminSignsIn(page);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Pending requests' }).click();
  const confirm = page.getByRole('button', { name: /^Confirm Crypto deposit of \$250\.50 by demo@bank\.test/u });
  const request = page.getByRole('listitem').filter({ has: confirm });
  const href = await request.getByRole('link', { name: /^Open the payment proof/u }).getAttribute('href');
  expect(href).not.toBeNull();
  // The picture the customer chose, from the bank in the page: the same bytes, as a PNG.
  const served = await page.evaluate(async (url) => {
    const reply = await fetch(url);
    return {
      status: reply.status,
      type: reply.headers.get('content-type'),
      bytes: [...new Uint8Array(await reply.arrayBuffer())],
    };
  }, href ?? '');
  expect(served).toEqual({ status: 200, type: 'image/png', bytes: [...pngFile('receipt.png').buffer] });
  await confirm.click();
  await expect(request.getByRole('status')).toHaveText('Confirmed.');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Logged out !')).toBeVisible();

  await customerSignsIn(page, 'demo@bank.test', origin);
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('$5,370.50');
  expect(bankCalls, 'calls to the bank that reached the file server').toEqual([]);
});
