/**
 * Fixtures: a mock bank of its own for every worker (started from the portal's build, stopped after its
 * last test), reset before every test; the outbox and staff API as helpers, and a signed-in page for a
 * persona or the admin.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where a test keeps a screenshot worth looking at: `<repo>/test-results/screens/<file>`. */
export function screenshotPath(file: string) {
  return path.join(REPO, 'test-results', 'screens', file);
}

/** The first worker's port; worker n listens on this plus n. */
export function basePort() {
  const raw = process.env.E2E_PORT ?? '8181';
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`E2E_PORT must be a port number (1-65535), not '${raw}'`);
  return port;
}

export const PASSCODE = '123456';
/** The seeded admin's password (on a server without a staff key). */
export const ADMIN_PASSWORD = 'admin-demo-pass';
export const PIN = '1234';

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
  /** Resets the bank before every test, whether or not the test asks for it. */
  freshBank: undefined;
  bank: Bank;
  /** Signs a persona in (token in local storage, as the portal keeps it) and opens a page. */
  signIn: (email: string, path?: string) => Promise<Page>;
  /** Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now; fails on any violation. */
  axe: (label: string) => Promise<void>;
}

interface WorkerFixtures {
  /** This worker's mock bank: its address (`http://127.0.0.1:<E2E_PORT + worker>`). */
  mockServer: string;
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
 * Starts the mock bank as `pnpm --filter @ebank/mock-server start` does (tsx on src/main.ts), serving the
 * portal's build, and resolves with a stop function once `/__mock/health` answers; `busy` is the error for a
 * port taken meanwhile.
 */
async function startMockServer(port: number, url: string, busy: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(REPO, 'packages', 'mock-server'),
    env: { ...process.env, PORT: String(port), MOCK_PUBLIC_URL: `${url}/` },
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

export const test = base.extend<Fixtures, WorkerFixtures>({
  mockServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const first = basePort();
      const port = first + workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      const busy = `E2E_PORT: port ${port} (E2E_PORT ${first} + worker ${workerInfo.parallelIndex}) is in use; stop what listens there or set E2E_PORT to a free base port`;
      // A worker started after a failed test takes over its predecessor's port once that one has let go.
      let free = await portIsFree(port);
      for (let wait = 0; !free && wait < 50; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        free = await portIsFree(port);
      }
      if (!free) throw new Error(busy);
      const stop = await startMockServer(port, url, busy);
      await use(url);
      await stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],

  baseURL: async ({ mockServer }, use) => {
    await use(mockServer);
  },

  freshBank: [
    async ({ request }, use) => {
      const reset = await request.post('/__mock/reset');
      expect(reset.ok()).toBe(true);
      await use(undefined);
    },
    { auto: true },
  ],

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
      await page.goto('/wp-user/account');
      await page.evaluate((t) => {
        localStorage.setItem('baUid', t);
      }, token);
      await page.goto(path);
      return page;
    });
  },

  axe: async ({ page }, use, testInfo) => {
    await use(async (label) => {
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      await testInfo.attach(`axe: ${label}`, {
        body: JSON.stringify(results.violations, null, 2),
        contentType: 'application/json',
      });
      const summary = results.violations.map(
        (v) => `${v.id} (${v.impact ?? ''}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary, `axe violations on ${label}`).toEqual([]);
    });
  },
});

export { expect };

/** Signs the admin in (their token in local storage, as the portal's login keeps it) and opens a page. */
export async function signInAsAdmin(page: Page, path = '/wp-user/admin/') {
  const res = await page.request.post('/api/users.php?crud=userlogin', {
    form: { email: 'admin@bank.test', password: ADMIN_PASSWORD, remeber: '0' },
  });
  const { jwt } = (await res.json()) as { jwt?: string };
  if (!jwt) throw new Error('no token for the admin');
  await page.goto('/wp-user/account');
  await page.evaluate((t) => {
    localStorage.setItem('baStaffUid', t);
  }, jwt);
  await page.goto(path);
}

/** The admin signs in on the portal's login page (open in `page`) and lands in the admin area. */
export async function adminSignsIn(page: Page) {
  await page.getByLabel('E-mail').fill('admin@bank.test');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/wp-user\/admin\/kyc$/u, { timeout: 12_000 });
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

/** A customer signs in on the portal's login page (of the server at `origin`, else the test's own). */
export async function customerSignsIn(page: Page, email: string, origin = '') {
  await page.goto(`${origin}/wp-user/account/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await typeCode(page, 'Passcode', PASSCODE);
  await page.getByRole('button', { name: 'Sign in' }).click();
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

/** Opens the transfer form, fills it for {@link PAYEE} with this amount, and continues to the confirmation. */
export async function fillTransfer(page: Page, amount: string) {
  await page.goto('/wp-user/dashboard/send');
  for (const [label, value] of Object.entries(PAYEE))
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('spinbutton', { name: 'Amount' }).fill(amount);
  await page.getByRole('button', { name: 'Continue' }).click();
}
