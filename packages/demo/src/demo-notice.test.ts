// @vitest-environment jsdom
/**
 * The demo bar's "Requests": the request journal as GET /__mock/journal lists it (the endpoint itself is
 * compared with the server's in mocks/dev-endpoints.test.ts), newest first, secrets masked, cleared from
 * the bar.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Journal, JOURNAL_PATH } from '@ebank/mock-server/src/http/dev-journal';
import { showDemoNotice } from './demo-notice';

const ORIGIN = 'http://demo.test';
const journal = new Journal();
const msw = setupServer(
  http.get(`${ORIGIN}${JOURNAL_PATH}`, () => HttpResponse.json(journal.list())),
  http.delete(`${ORIGIN}${JOURNAL_PATH}`, () => {
    journal.clear();
    return HttpResponse.json({ ok: true });
  }),
);
beforeAll(() => {
  msw.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  msw.close();
});

const button = (name: string) => {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

describe('the demo bar', () => {
  it('shows the calls the portal made under "Requests", with the passcode masked', async () => {
    journal.record({
      call: { query: { crud: 'userlogin' }, fields: { email: 'demo@bank.test', password: '123456' }, files: [] },
      result: { status: 200, body: {}, replyValid: true },
      startedAt: performance.now(),
    });
    showDemoNotice(ORIGIN, '/wp-user/account/login');
    const requests = button('Requests');
    const panel = document.getElementById('demo-requests');
    expect(panel?.hidden).toBe(true);

    requests.click();
    expect(requests.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => panel?.querySelectorAll('li').length).toBe(1);
    const item = panel?.querySelector('li')?.textContent ?? '';
    expect(item).toContain('login (crud=userlogin): 200');
    expect(item).toContain('demo@bank.test');
    expect(item).toContain('password: ***');
    expect(item).not.toContain('123456');

    button('Clear').click();
    await expect.poll(() => panel?.textContent).toContain('No requests yet.');
    expect(journal.list()).toEqual([]);
    requests.click();
    expect(panel?.hidden).toBe(true);
  });
});
