/**
 * Sandboxes as people meet them in the browser: on a server that gives every visitor a bank of their own,
 * two browsers signed in as the same persona each see only their own doings, and, with a staff key, a
 * visitor reads their own bank's e-mailed codes in its notice; and the link that opens a sandbox puts a
 * fresh browser in it, where it sees what was done there.
 *
 * The browsers here are opened without the test's sandbox header (`extraHTTPHeaders: {}`), so that only
 * the `mock_sandbox` cookie picks their bank, as for a real visitor.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import {
  adminSignsIn,
  customerSignsIn,
  expect,
  fillTransfer,
  freePort,
  axeViolations,
  PIN,
  screenshotPath,
  startMockServer,
  test,
  typeCode,
  type OutboxMessage,
} from './fixtures';

const SANDBOX_COOKIE = 'mock_sandbox';

/** The sandbox a browser's cookie names on a server (undefined without the cookie). */
async function sandboxCookie(context: BrowserContext, origin: string) {
  return (await context.cookies(origin)).find((cookie) => cookie.name === SANDBOX_COOKIE)?.value;
}

const balance = (page: Page) => page.getByRole('region', { name: 'Available Balance' });

/** A mock server of a test's own: its address, and a way to open a visitor's browser there. */
interface OwnServer {
  readonly origin: string;
  /** A new visitor's browser, without the test's sandbox header: only the cookie picks its bank. */
  readonly visitor: (options?: BrowserContextOptions) => Promise<BrowserContext>;
}

/** Runs `body` against a mock server started with `env` for it alone; its browsers and the server close after. */
async function onOwnServer(
  browser: Browser,
  env: Readonly<Record<string, string>>,
  body: (server: OwnServer) => Promise<void>,
) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const stop = await startMockServer(port, { env: { ...env } });
  const visitors: BrowserContext[] = [];
  try {
    await body({
      origin,
      visitor: async (options = {}) => {
        const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: {}, ...options });
        visitors.push(context);
        return context;
      },
    });
  } finally {
    for (const visitor of visitors) await visitor.close();
    await stop();
  }
}

test('per visitor: two browsers get a bank each; one sends money, the other, as the same persona, does not see it', async ({
  browser,
}) => {
  // A server of this test's own, that gives a bank to every browser that opens the portal without one.
  test.setTimeout(120_000);
  await onOwnServer(browser, { MOCK_SANDBOX_PER_VISITOR: '1' }, async ({ origin, visitor }) => {
    const a = await visitor();
    const b = await visitor();

    // Visitor A signs in as the demo persona and sends $1,500 (the e-mailed code from A's own outbox).
    const pageA = await a.newPage();
    await customerSignsIn(pageA, 'demo@bank.test');
    await expect(balance(pageA)).toContainText('$5,120.00');
    await fillTransfer(pageA, '1500');
    await pageA.getByRole('button', { name: 'Confirmed' }).click();
    await typeCode(pageA, 'Transaction PIN', PIN);
    await pageA.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(pageA.getByRole('heading', { name: 'Transfer Authorization Code is required' })).toBeVisible();
    let code = '';
    await expect
      .poll(async () => {
        // A's context sends A's cookie, so this is A's outbox.
        const res = await a.request.get('/__mock/outbox?to=demo%40bank.test');
        const messages = (await res.json()) as OutboxMessage[];
        code = messages.find((m) => m.kind === 'transfer-code')?.code ?? '';
        return code;
      })
      .not.toBe('');
    await typeCode(pageA, 'Authorization code', code);
    await pageA.getByRole('button', { name: 'Confirm Code' }).click();
    await expect(pageA.getByText('Successful! Await Confirmation').first()).toBeVisible();
    await expect(pageA).toHaveURL(/\/wp-user\/dashboard\/?$/u, { timeout: 8_000 });
    await expect(balance(pageA)).toContainText('$3,620.00');

    // Visitor B, as the same persona, still has the seeded balance and nothing in the outbox.
    const pageB = await b.newPage();
    await customerSignsIn(pageB, 'demo@bank.test');
    await expect(balance(pageB)).toContainText('$5,120.00');
    const outboxB = (await (await b.request.get('/__mock/outbox?to=demo%40bank.test')).json()) as OutboxMessage[];
    expect(outboxB.filter((m) => m.kind === 'transfer-code')).toEqual([]);

    // And A, on a reload, still sees the money gone.
    await pageA.reload();
    await expect(balance(pageA)).toContainText('$3,620.00');

    // Each browser's cookie names a sandbox of its own.
    const sandboxA = await sandboxCookie(a, origin);
    const sandboxB = await sandboxCookie(b, origin);
    expect(sandboxA).toMatch(/^[a-z0-9-]{1,40}$/u);
    expect(sandboxB).toMatch(/^[a-z0-9-]{1,40}$/u);
    expect(sandboxA).not.toBe(sandboxB);

    // Each page says, in a small notice, that this bank is this browser's own and when it goes.
    const notice = pageB.getByRole('complementary', { name: 'Private bank' });
    await expect(notice).toContainText('This bank is private to this browser.');
    await expect(notice).toContainText(/\d{2}\/\d{2}\/\d{4}/u);
  });
});

test('a full server sends the next visitor to a page that says so, and lets them in once a bank is free', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  await onOwnServer(
    browser,
    { MOCK_SANDBOX_PER_VISITOR: '1', MOCK_SANDBOXES_MAX: '1' },
    async ({ origin, visitor }) => {
      const a = await visitor();
      const b = await visitor({ viewport: { width: 390, height: 844 } });
      await (await a.newPage()).goto('/wp-user/account/login');
      const taken = await sandboxCookie(a, origin);
      expect(taken).toBeDefined();

      // The one bank is taken: B is told why, in the portal, with no JSON and no bank of its own.
      const page = await b.newPage();
      await page.goto('/wp-user/account/signup');
      await expect(page.getByRole('heading', { level: 1, name: 'The demo is busy' })).toBeVisible();
      await expect(page.getByText(/Every demo bank on this server is in use right now/u)).toBeVisible();
      expect(await sandboxCookie(b, origin)).toBeUndefined();
      expect((await axeViolations(page)).lines).toEqual([]);
      await page.screenshot({ path: screenshotPath('390-busy.png'), fullPage: true });

      // Once A's bank has gone, "Try again" takes B where it was going, in a bank of its own.
      await a.request.delete(`/__mock/sandboxes/${taken ?? ''}`);
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect(page).toHaveURL(/\/wp-user\/account\/signup$/u);
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      expect(await sandboxCookie(b, origin)).toMatch(/^[a-z0-9-]{1,40}$/u);
    },
  );
});

test("with a staff key, a visitor reads a transfer's code in the notice's Messages: their own bank's outbox only", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const env = { MOCK_SANDBOX_PER_VISITOR: '1', MOCK_STAFF_KEY: 'a-staff-key-of-32-characters-xyz' };
  await onOwnServer(browser, env, async ({ visitor: newVisitor }) => {
    const visitor = await newVisitor();
    const page = await visitor.newPage();
    await customerSignsIn(page, 'demo@bank.test');
    await fillTransfer(page, '1500');
    await page.getByRole('button', { name: 'Confirmed' }).click();
    await typeCode(page, 'Transaction PIN', PIN);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Transfer Authorization Code is required' })).toBeVisible();

    // The code, in the notice's Messages: the visitor needs no key for their own bank's e-mails.
    const notice = page.getByRole('complementary', { name: 'Private bank' });
    const open = notice.getByRole('button', { name: 'Messages' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Messages the bank sent' });
    const sent = dialog.getByRole('listitem').filter({ hasText: 'Your transfer authorization code' }).first();
    await expect(sent).toContainText('To demo@bank.test');
    const code = (await sent.locator('strong').textContent()) ?? '';
    expect(code).toMatch(/^\d{4}$/u);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    await typeCode(page, 'Authorization code', code);
    await page.getByRole('button', { name: 'Confirm Code' }).click();
    await expect(page.getByText('Successful! Await Confirmation').first()).toBeVisible();

    // Only that outbox: not the default bank's (no cookie), nor another sandbox's by the header.
    const stranger = await newVisitor();
    expect((await stranger.request.get('/__mock/outbox')).status()).toBe(401);
    const other = await visitor.request.get('/__mock/outbox', { headers: { 'X-Mock-Sandbox': 'someone-else' } });
    expect(other.status()).toBe(401);
  });
});

test("the open link: a fresh browser lands on the portal in that sandbox, and sees that sandbox's bank", async ({
  browser,
  bank,
  baseURL,
  sandbox,
}) => {
  // Staff confirm the demo persona's pending $500 deposit in this test's sandbox (through the header).
  const state = (await bank.staff('state', 'GET')) as { requests: { id: string; email: string; amount: number }[] };
  const deposit = state.requests.find((r) => r.email === 'demo@bank.test' && r.amount === 500);
  expect(deposit, 'the seeded pending deposit of $500').toBeDefined();
  await bank.staff(`requests/${deposit?.id ?? ''}/confirm`);

  const visitors: BrowserContext[] = [];
  try {
    // A browser with no cookie and no header follows the link.
    const linked = await browser.newContext({ extraHTTPHeaders: {} });
    visitors.push(linked);
    const page = await linked.newPage();
    await page.goto(`/__mock/sandboxes/${sandbox}/open`);
    await expect(page).toHaveURL(/\/wp-user\//u);
    expect(await sandboxCookie(linked, baseURL ?? '')).toBe(sandbox);

    // Signed in there, the demo persona has the confirmed deposit in the balance.
    await customerSignsIn(page, 'demo@bank.test');
    await expect(balance(page)).toContainText('$5,620.00');
    const notice = page.getByRole('complementary', { name: 'Private bank' });
    await expect(notice).toContainText(`You are in sandbox ${sandbox}`);

    // 'Start over' puts the sandbox back to the seed, signs out, and the deposit is pending again.
    await notice.getByRole('button', { name: 'Start over' }).click();
    await notice.getByRole('group', { name: 'Start over?' }).getByRole('button', { name: 'Yes, start over' }).click();
    await expect(page).toHaveURL(/\/wp-user\/account\/login/u);
    await customerSignsIn(page, 'demo@bank.test');
    await expect(balance(page)).toContainText('$5,120.00');
  } finally {
    for (const visitor of visitors) await visitor.close();
  }
});

test('the admin area makes a sandbox, acts on it, and goes back to its own bank', async ({
  browser,
  baseURL,
  request,
  sandbox,
}) => {
  const other = `adm-${Date.now().toString(36)}`;
  // A browser put in the test's sandbox by the cookie (not the header), so the admin area's own header wins.
  const staff = await browser.newContext({ extraHTTPHeaders: {} });
  try {
    const page = await staff.newPage();
    await page.goto(`${baseURL ?? ''}/__mock/sandboxes/${sandbox}/open`);
    await page.goto('/wp-user/account/login');
    await adminSignsIn(page);
    // Put in a sandbox by its cookie, this browser's admin area acts on that one until another is chosen.
    await expect(page.getByText(`Acting on: this browser’s sandbox ${sandbox}`)).toBeVisible();

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Sandboxes' }).click();
    await page.getByLabel('Name (optional)').fill(other);
    await page.getByRole('button', { name: 'Make a sandbox' }).click();
    await page.getByRole('button', { name: `Act on this one: ${other}` }).click();
    await expect(page.getByText(`Acting on sandbox ${other}`)).toBeVisible();

    // The clock moves in the chosen sandbox only.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Clock' }).click();
    await page.getByRole('group', { name: 'Move the clock forward' }).getByRole('button', { name: '+1 hour' }).click();
    const offset = async (name: string) =>
      (
        (await (await request.get('/__mock/clock', { headers: { 'X-Mock-Sandbox': name } })).json()) as {
          offsetMinutes: number;
        }
      ).offsetMinutes;
    await expect.poll(() => offset(other)).toBe(60);
    expect(await offset(sandbox)).toBe(0);

    await page.getByRole('button', { name: 'Back to this browser’s sandbox' }).click();
    await expect(page.getByText(`Acting on: this browser’s sandbox ${sandbox}`)).toBeVisible();
  } finally {
    await staff.close();
    await request.delete(`/__mock/sandboxes/${other}`);
  }
});
