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
import { expect, test } from '@playwright/test';
import { PASSCODE, typeCode } from './fixtures';

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
/** Calls to the bank that reached the static server instead of the page's bank. */
const bankCalls: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  buildDemoIfMissing();
  server = staticServer(bankCalls);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
  });
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

  // What the bank sent by e-mail can be read in the notice (there is no mailbox).
  await page.getByRole('button', { name: 'Messages' }).click();
  await expect(page.getByRole('region', { name: 'Messages the bank sent' })).toContainText(
    'Confirm your e-mail address (to unverified@bank.test): code',
  );

  expect(bankCalls, 'calls to the bank that reached the file server').toEqual([]);
});
