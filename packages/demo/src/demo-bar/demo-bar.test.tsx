// @vitest-environment jsdom
/**
 * The demo bar: the seeded personas, the outbox (the staff contract's `getOutbox`, compared with the
 * server's in mocks/dev-endpoints.test.ts), the admin area, and starting over only after asking; every
 * dialog closes on Escape and gives the focus back.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { staffContract, type OutboxMessage } from '@ebank/contract';
import { DEMO_PASSCODE, DEMO_PIN, PERSONAS } from '@ebank/mock-server/src/bank/seed';
import { SHOWN_MESSAGES } from './messages-dialog';
import { demoBarElement } from './show-demo-bar';

const ORIGIN = 'http://demo.test';
const HOME = '/wp-user/account/login';
const ADMIN_AREA = '/wp-user/admin/';

const message = (n: number, content: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id: `m${String(n)}`,
  to: 'unverified@bank.test',
  kind: 'verify-email',
  subject: `Message ${String(n)}`,
  text: `The text of message ${String(n)}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString(),
  ...content,
});

let outbox: OutboxMessage[] | 'broken' = [];
let resets = 0;
const msw = setupServer(
  http.get(`${ORIGIN}${staffContract.getOutbox.path}`, () =>
    outbox === 'broken' ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json(outbox),
  ),
  http.post(`${ORIGIN}${staffContract.resetBank.path}`, () => {
    resets += 1;
    return HttpResponse.json({ ok: true });
  }),
);
beforeAll(() => {
  msw.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  outbox = [];
  resets = 0;
  window.localStorage.clear();
});
afterAll(() => {
  msw.close();
});

function renderBar() {
  const forgetBank = vi.fn<() => void>();
  const navigate = vi.fn<(url: string) => void>();
  render(demoBarElement({ apiOrigin: ORIGIN, home: HOME, adminArea: ADMIN_AREA, forgetBank, navigate }));
  return {
    user: userEvent.setup(),
    forgetBank,
    navigate,
    bar: screen.getByRole('complementary', { name: 'Demo mode' }),
  };
}

describe('the demo bar', () => {
  it('says it is a demo and leads to the admin area', () => {
    const { bar } = renderBar();
    expect(bar).toHaveTextContent('Demo mode: data stays in this browser.');
    expect(within(bar).getByRole('link', { name: 'Admin area' })).toHaveAttribute('href', ADMIN_AREA);
  });

  it('lists every seeded persona with what it signs in with, and closes on Escape', async () => {
    const { user } = renderBar();
    const open = screen.getByRole('button', { name: 'Personas' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Personas' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(PERSONAS.length);
    for (const [index, persona] of PERSONAS.entries()) expect(items[index]).toHaveTextContent(persona.email);

    const demo = items[PERSONAS.findIndex((p) => p.email === 'demo@bank.test')]!;
    expect(demo).toHaveTextContent(`Passcode${DEMO_PASSCODE}`);
    expect(demo).toHaveTextContent(`PIN${DEMO_PIN}`);
    expect(demo).toHaveTextContent('verified, ready to bank');
    const pending = items[PERSONAS.findIndex((p) => p.email === 'kyc-pending@bank.test')]!;
    expect(pending).toHaveTextContent('KYC Pending Verification');
    expect(pending).toHaveTextContent('no transaction PIN yet');
    expect(pending).not.toHaveTextContent('PIN1234');
    const admin = items[PERSONAS.findIndex((p) => p.role === 'admin')]!;
    expect(admin).toHaveTextContent('Passwordadmin-demo-pass');
    expect(within(admin).getByRole('link', { name: 'admin area' })).toHaveAttribute('href', ADMIN_AREA);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('shows the newest messages the bank sent, with their codes and links, and reads them again', async () => {
    outbox = [
      message(2, { kind: 'reset-passcode', subject: 'Reset your passcode', link: 'http://demo.test/wp-user/reset' }),
      message(1, { subject: 'Confirm your e-mail address', code: '482913' }),
    ];
    const { user } = renderBar();
    const open = screen.getByRole('button', { name: 'Messages' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Messages the bank sent' });
    await expect.poll(() => within(dialog).queryAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 messages, the newest first:');
    const [reset, confirm] = within(dialog).getAllByRole('listitem');
    expect(confirm).toHaveTextContent('Confirm your e-mail address');
    expect(confirm).toHaveTextContent('To unverified@bank.test');
    expect(confirm).toHaveTextContent('Code 482913');
    const link = within(reset!).getByRole('link', { name: 'Open the link' });
    expect(link).toHaveAttribute('href', 'http://demo.test/wp-user/reset');
    expect(link).toHaveAccessibleDescription('Reset your passcode');

    outbox = Array.from({ length: SHOWN_MESSAGES + 2 }, (_, n) => message(SHOWN_MESSAGES + 2 - n));
    await user.click(within(dialog).getByRole('button', { name: 'Check again' }));
    await expect
      .poll(() => within(dialog).getByRole('status').textContent)
      .toBe(`The newest ${String(SHOWN_MESSAGES)} of ${String(SHOWN_MESSAGES + 2)}:`);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(SHOWN_MESSAGES);
    expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent(`Message ${String(SHOWN_MESSAGES + 2)}`);
    // A message with neither a code nor a link shows its text.
    expect(within(dialog).getAllByRole('listitem')[0]).toHaveTextContent(`The text of message`);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it("dates each message in the portal's one style: day/month/year and a 24-hour clock", async () => {
    // 26 November 2026, 18:05:09 where the browser is: a month-first or 12-hour clock would read otherwise.
    const sentAt = new Date(2026, 10, 26, 18, 5, 9).toISOString();
    outbox = [message(1, { createdAt: sentAt, code: '482913' })];
    const { user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Messages' }));
    const dialog = screen.getByRole('dialog', { name: 'Messages the bank sent' });
    await expect.poll(() => within(dialog).queryAllByRole('listitem')).toHaveLength(1);
    const time = within(dialog).getByRole('listitem').querySelector('time');
    expect(time).toHaveTextContent(/^26\/11\/2026, 18:05:09$/u);
    expect(time).toHaveAttribute('dateTime', sentAt);
  });

  it('says when there is nothing yet, one message, or when the outbox cannot be read', async () => {
    const { user } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Messages' }));
    await expect.poll(() => screen.getByRole('status').textContent).toBe('No messages yet.');
    outbox = [message(1, { code: '111222' })];
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await expect.poll(() => screen.getByRole('status').textContent).toBe('One message:');
    outbox = 'broken';
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await expect.poll(() => screen.getByRole('status').textContent).toBe('The messages cannot be shown.');
  });

  it('asks before starting over: Cancel or Escape leave everything as it is', async () => {
    window.localStorage.setItem('baUid', 'a token');
    const { user, forgetBank, navigate } = renderBar();
    const open = screen.getByRole('button', { name: 'Start over' });
    await user.click(open);
    const ask = screen.getByRole('alertdialog', { name: 'Start the demo over?' });
    expect(ask).toHaveAccessibleDescription(/everything done in this demo is lost, and you are signed out/u);
    // The safe choice has the focus.
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    await user.click(open);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    expect(resets).toBe(0);
    expect(forgetBank).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('baUid')).toBe('a token');
  });

  it('starts over once confirmed: the bank is reset and forgotten, the visitor signed out and sent to the login', async () => {
    window.localStorage.setItem('baUid', 'a token');
    const { user, forgetBank, navigate } = renderBar();
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const ask = screen.getByRole('alertdialog', { name: 'Start the demo over?' });
    await user.click(within(ask).getByRole('button', { name: 'Start over' }));
    await expect.poll(() => navigate.mock.calls).toEqual([[HOME]]);
    expect(resets).toBe(1);
    expect(forgetBank).toHaveBeenCalledOnce();
    expect(window.localStorage.getItem('baUid')).toBeNull();
  });
});
