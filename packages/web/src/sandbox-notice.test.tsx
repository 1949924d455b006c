/**
 * The notice of a browser in a sandbox, against the REAL mock bank (the app's `fetch` forwarded to it, with
 * the page's cookie as a browser sends it): only with the cookie, with the sandbox's expiry in the portal's
 * style, and "Start over" that wipes the sandbox and signs the customer out.
 */
import { startBank, type Harness } from '@ebank/mock-server/src/testing/harness';
import { createStaffClient, staffReply } from '@ebank/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { inSandbox } from '@/lib/sandbox-cookie';
import { session } from '@/session/session';
import { forwardFetch } from '@/test/forward-fetch';
import { AFTER_START_OVER, SandboxNotice } from './sandbox-notice';

const WAIT = { timeout: 5000 };
let bank: Harness;
let calls: string[];

beforeEach(async () => {
  bank = await startBank();
  calls = [];
  forwardFetch(bank.base, {
    withCookies: true,
    intercept: (request, pathname) => {
      calls.push(`${request.method} ${pathname}`);
      return undefined;
    },
  });
});

afterEach(async () => {
  document.cookie = 'mock_sandbox=; max-age=0; path=/';
  await bank.close();
});

describe('the sandbox notice', () => {
  it('is not loaded, and asks nothing, without the cookie', async () => {
    const main = await import('./main.tsx?raw');
    expect(main.default).toMatch(/if \(inSandbox\(\)\) void import\('\.\/sandbox-notice'\)/u);
    expect(inSandbox()).toBe(false);
    expect(calls).toEqual([]);
  });

  it('names the sandbox, and says when it is cleared in the portal’s date style', async () => {
    const made = await staffReply(
      createStaffClient({ baseUrl: bank.base }).createSandbox({ body: { name: 'visitor-1' } }),
    );
    document.cookie = 'mock_sandbox=visitor-1; path=/';
    calls = [];
    render(<SandboxNotice />);
    const notice = await screen.findByRole('complementary', { name: 'Private bank' }, WAIT);
    expect(notice).toHaveTextContent('You are in sandbox visitor-1, a bank of its own.');
    const expiry = within(notice).getByText((_, element) => element?.tagName === 'TIME');
    expect(expiry.textContent).toBe(formatDateTime(expiry.getAttribute('dateTime') ?? ''));
    expect(new Date(expiry.getAttribute('dateTime') ?? '').getTime()).toBeGreaterThanOrEqual(
      new Date(made.expiresAt).getTime(),
    );
    expect(calls).toEqual(['GET /__mock/sandbox']);
  });

  it('says nothing when the cookie reaches the default bank', async () => {
    document.cookie = 'mock_sandbox=NOT_A_NAME; path=/';
    const { container } = render(<SandboxNotice />);
    await waitFor(() => {
      expect(calls).toEqual(['GET /__mock/sandbox']);
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('starts over, asking first: the sandbox goes back to how it began, and the customer is signed out', async () => {
    const inSandbox = createStaffClient({ baseUrl: bank.base, sandbox: () => 'mine' });
    await staffReply(inSandbox.decideKyc({ params: { email: 'kyc-pending@bank.test', decision: 'approve' } }));
    expect((await staffReply(inSandbox.getState())).kyc).toHaveLength(0);
    document.cookie = 'mock_sandbox=mine; path=/';
    session.signIn('a-customer-token');
    const leave = vi.fn();
    const user = userEvent.setup();
    render(<SandboxNotice leave={leave} />);

    await user.click(await screen.findByRole('button', { name: 'Start over' }, WAIT));
    const ask = screen.getByRole('group', { name: 'Start over?' });
    expect(within(ask).getByRole('button', { name: 'Yes, start over' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Start over' })).toHaveFocus();
    expect(calls).not.toContain('POST /__mock/sandbox/start-over');

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await user.click(screen.getByRole('button', { name: 'Yes, start over' }));
    await waitFor(() => {
      expect(leave).toHaveBeenCalledWith(AFTER_START_OVER);
    }, WAIT);
    // The build's base is /wp-user/; the tests run at /.
    expect(AFTER_START_OVER).toBe(`${import.meta.env.BASE_URL}account/login`);
    expect(calls).toContain('POST /__mock/sandbox/start-over');
    expect(session.isSignedIn()).toBe(false);
    expect(session.isLoggedOut()).toBe(true);
    expect((await staffReply(inSandbox.getState())).kyc).toHaveLength(1);
  });
});
