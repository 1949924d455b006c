/**
 * Fixtures: a fresh mock bank for every test, the outbox and staff console as helpers, and a signed-in
 * page for a persona.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const PASSCODE = '123456';
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
  /** A staff decision through the console's API. */
  staff(path: string, method?: 'GET' | 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<unknown>;
  /** A token for a persona, straight from the API. */
  token(email: string, passcode?: string): Promise<string>;
}

interface Fixtures {
  bank: Bank;
  /** Signs a persona in (token in local storage, as the portal keeps it) and opens a page. */
  signIn: (email: string, path?: string) => Promise<Page>;
  /** Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now; fails on any violation. */
  axe: (label: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  bank: async ({ request }, use) => {
    const reset = await request.post('/__mock/reset');
    expect(reset.ok()).toBe(true);
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

/** Types a code into a one-time-code group (the boxes move focus themselves). */
export async function typeCode(page: Page, group: RegExp | string, code: string) {
  await page.getByRole('group', { name: group }).getByRole('textbox').first().click();
  await page.keyboard.type(code);
}
