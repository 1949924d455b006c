/**
 * The notice of a browser in a sandbox, against the REAL mock bank (the app's `fetch` forwarded to it, with
 * the page's cookie as a browser sends it): only with the cookie, with the sandbox's expiry in the portal's
 * style, the messages the sandbox's bank sent (a visitor's own, with a staff key), not in the admin area, and
 * "Start over" that wipes the sandbox and signs the customer out (Escape withdraws the question).
 */
import { startBank, type Harness } from '@ebank/mock-server/src/testing/harness';
import { createStaffClient, staffReply } from '@ebank/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { inSandbox, sandboxOfThisBrowserSoon } from '@/lib/sandbox-cookie';
import { session } from '@/session/session';
import { forwardFetch, realFetch } from '@/test/forward-fetch';
import { AFTER_START_OVER, isAdminArea, SandboxNotice } from './sandbox-notice';

const WAIT = { timeout: 5000 };
let bank: Harness;
let calls: string[];

/** The app's `fetch` forwarded to `bank`, its calls noted in `calls`. */
function forwardToBank() {
  forwardFetch(bank.base, {
    withCookies: true,
    intercept: (request, pathname) => {
      calls.push(`${request.method} ${pathname}`);
      return undefined;
    },
  });
}

beforeEach(async () => {
  bank = await startBank();
  calls = [];
  forwardToBank();
});

afterEach(async () => {
  document.cookie = 'mock_sandbox=; max-age=0; path=/';
  window.history.replaceState(null, '', '/');
  await bank.close();
});

/** The portal's query client, which the notice shares (the Messages dialog reads with it). */
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

describe('the sandbox notice', () => {
  it('is not loaded, and asks nothing, without the cookie', async () => {
    const main = await import('./main.tsx?raw');
    expect(main.default).toMatch(
      /sandboxOfThisBrowserSoon\(portal\)\.then\(async \(sandbox\) => \{\s+if \(sandbox === undefined\) return;\s+const \[\{ router, queryClient \}, notice\] = await Promise\.all\(\[portal, import\('\.\/sandbox-notice'\)\]\)/u,
    );
    expect(inSandbox()).toBe(false);
    await expect(sandboxOfThisBrowserSoon(Promise.resolve())).resolves.toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('names the sandbox, and says when it is cleared in the portal’s date style', async () => {
    const made = await staffReply(
      createStaffClient({ baseUrl: bank.base }).createSandbox({ body: { name: 'visitor-1' } }),
    );
    document.cookie = 'mock_sandbox=visitor-1; path=/';
    calls = [];
    render(<SandboxNotice history={createMemoryHistory()} />, { wrapper });
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
    const { container } = render(<SandboxNotice history={createMemoryHistory()} />, { wrapper });
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
    render(<SandboxNotice history={createMemoryHistory()} leave={leave} />, { wrapper });

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

  it('withdraws the question on Escape, as a dialog closes, and gives the focus back to Start over', async () => {
    document.cookie = 'mock_sandbox=mine; path=/';
    const leave = vi.fn();
    const user = userEvent.setup();
    render(<SandboxNotice history={createMemoryHistory()} leave={leave} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Start over' }, WAIT));
    expect(screen.getByRole('button', { name: 'Yes, start over' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Start over?' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start over' })).toHaveFocus();
    expect(calls).not.toContain('POST /__mock/sandbox/start-over');
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows the messages a visitor’s own bank sent, newest first, with a staff key on the server', async () => {
    await bank.close();
    const staffKey = 'a-staff-key-of-32-characters-xyz';
    bank = await startBank({ access: { staffKey }, sandboxes: { perVisitor: true } });
    forwardToBank();
    const asVisitor = { cookie: 'mock_sandbox=visitor-1' };
    const forgot = (email: string) =>
      realFetch(new URL('api/users.php?crud=userforgot', bank.base), {
        method: 'POST',
        headers: { ...asVisitor, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'code', email }),
      });
    // The visitor's bank is made at its first use, by the cookie: one of its own.
    expect((await realFetch(new URL('__mock/sandbox', bank.base), { headers: asVisitor })).status).toBe(200);
    expect((await forgot('demo@bank.test')).status).toBe(200);
    expect((await forgot('notice@bank.test')).status).toBe(200);
    const sent = await staffReply(
      createStaffClient({ baseUrl: bank.base, token: () => staffKey, sandbox: () => 'visitor-1' }).getOutbox({
        query: {},
      }),
    );
    // The seed's own message comes last.
    expect(sent.map((message) => message.to).slice(0, 2)).toEqual(['notice@bank.test', 'demo@bank.test']);

    document.cookie = 'mock_sandbox=visitor-1; path=/';
    const user = userEvent.setup();
    render(<SandboxNotice history={createMemoryHistory()} />, { wrapper });
    const notice = await screen.findByRole('complementary', { name: 'Private bank' }, WAIT);
    expect(notice).toHaveTextContent('This bank is private to this browser.');
    const open = within(notice).getByRole('button', { name: 'Messages' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Messages the bank sent' });
    await waitFor(() => {
      expect(within(dialog).getByRole('status')).toHaveTextContent(
        `${String(sent.length)} messages, the newest first:`,
      );
    }, WAIT);
    const [newest, oldest] = within(dialog).getAllByRole('listitem');
    // The oldest of the two this visitor asked for.
    expect(newest).toHaveTextContent('Reset your passcode');
    expect(newest).toHaveTextContent('To notice@bank.test');
    expect(oldest).toHaveTextContent('To demo@bank.test');
    expect(oldest).toHaveTextContent(`Code ${sent[1]?.code ?? 'none'}`);
    expect(within(oldest!).getByRole('link', { name: 'Open the link' })).toHaveAttribute('href', sent[1]?.link);
    const time = oldest!.querySelector('time');
    expect(time).toHaveTextContent(formatDateTime(sent[1]?.createdAt ?? ''));
    expect(calls).toContain('GET /__mock/outbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('is not shown in the admin area, where staff act on sandboxes of their own accord', async () => {
    expect(['/admin', '/admin/', '/admin/sandboxes', '/Admin/clock'].map(isAdminArea)).toEqual(Array(4).fill(true));
    expect(['/', '/account/login', '/administrator', '/dashboard/admin'].map(isAdminArea)).toEqual(
      Array(4).fill(false),
    );
    document.cookie = 'mock_sandbox=mine; path=/';
    const history = createMemoryHistory({ initialEntries: ['/admin/sandboxes'] });
    render(<SandboxNotice history={history} />, { wrapper });
    await waitFor(() => {
      expect(calls).toEqual(['GET /__mock/sandbox']);
    }, WAIT);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('complementary', { name: 'Private bank' })).not.toBeInTheDocument();
    // The portal's router moves between the areas without a page load: the notice follows.
    act(() => {
      history.push('/account/login');
    });
    await screen.findByRole('complementary', { name: 'Private bank' }, WAIT);
    act(() => {
      history.push('/admin/');
    });
    await waitFor(() => {
      expect(screen.queryByRole('complementary', { name: 'Private bank' })).not.toBeInTheDocument();
    }, WAIT);
  });
});
