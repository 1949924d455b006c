/**
 * The admin area against the REAL mock bank (its Express app on a loopback port, with a staff key, so only
 * the admin's token opens the staff API): the app's `fetch` is forwarded to it. What staff see and do in
 * each section, the results next to the controls, and the questions asked before what cannot be undone; the
 * header's keyboard order, and a section menu that, in the one row it takes on a phone, brings the current
 * section's link into view sideways.
 */
import { startBank, type Harness } from '@ebank/mock-server/src/testing/harness';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStaffClient, staffReply, type StaffClient } from '@ebank/contract';
import { adminSandbox } from '@/api/admin-sandbox';
import { session } from '@/session/session';
import { forwardFetch } from '@/test/forward-fetch';
import { findToast, renderApp } from '@/test/render-app';
import { SECTIONS } from './-components/sections';

const STAFF_KEY = 'a-staff-key-of-32-characters-xyz';
const WAIT = { timeout: 5000 };

let bank: Harness;
/** The staff API as the test reads it, with the staff key. */
let direct: StaffClient;

beforeAll(async () => {
  bank = await startBank({ access: { staffKey: STAFF_KEY } });
  direct = createStaffClient({ baseUrl: bank.base, token: () => STAFF_KEY });
});

afterAll(async () => {
  await bank.close();
});

beforeEach(async () => {
  await staffReply(direct.resetBank());
  forwardFetch(bank.base);
});

async function signInAsAdmin() {
  session.signInAsAdmin(await bank.login('admin@bank.test', STAFF_KEY));
}

const state = () => staffReply(direct.getState());

/** The staff calls of the app that change the bank (POST), by path, from now on. */
function postsSent() {
  const sent: string[] = [];
  forwardFetch(bank.base, {
    intercept: (request, pathname) => {
      if (request.method === 'POST') sent.push(pathname);
      return undefined;
    },
  });
  return sent;
}

/** A double click with no gap: both clicks come before React renders again. */
function doubleClick(button: HTMLElement) {
  fireEvent.click(button);
  fireEvent.click(button);
}
const heading = (name: string) => screen.findByRole('heading', { name, level: 1 }, WAIT);

describe('the admin area', () => {
  it('is only for a signed-in admin: anyone else goes to the login', async () => {
    const app = renderApp('/wp-user/admin/kyc');
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/account/login');
    });
  });

  it('sends a signed-in customer back to their dashboard, saying the area is for staff', async () => {
    session.signIn(await bank.login('demo@bank.test'));
    const app = renderApp('/wp-user/admin/requests');
    expect(await findToast('The admin area is for staff: log out, then sign in as staff.')).toBeInTheDocument();
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/dashboard');
    });
  });

  it('opens on the KYC cases, with a section menu and a way to sign out', async () => {
    await signInAsAdmin();
    const app = renderApp('/wp-user/admin/');
    expect(await heading('KYC cases')).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/admin/kyc');
    const menu = screen.getByRole('navigation', { name: 'Sections' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'KYC cases',
      'Pending requests',
      'Account messages',
      'Request journal',
      'Clock',
      'Snapshots',
      'Faults',
      'Reset',
      'Sandboxes',
    ]);
    expect(within(menu).getByRole('link', { name: 'KYC cases' })).toHaveAttribute('aria-current', 'page');

    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => {
      expect(app.path()).toBe('/wp-user/account');
    });
    expect(session.isAdmin()).toBe(false);
  });

  it('shows a KYC case with its documents, approves it on a double click (one request), and says so next to the buttons', async () => {
    await signInAsAdmin();
    const sent = postsSent();
    renderApp('/wp-user/admin/kyc');
    const cases = await screen.findByRole('list', { name: 'Identity checks awaiting review' }, WAIT);
    const item = within(cases).getByRole('heading', { name: 'Paul Pending' }).closest('li');
    if (!item) throw new Error('no case for Paul Pending');
    expect(
      within(item)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual([
      'Photo of the customer, sent by Paul Pending',
      'ID, front, sent by Paul Pending',
      'ID, back, sent by Paul Pending',
    ]);
    // Each is captioned with what it shows, as the staff contract orders them.
    expect([...item.querySelectorAll('figcaption')].map((caption) => caption.textContent)).toEqual([
      'Photo of the customer',
      'ID, front',
      'ID, back',
    ]);
    expect(within(item).getAllByRole('img')[0]).toHaveAttribute('src', expect.stringMatching(/\/__mock\/uploads\//u));
    // Each document is shown whole in its box, none cropped.
    for (const img of within(item).getAllByRole('img')) expect(img).toHaveClass('object-contain');

    doubleClick(within(item).getByRole('button', { name: /^Approve Paul Pending/u }));
    expect(await within(item).findByText('Approved.', {}, WAIT)).toHaveAttribute('role', 'status');
    expect(within(item).getByRole('button', { name: /^Approve/u })).toBeDisabled();
    expect(sent).toEqual(['/__mock/staff/kyc/kyc-pending@bank.test/approve']);
    expect((await state()).customers.find((c) => c.email === 'kyc-pending@bank.test')?.kyc).toBe('Verified');
  });

  it('asks before declining a KYC case, and does nothing on Cancel', async () => {
    await signInAsAdmin();
    const app = renderApp('/wp-user/admin/kyc');
    await app.user.click(await screen.findByRole('button', { name: /^Decline Paul Pending/u }, WAIT));
    const dialog = screen.getByRole('alertdialog', { name: 'Decline the identity check of Paul Pending?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect((await state()).kyc).toHaveLength(1);

    await app.user.click(screen.getByRole('button', { name: /^Decline Paul Pending/u }));
    await app.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Declined.', {}, WAIT)).toBeInTheDocument();
    expect((await state()).customers.find((c) => c.email === 'kyc-pending@bank.test')?.kyc).toBe('Declined');
  });

  it('confirms a pending deposit on a double click (one request): the customer’s balance follows', async () => {
    await signInAsAdmin();
    const sent = postsSent();
    const deposit = (await state()).requests.find((r) => r.kind === 'crypto-deposit');
    if (!deposit?.email) throw new Error('the seeded bank has a pending crypto deposit');
    const before = (await state()).customers.find((c) => c.email === deposit.email)?.balance ?? 0;
    renderApp('/wp-user/admin/requests');
    const button = await screen.findByRole(
      'button',
      { name: `Confirm Crypto deposit of ${deposit.amountText} by ${deposit.email}` },
      WAIT,
    );
    doubleClick(button);
    const item = button.closest('li');
    if (!item) throw new Error('no list item');
    expect(await within(item).findByText('Confirmed.', {}, WAIT)).toHaveAttribute('role', 'status');
    expect(sent).toHaveLength(1);
    expect((await state()).customers.find((c) => c.email === deposit.email)?.balance).toBe(before + deposit.amount);
  });

  it('shows an upgrade’s plan and warns when the amount paid is below its price', async () => {
    const { pngBlob } = await import('@ebank/contract/testing');
    const demo = bank.client({ user: await bank.login('demo@bank.test') });
    await demo.call('createUpgrade', { plan: 'Premium', type: 'BTC', amount: 99, depositPic: pngBlob() });
    await signInAsAdmin();
    renderApp('/wp-user/admin/requests');
    const heading = await screen.findByRole('heading', { name: 'Upgrade: $99.00' }, WAIT);
    const item = within(heading.closest('li') ?? document.body);
    expect(item.getByText('Premium (price $499.00)')).toBeInTheDocument();
    expect(item.getByText(/Below the plan.s price:/u).parentElement).toHaveTextContent(
      /Below the plan.s price: \$99\.00 was paid for Premium, which costs \$499\.00\./u,
    );
  });

  it('sets an account message with a form (saying what is missing), then clears it', async () => {
    await signInAsAdmin();
    const app = renderApp('/wp-user/admin/messages');
    await app.user.click(await screen.findByRole('button', { name: 'Set message for demo@bank.test' }, WAIT));
    const dialog = within(screen.getByRole('dialog', { name: 'Account message for Dana Demo' }));
    await app.user.click(dialog.getByRole('button', { name: 'Set message' }));
    expect(await dialog.findByText('Enter a heading')).toBeInTheDocument();
    await app.user.type(dialog.getByRole('textbox', { name: 'Heading' }), 'Account on hold');
    await app.user.type(dialog.getByRole('textbox', { name: 'Message' }), 'Please call us.');
    await app.user.click(dialog.getByRole('button', { name: 'Set message' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    const clear = await screen.findByRole('button', { name: 'Clear the message of demo@bank.test' }, WAIT);
    const item = within(clear.closest('li') ?? document.body);
    expect(item.getByRole('status')).toHaveTextContent('Message set.');
    expect(item.getByText('Account on hold')).toBeInTheDocument();
    const login = await bank.client().call('login', { email: 'demo@bank.test', password: '123456', remeber: false });
    expect(login.ismsg).toEqual({ head: 'Account on hold', body: 'Please call us.' });

    // Clearing asks first; Cancel keeps the message.
    await app.user.click(clear);
    const ask = screen.getByRole('alertdialog', { name: 'Clear the account message of Dana Demo?' });
    await app.user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(item.getByText('Account on hold')).toBeInTheDocument();
    await app.user.click(clear);
    await app.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear' }));
    expect(await item.findByText('Message cleared.', {}, WAIT)).toBeInTheDocument();
    expect(await item.findByText('No account message.', {}, WAIT)).toBeInTheDocument();
  });

  it('gives the focus back to the button that opened the message form when it is closed with Escape', async () => {
    await signInAsAdmin();
    const app = renderApp('/wp-user/admin/messages');
    const open = await screen.findByRole('button', { name: 'Set message for demo@bank.test' }, WAIT);
    open.focus();
    await app.user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Account message for Dana Demo' })).toBeInTheDocument();
    await app.user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(open).toHaveFocus();
  });

  it('lists the journal, masks secrets, filters, and clears it only when asked twice', async () => {
    await staffReply(direct.clearJournal());
    await bank.login('demo@bank.test');
    await signInAsAdmin();
    const app = renderApp('/wp-user/admin/journal');
    const journal = await screen.findByRole('list', { name: 'Request journal' }, WAIT);
    expect(journal).toHaveTextContent('password: ***');
    expect(journal).not.toHaveTextContent('123456');

    await app.user.type(screen.getByRole('textbox', { name: 'Status' }), 'abc');
    expect(screen.getByText('Must be an HTTP status such as 200')).toBeInTheDocument();
    await app.user.clear(screen.getByRole('textbox', { name: 'Status' }));
    await app.user.type(screen.getByRole('combobox', { name: 'Operation' }), 'lookupUser');
    await waitFor(() => {
      expect(screen.queryByRole('list', { name: 'Request journal' })).not.toBeInTheDocument();
    });
    expect(screen.getByText('No call matches these filters.')).toBeInTheDocument();
    await app.user.clear(screen.getByRole('combobox', { name: 'Operation' }));

    await app.user.click(screen.getByRole('button', { name: 'Clear the journal' }));
    await app.user.click(
      within(screen.getByRole('alertdialog', { name: 'Clear the journal?' })).getByRole('button', {
        name: 'Clear the journal',
      }),
    );
    expect(await screen.findByText('The journal was cleared.', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('No calls yet.', {}, WAIT)).toBeInTheDocument();
  });

  it('moves the clock a day, then some minutes, then back to real time', async () => {
    // The admin's own sign-in runs on real time: moving the clock a day does not end it.
    await signInAsAdmin();
    const app = renderApp('/wp-user/admin/clock');
    expect(await screen.findByText('(real time)', {}, WAIT)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: '+1 day' }));
    expect(await screen.findByText('(1 day ahead)', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^The bank's time is now/u);

    await app.user.type(screen.getByRole('textbox', { name: 'Minutes' }), '0');
    await app.user.click(screen.getByRole('button', { name: 'Move forward' }));
    expect(await screen.findByText('Must be at least 1 minute')).toBeInTheDocument();
    // The line of the earlier move no longer stands beside the complaint.
    expect(screen.getByRole('status')).toHaveTextContent('');
    await app.user.clear(screen.getByRole('textbox', { name: 'Minutes' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Minutes' }), '0');
    await app.user.click(screen.getByRole('button', { name: 'Move forward' }));
    expect(await screen.findByText('Must be at least 1 minute')).toBeInTheDocument();
    // A move by a button that works takes the complaint away.
    await app.user.click(screen.getByRole('button', { name: '+1 hour' }));
    await waitFor(() => {
      expect(screen.queryByText('Must be at least 1 minute')).not.toBeInTheDocument();
    }, WAIT);
    await app.user.clear(screen.getByRole('textbox', { name: 'Minutes' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Minutes' }), '90');
    await app.user.click(screen.getByRole('button', { name: 'Move forward' }));
    await waitFor(() => {
      expect(screen.getByText(/ahead\)$/u).textContent).toBe('(1 day 2 h 30 min ahead)');
    }, WAIT);

    await app.user.click(screen.getByRole('button', { name: 'Back to real time' }));
    expect(await screen.findByText('(real time)', {}, WAIT)).toBeInTheDocument();
  });

  it.each(['snapshots', 'journal', 'kyc'])(
    'a token the bank refuses ends the session in %s, and leads to the login',
    async (section) => {
      session.signInAsAdmin('an.expired.token');
      const app = renderApp(`/wp-user/admin/${section}`);
      expect(await screen.findByRole('heading', { name: 'Your admin session has ended' }, WAIT)).toBeInTheDocument();
      // The header stays, with the sections; the way on is the login.
      expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
      await waitFor(() => {
        expect(session.isAdmin()).toBe(false);
      });
      await app.user.click(screen.getByRole('link', { name: 'Sign in' }));
      await waitFor(() => {
        expect(app.path()).toBe('/wp-user/account/login');
      });
    },
  );

  it('saves a snapshot, restores it after a change (asking first), and deletes it (asking first)', async () => {
    await signInAsAdmin();
    const app = renderApp('/wp-user/admin/snapshots');
    expect(await screen.findByText('No snapshots yet.', {}, WAIT)).toBeInTheDocument();
    await app.user.type(screen.getByRole('textbox', { name: 'Name' }), 'not ok');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Must be 1 to 64 letters/u)).toBeInTheDocument();
    await app.user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Name' }), 'before');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved as before.', {}, WAIT)).toBeInTheDocument();

    await staffReply(direct.decideKyc({ params: { email: 'kyc-pending@bank.test', decision: 'approve' } }));
    await app.user.click(await screen.findByRole('button', { name: 'Restore before' }, WAIT));
    await app.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored before.', {}, WAIT)).toBeInTheDocument();
    // One result line at a time: the save's has gone.
    expect(screen.queryByText('Saved as before.')).not.toBeInTheDocument();
    expect((await state()).kyc).toHaveLength(1);

    await app.user.click(screen.getByRole('button', { name: 'Delete before' }));
    await app.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted before.', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('No snapshots yet.', {}, WAIT)).toBeInTheDocument();
  });

  it('resets the bank, asking first', async () => {
    await staffReply(direct.decideKyc({ params: { email: 'kyc-pending@bank.test', decision: 'approve' } }));
    await signInAsAdmin();
    const app = renderApp('/wp-user/admin/reset');
    await app.user.click(await screen.findByRole('button', { name: 'Reset the bank' }, WAIT));
    await app.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset the bank' }));
    expect(await screen.findByText('The bank is back to its seeded state.', {}, WAIT)).toBeInTheDocument();
    expect((await state()).kyc).toHaveLength(1);
  });
});

const sectionsRow = () => {
  const row = within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('list');
  return { row, links: within(row).getAllByRole('link') };
};

describe('the admin area’s header', () => {
  beforeEach(() => {
    session.signInAsAdmin(STAFF_KEY);
  });

  afterEach(() => {
    adminSandbox.choose(undefined);
    vi.restoreAllMocks();
  });

  it('is reached by keyboard in the order it is seen: home, sign out, the sections, then the way back', async () => {
    const { name } = await staffReply(direct.createSandbox({ body: { name: 'header-order' } }));
    adminSandbox.choose(name);
    renderApp('/wp-user/admin/requests');
    expect(await heading('Pending requests')).toBeInTheDocument();
    const header = screen.getByRole('navigation', { name: 'Sections' }).closest('header');
    if (header === null) throw new Error('no header around the section menu');
    // Icon alone on a phone, the button keeps its name.
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(header).toHaveTextContent(`Acting on sandbox ${name}`);
    const controls = [...header.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    expect(controls.map((control) => control.textContent)).toEqual([
      'E-Banking',
      'Sign out',
      ...SECTIONS.map((section) => section.label),
      'Back to the default bank',
    ]);
    expect(controls.every((control) => control.tabIndex === 0)).toBe(true);
  });

  it('brings the current section’s link into view in its row, sideways only, and centres it', async () => {
    // A phone's row, 320 px wide, and links 90 px wide every 100 px, where the row's scroll puts them.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const row = document.querySelector('nav[aria-label="Sections"] ul');
      if (row === null) return new DOMRect();
      if (this === row) return new DOMRect(0, 100, 320, 48);
      const index = [...row.querySelectorAll('a')].findIndex((link) => link === this);
      return index < 0 ? new DOMRect() : new DOMRect(100 * index - row.scrollLeft, 100, 90, 44);
    });
    const intoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const app = renderApp('/wp-user/admin/sandboxes');
    expect(await heading('Sandboxes')).toBeInTheDocument();
    const { row, links } = sectionsRow();
    // The last link (800 to 890 px) in the middle of the row: 845 - 160.
    await waitFor(() => {
      expect(row.scrollLeft).toBe(685);
    });
    expect(links.at(-1)).toHaveAttribute('aria-current', 'page');

    // A link in full view stays where it is.
    await app.user.click(within(row).getByRole('link', { name: 'Reset' }));
    expect(await heading('Reset')).toBeInTheDocument();
    expect(row.scrollLeft).toBe(685);

    // One cut off on the left comes back to the middle: (445 - 685) - 160 sideways.
    await app.user.click(within(row).getByRole('link', { name: 'Clock' }));
    expect(await heading('Clock')).toBeInTheDocument();
    await waitFor(() => {
      expect(row.scrollLeft).toBe(285);
    });
    // Only the row moves: the page stays where the browser put it.
    expect(intoView).not.toHaveBeenCalled();
  });
});
