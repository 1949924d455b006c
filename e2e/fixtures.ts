/**
 * Fixtures. One mock bank serves the whole run (global-setup.ts starts it on E2E_PORT); every test works
 * in a sandbox of its own there: a private, whole bank that the server makes from the seed at the test's
 * first call and that the test removes when it ends. The test's sandbox is named in the `X-Mock-Sandbox`
 * header, which Playwright adds to every request of the test: the page's (pictures and scripts too), the
 * `request` fixture's, `page.request`'s, and those of any further browser context the test opens with
 * `browser.newContext()`. So tests never reset the bank and any number of them can run at once. Also here:
 * the outbox and staff API as helpers, and a signed-in page for a persona or the admin.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axeCore from 'axe-core';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where a test keeps a screenshot worth looking at: `<repo>/test-results/screens/<file>`. */
export function screenshotPath(file: string) {
  return path.join(REPO, 'test-results', 'screens', file);
}

/** The port of the run's mock bank. */
export function basePort() {
  const raw = process.env.E2E_PORT ?? '8181';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`E2E_PORT must be a port number (1-65535), not '${raw}'`);
  return port;
}

declare global {
  interface Window {
    /** axe-core, once axeViolations has put it in the page. */
    axe?: typeof axeCore;
  }
}

/**
 * What axe (WCAG 2.0/2.1, A and AA) finds on the page as it is now: every violation as it reports it, and one
 * line for each (rule, impact, help and the elements). axe-core runs in the page itself (`axe.run`), put there
 * once per document from its own `source`: the portal has no frames, so nothing needs axe's cross-frame run,
 * which opens and loads a blank page for every scan (decision 0045).
 */
export async function axeViolations(page: Page) {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axeCore.source);
  // Colours are read as they end: a link whose colours are still changing (it has just become the current
  // one, or lost the pointer) is between its two states.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  const violations = await page.evaluate(async () => {
    if (window.axe === undefined) throw new Error('axe-core is not in the page');
    const results = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return results.violations;
  });
  const lines = violations.map(
    (v) => `${v.id} (${v.impact ?? ''}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  return { violations, lines };
}

/**
 * Opens the login page and waits until the client has taken the build's markup over (hydrated): its e-mail
 * field, disabled in the markup, takes input. Until then React may still replace what a test puts in the
 * page: markup it did not render makes it render the part anew.
 */
export async function openHydratedLogin(page: Page) {
  await page.goto('/wp-user/account/login');
  await expect(page.getByLabel('E-mail')).toBeEnabled();
}

/**
 * Puts entries in the portal's local and session storage, as the portal leaves them, so that the next page the
 * test opens starts with them. They are written from the portal's icon: a page of the portal's origin that
 * runs no script, so no page of the portal loads just to be left.
 */
export async function keepInStorage(
  page: Page,
  local: Readonly<Record<string, string>>,
  session: Readonly<Record<string, string>> = {},
) {
  await page.goto('/wp-user/favicon.svg');
  await page.evaluate(
    ([localEntries, sessionEntries]) => {
      for (const [key, value] of Object.entries(localEntries)) localStorage.setItem(key, value);
      for (const [key, value] of Object.entries(sessionEntries)) sessionStorage.setItem(key, value);
    },
    [local, session] as const,
  );
}

export const PASSCODE = '123456';
/** The seeded admin's password (on a server without a staff key). */
export const ADMIN_PASSWORD = 'admin-demo-pass';
export const PIN = '1234';

/** A picture to upload, as a file chooser hands it over: a 1×1 PNG under this name. */
export const pngFile = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
});

/** Opens the select labelled `label` and picks `option`. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

export interface OutboxMessage {
  to: string;
  kind: string;
  subject: string;
  text: string;
  code?: string;
  link?: string;
}

export interface Bank {
  /** Messages sent to an address, newest first. */
  outbox(email: string): Promise<OutboxMessage[]>;
  /** The newest message's code, waiting for it to arrive. */
  latestCode(email: string, kind: string): Promise<string>;
  /** A staff call through the staff API (the admin area's). */
  staff(path: string, method?: 'GET' | 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<unknown>;
  /** A token for a persona, straight from the API. */
  token(email: string, passcode?: string): Promise<string>;
}

interface Fixtures {
  /** The name of the test's own sandbox on the run's mock bank (removed when the test ends). */
  sandbox: string;
  bank: Bank;
  /** Signs a persona in (token in local storage, as the portal keeps it) and opens a page. */
  signIn: (email: string, path?: string) => Promise<Page>;
  /** Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now; fails on any violation. */
  axe: (label: string) => Promise<void>;
}

/** The header by which a request names its sandbox, and the rule for a sandbox's name (the server's). */
export const SANDBOX_HEADER = 'X-Mock-Sandbox';
const SANDBOX_NAME = /^[a-z0-9-]{1,40}$/u;

/** The run's mock bank (global-setup.ts starts it). */
export function mockServerUrl() {
  return `http://127.0.0.1:${basePort()}`;
}

/**
 * A sandbox name of the test's own: a few words of its title (to tell it apart in the server's list) and a
 * hash of its id, repeat and retry (so that no two runs of tests at once share one).
 */
function sandboxName(testInfo: TestInfo) {
  const words = testInfo.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-+/u, '')
    .slice(0, 24)
    .replace(/-+$/u, '');
  const hash = createHash('sha256')
    .update(`${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`)
    .digest('hex')
    .slice(0, 12);
  const name = words ? `${words}-${hash}` : hash;
  if (!SANDBOX_NAME.test(name)) throw new Error(`not a sandbox name: ${name}`);
  return name;
}

/** Whether nothing listens on a port (on any address, as the mock bank listens). */
export function portIsFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => {
      resolve(false);
    });
    probe.listen(port, () =>
      probe.close(() => {
        resolve(true);
      }),
    );
  });
}

/**
 * Starts a mock bank as `pnpm --filter @ebank/mock-server start` does (tsx on src/main.ts), serving the
 * portal's build on 127.0.0.1:`port` with room for many sandboxes, and resolves with a stop function once
 * `/__mock/health` answers. `env` adds to (or overrides) the server's environment; `busy` is the error for a
 * port taken meanwhile.
 */
export async function startMockServer(
  port: number,
  options: { readonly env?: Readonly<Record<string, string>>; readonly busy?: string } = {},
) {
  const url = `http://127.0.0.1:${port}`;
  const busy = options.busy ?? `port ${port} is in use`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO, 'packages', 'mock-server'),
    env: {
      ...process.env,
      PORT: String(port),
      MOCK_PUBLIC_URL: `${url}/`,
      // A sandbox for each test running at once, with room to spare (each goes when its test ends).
      MOCK_SANDBOXES_MAX: '500',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
    process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  while (child.exitCode === null && child.signalCode === null) {
    const healthy = await fetch(`${url}/__mock/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return stop;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the mock bank on port ${port} did not answer /__mock/health within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (errors.includes('EADDRINUSE')) throw new Error(busy);
  throw new Error(`the mock bank on port ${port} stopped before it was ready:\n${errors.trim()}`);
}

/** A port nothing listens on now, as the system hands them out. */
export function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(mockServerUrl());
  },

  sandbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      const name = sandboxName(testInfo);
      await use(name);
      // After the test's browsers have closed. A test that never called the bank has no sandbox to remove.
      const res = await fetch(`${mockServerUrl()}/__mock/sandboxes/${name}`, { method: 'DELETE' });
      if (!res.ok && res.status !== 404) throw new Error(`removing sandbox ${name}: ${res.status} ${await res.text()}`);
    },
    { auto: true },
  ],

  // Every request of the test names its sandbox: of its pages, of `request` and `page.request`, and of the
  // contexts it opens itself (Playwright gives those the test's options too).
  extraHTTPHeaders: async ({ sandbox }, use) => {
    await use({ [SANDBOX_HEADER]: sandbox });
  },

  bank: async ({ request }, use) => {
    const bank: Bank = {
      async outbox(email) {
        const res = await request.get(`/__mock/outbox?to=${encodeURIComponent(email)}`);
        return (await res.json()) as OutboxMessage[];
      },
      async latestCode(email, kind) {
        let code: string | undefined;
        await expect
          .poll(async () => {
            code = (await bank.outbox(email)).find((m) => m.kind === kind)?.code;
            return code;
          })
          .toBeTruthy();
        return code ?? '';
      },
      async staff(path, method = 'POST', body) {
        const res = await request.fetch(`/__mock/staff/${path}`, {
          method,
          ...(body === undefined ? {} : { data: body }),
        });
        expect(res.ok(), `staff ${path}: ${await res.text()}`).toBe(true);
        return (await res.json()) as unknown;
      },
      async token(email, passcode = PASSCODE) {
        const res = await request.post('/api/users.php?crud=userlogin', {
          form: { email, password: passcode, remeber: '0' },
        });
        const body = (await res.json()) as { jwt?: string; message?: string };
        if (!body.jwt) throw new Error(`no token for ${email}: ${body.message ?? res.status()}`);
        return body.jwt;
      },
    };
    await use(bank);
  },

  signIn: async ({ page, bank }, use) => {
    await use(async (email, path = '/wp-user/dashboard') => {
      const token = await bank.token(email);
      await keepInStorage(page, { baUid: token });
      await page.goto(path);
      return page;
    });
  },

  axe: async ({ page }, use, testInfo) => {
    await use(async (label) => {
      const { violations, lines } = await axeViolations(page);
      await testInfo.attach(`axe: ${label}`, {
        body: JSON.stringify(violations, null, 2),
        contentType: 'application/json',
      });
      expect(lines, `axe violations on ${label}`).toEqual([]);
    });
  },
});

export { expect };

/**
 * Two frames later in the page (what a resize or a late reply has changed is laid out and handled), or half a
 * second should the headless browser draw no frame: it can stop scheduling them under load.
 */
export async function afterTwoFrames(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      new Promise((resolve) => setTimeout(resolve, 500)),
    ]),
  );
}

/** Signs the admin in (their token in local storage, as the portal's login keeps it) and opens a page. */
export async function signInAsAdmin(page: Page, path = '/wp-user/admin/') {
  const res = await page.request.post('/api/users.php?crud=userlogin', {
    form: { email: 'admin@bank.test', password: ADMIN_PASSWORD, remeber: '0' },
  });
  const { jwt } = (await res.json()) as { jwt?: string };
  if (!jwt) throw new Error('no token for the admin');
  await keepInStorage(page, { baStaffUid: jwt });
  await page.goto(path);
}

/**
 * The admin signs in on the portal's login page (open in `page`) and lands in the admin area, through the
 * notice's 'Go now' (the login's own tests wait out its 5 s).
 */
export async function adminSignsIn(page: Page) {
  await page.getByLabel('E-mail').fill('admin@bank.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Go now' }).click();
  await expect(page).toHaveURL(/\/wp-user\/admin\/kyc$/u);
}

/** In the admin area: approves Paul Pending's identity check and confirms the pending crypto deposit. */
export async function approveAndConfirm(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'KYC cases' }).click();
  const kyc = page.getByRole('list', { name: 'Identity checks awaiting review' }).getByRole('listitem').first();
  await kyc.getByRole('button', { name: /^Approve Paul Pending/u }).click();
  await expect(kyc.getByRole('status')).toHaveText('Approved.');

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Pending requests' }).click();
  const confirm = page.getByRole('button', { name: /^Confirm Crypto deposit of \$500\.00 by demo@bank\.test/u });
  await confirm.click();
  await expect(page.getByRole('listitem').filter({ has: confirm }).getByRole('status')).toHaveText('Confirmed.');
}

/**
 * A customer signs in on the portal's login page (of the server at `origin`, else the test's own) and goes on
 * through the notice's 'Go now' (the login's own tests wait out its 5 s).
 */
export async function customerSignsIn(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/wp-user/account/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await typeCode(page, 'Passcode', PASSCODE);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Go now' }).click();
}

/** Types a code into a one-time-code group (the boxes move focus themselves). */
export async function typeCode(page: Page, group: RegExp | string, code: string) {
  await page.getByRole('group', { name: group }).getByRole('textbox').first().click();
  await page.keyboard.type(code);
}

/** A payee's details as the transfer form asks for them. */
const PAYEE = {
  Bank: 'First Example Bank',
  'Swift code': 'FEXBUS33',
  Currency: 'USD',
  'Routing number': '026009593',
  Country: 'United States',
  'Account number': '000999888777',
  'Account holder name': 'Sam Lee',
  Note: 'Rent',
};

/**
 * Opens the transfer form, fills it for {@link PAYEE} (with `payee`'s fields instead, if given) with this
 * amount, and continues to the confirmation.
 */
export async function fillTransfer(
  page: Page,
  amount: string,
  payee: Partial<Record<keyof typeof PAYEE, string>> = {},
) {
  await page.goto('/wp-user/dashboard/send');
  for (const [label, value] of Object.entries({ ...PAYEE, ...payee }))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('spinbutton', { name: 'Amount' }).fill(amount);
  await page.getByRole('button', { name: 'Continue' }).click();
}
