/**
 * The Sandboxes and Faults sections against the REAL mock bank (on a loopback port, with a staff key; the
 * app's `fetch` forwarded to it, headers and all): making, listing and deleting sandboxes, acting on one
 * (every staff call then names it), falling back when it goes, the server's refusals where they were
 * asked for, and the fault rules of the chosen bank. The in-browser demo's 404 is a stubbed reply.
 */
import { startBank, type Harness } from '@ebank/mock-server/src/testing/harness';
import { SANDBOX_COOKIE, SANDBOX_HEADER, createStaffClient, staffReply, type StaffClient } from '@ebank/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminSandbox } from '@/api/admin-sandbox';
import { formatDateTime } from '@/lib/format';
import { session } from '@/session/session';
import { forwardFetch } from '@/test/forward-fetch';
import { renderApp } from '@/test/render-app';

const STAFF_KEY = 'a-staff-key-of-32-characters-xyz';
const WAIT = { timeout: 5000 };

let bank: Harness;
let direct: StaffClient;
/** The sandbox each staff call of the app named (undefined: the default bank), by path. */
let sent: { path: string; method: string; sandbox: string | undefined }[];
/** A reply the test puts in the bank's place for one path and method. */
let stubbed: ((path: string, method: string) => Response | undefined) | undefined;

// A bank of its own per test: the count of sandboxes against the limit starts at nothing.
beforeEach(async () => {
  bank = await startBank({ access: { staffKey: STAFF_KEY }, sandboxes: { max: 2 } });
  direct = createStaffClient({ baseUrl: bank.base, token: () => STAFF_KEY });
  sent = [];
  stubbed = undefined;
  forwardFetch(bank.base, {
    intercept: (request, pathname) => {
      if (pathname.startsWith('/__mock/'))
        sent.push({
          path: pathname,
          method: request.method,
          sandbox: request.headers.get(SANDBOX_HEADER) ?? undefined,
        });
      return stubbed?.(pathname, request.method);
    },
  });
  session.signInAsAdmin(STAFF_KEY);
  // The choice and what was said about a gone sandbox live in the page's memory too.
  adminSandbox.choose(undefined);
});

afterEach(async () => {
  document.cookie = `${SANDBOX_COOKIE}=; max-age=0; path=/`;
  await bank.close();
});

const refusal = (status: number, message: string) =>
  new Response(JSON.stringify({ error: true, message }), { status, headers: { 'content-type': 'application/json' } });

const sandboxItem = async (name: string) => {
  const list = await screen.findByRole('list', { name: 'Sandboxes' }, WAIT);
  const heading = await within(list).findByRole('heading', { name }, WAIT);
  const item = heading.closest('li');
  if (!item) throw new Error(`no item for ${name}`);
  return within(item);
};

describe('the Sandboxes section', () => {
  it('lists the sandboxes with the limits, and makes one from a snapshot of the default bank', async () => {
    await staffReply(direct.saveSnapshot({ body: { name: 'before-demo' } }));
    await staffReply(direct.createSandbox({ body: { name: 'first' } }));
    const app = renderApp('/wp-user/admin/sandboxes');
    expect(await screen.findByRole('heading', { name: 'Sandboxes', level: 1 }, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('At most 2 sandboxes at once; 1 now.', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('A sandbox nobody uses for 60 minutes is removed.')).toBeInTheDocument();
    expect(screen.getByText(/^Per-visitor mode is off/u)).toBeInTheDocument();
    const first = await sandboxItem('first');
    expect(first.getByText('Customers').nextElementSibling?.textContent).toMatch(/^\d+$/u);
    expect(first.getByText('Size').nextElementSibling?.textContent).toMatch(/^\d+\.\d kB$/u);
    expect(first.getByText(`${window.location.origin}/__mock/sandboxes/first/open`)).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Copy link to first' })).toBeInTheDocument();

    await app.user.type(screen.getByRole('textbox', { name: 'Name (optional)' }), 'Not OK');
    await app.user.click(screen.getByRole('button', { name: 'Make a sandbox' }));
    expect(await screen.findByText('Must be 1 to 40 lowercase letters, digits or dashes')).toBeInTheDocument();
    await app.user.clear(screen.getByRole('textbox', { name: 'Name (optional)' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Name (optional)' }), 'from-snap');
    await app.user.click(screen.getByRole('combobox', { name: 'Start from' }));
    await app.user.click(await screen.findByRole('option', { name: 'Snapshot before-demo' }));
    await app.user.click(screen.getByRole('button', { name: 'Make a sandbox' }));
    expect(await screen.findByText(/^Made sandbox from-snap\./u, {}, WAIT)).toBeInTheDocument();
    expect(await sandboxItem('from-snap')).toBeTruthy();
    expect((await staffReply(direct.listSandboxes())).sandboxes.map((s) => s.name).sort()).toEqual([
      'first',
      'from-snap',
    ]);
  });

  it('marks the sandbox this browser is in, and only that one', async () => {
    await staffReply(direct.createSandbox({ body: { name: 'mine' } }));
    await staffReply(direct.createSandbox({ body: { name: 'theirs' } }));
    document.cookie = `${SANDBOX_COOKIE}=mine; path=/`;
    renderApp('/wp-user/admin/sandboxes');
    expect((await sandboxItem('mine')).getByText('This browser')).toBeInTheDocument();
    expect((await sandboxItem('theirs')).queryByText('This browser')).not.toBeInTheDocument();
  });

  describe('a browser put in a sandbox by its link (staff trying the link before sending it)', () => {
    beforeEach(async () => {
      await staffReply(direct.createSandbox({ body: { name: 'tried' } }));
      document.cookie = `${SANDBOX_COOKIE}=tried; path=/`;
      // The page's cookie goes with every call, as a browser's does: it picks the bank.
      forwardFetch(bank.base, { withCookies: true });
    });

    it('acts on that sandbox, and leaves it for the default bank when asked', async () => {
      const app = renderApp('/wp-user/admin/sandboxes');
      const line = await screen.findByText(/^Acting on:/u, {}, WAIT);
      await waitFor(() => {
        expect(line).toHaveTextContent('Acting on: this browser’s sandbox tried');
      }, WAIT);
      await app.user.click(screen.getByRole('button', { name: 'Leave it for the default bank' }));
      await waitFor(() => {
        expect(screen.getByText(/^Acting on:/u)).toHaveTextContent('Acting on: the default bank');
      }, WAIT);
      expect(document.cookie).not.toContain(SANDBOX_COOKIE);
      expect(screen.queryByRole('button', { name: 'Leave it for the default bank' })).not.toBeInTheDocument();
      // The sandbox is still there for those who have its link.
      expect((await staffReply(direct.listSandboxes())).sandboxes.map((s) => s.name)).toContain('tried');
    });

    it("offers the default bank's snapshots to start from, not the sandbox's own, and makes one from them", async () => {
      // Saved in the default bank: by a call without the browser's cookie.
      document.cookie = `${SANDBOX_COOKIE}=; max-age=0; path=/`;
      await staffReply(direct.saveSnapshot({ body: { name: 'before-demo' } }));
      document.cookie = `${SANDBOX_COOKIE}=tried; path=/`;
      const inTried = createStaffClient({ baseUrl: bank.base, token: () => STAFF_KEY, sandbox: () => 'tried' });
      await staffReply(inTried.saveSnapshot({ body: { name: 'own-one' } }));
      const app = renderApp('/wp-user/admin/sandboxes');
      await app.user.click(await screen.findByRole('combobox', { name: 'Start from' }, WAIT));
      expect(await screen.findByRole('option', { name: 'Snapshot before-demo' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'Snapshot own-one' })).not.toBeInTheDocument();
      await app.user.click(screen.getByRole('option', { name: 'Snapshot before-demo' }));
      await app.user.click(screen.getByRole('button', { name: 'Make a sandbox' }));
      expect(await screen.findByText(/^Made sandbox /u, {}, WAIT)).toBeInTheDocument();
    });

    it('leaves it when staff delete it, so that no call makes it again', async () => {
      const app = renderApp('/wp-user/admin/sandboxes');
      await app.user.click((await sandboxItem('tried')).getByRole('button', { name: 'Delete tried' }));
      await app.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      const acting = await screen.findByText(/^Deleted sandbox tried\. Acting on:/u, {}, WAIT);
      expect(acting).toHaveTextContent('Deleted sandbox tried. Acting on: the default bank');
      expect(document.cookie).not.toContain(SANDBOX_COOKIE);
      await waitFor(() => {
        expect(screen.queryByRole('heading', { name: 'tried' })).not.toBeInTheDocument();
      }, WAIT);
      expect((await staffReply(direct.listSandboxes())).sandboxes.map((s) => s.name)).not.toContain('tried');
    });
  });

  it('marks no sandbox when this browser is in none', async () => {
    await staffReply(direct.createSandbox({ body: { name: 'theirs' } }));
    renderApp('/wp-user/admin/sandboxes');
    expect((await sandboxItem('theirs')).queryByText('This browser')).not.toBeInTheDocument();
  });

  it('says whose each sandbox is: its newest call, and the customer it named', async () => {
    await staffReply(direct.createSandbox({ body: { name: 'visited' } }));
    await staffReply(direct.createSandbox({ body: { name: 'untouched' } }));
    await bank.send('/api/users.php?crud=userlogin', {
      method: 'POST',
      headers: { [SANDBOX_HEADER]: 'visited' },
      body: new URLSearchParams({ email: 'demo@bank.test', password: '123456', remeber: 'false' }),
    });
    const listed = (await staffReply(direct.listSandboxes())).sandboxes.find((s) => s.name === 'visited');
    const at = listed?.lastCall?.at ?? '';
    renderApp('/wp-user/admin/sandboxes');
    expect((await sandboxItem('visited')).getByText(/^Last:/u)).toHaveTextContent(
      new RegExp(`^Last: login by demo@bank\\.test, ${formatDateTime(at)}$`, 'u'),
    );
    expect((await sandboxItem('untouched')).queryByText(/^Last:/u)).not.toBeInTheDocument();
  });

  it('says so when the name is taken (409) and when the server is full (503)', async () => {
    await staffReply(direct.createSandbox({ body: { name: 'taken' } }));
    const app = renderApp('/wp-user/admin/sandboxes');
    const name = await screen.findByRole('textbox', { name: 'Name (optional)' }, WAIT);
    await app.user.type(name, 'taken');
    await app.user.click(screen.getByRole('button', { name: 'Make a sandbox' }));
    expect(await screen.findByText("A sandbox named 'taken' exists already", {}, WAIT)).toHaveAttribute(
      'role',
      'status',
    );

    await staffReply(direct.createSandbox({ body: { name: 'second' } }));
    await app.user.clear(name);
    await app.user.type(name, 'third');
    await app.user.click(screen.getByRole('button', { name: 'Make a sandbox' }));
    expect(
      await screen.findByText(/^This server holds as many sandboxes as it may \(2\)/u, {}, WAIT),
    ).toBeInTheDocument();
  });

  it('deletes a sandbox, asking first', async () => {
    await staffReply(direct.createSandbox({ body: { name: 'doomed' } }));
    const app = renderApp('/wp-user/admin/sandboxes');
    await app.user.click((await sandboxItem('doomed')).getByRole('button', { name: 'Delete doomed' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete sandbox doomed?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted doomed.', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('No sandboxes yet.', {}, WAIT)).toBeInTheDocument();
    expect((await staffReply(direct.listSandboxes())).sandboxes).toEqual([]);
  });

  it('acts on a chosen sandbox: every staff call names it, and its data is its own', async () => {
    await staffReply(direct.createSandbox({ body: { name: 'play' } }));
    const app = renderApp('/wp-user/admin/sandboxes');
    expect(await screen.findByText('the default bank', {}, WAIT)).toBeInTheDocument();
    await app.user.click((await sandboxItem('play')).getByRole('button', { name: 'Act on this one: play' }));
    const acting = await screen.findByText(/^Acting on sandbox/u, {}, WAIT);
    expect(acting).toHaveTextContent('Acting on sandbox play');
    expect(acting).toHaveFocus();
    expect(window.sessionStorage.getItem('baAdminSandbox')).toBe('play');

    // A decision in the sandbox leaves the default bank as it was.
    sent = [];
    await app.user.click(screen.getByRole('link', { name: 'KYC cases' }));
    await app.user.click(await screen.findByRole('button', { name: /^Approve Paul Pending/u }, WAIT));
    expect(await screen.findByText('Approved.', {}, WAIT)).toBeInTheDocument();
    const bankCalls = sent.filter((call) => !call.path.startsWith('/__mock/sandboxes'));
    expect(bankCalls.length).toBeGreaterThan(1);
    expect(bankCalls.every((call) => call.sandbox === 'play')).toBe(true);
    expect((await staffReply(direct.getState())).kyc).toHaveLength(1);

    await app.user.click(screen.getByRole('button', { name: 'Back to the default bank' }));
    expect(await screen.findByText('the default bank', {}, WAIT)).toBeInTheDocument();
    // The default bank's case is still waiting: the sandbox's decision did not show under it.
    expect(await screen.findByRole('button', { name: /^Approve Paul Pending/u }, WAIT)).toBeEnabled();
    expect(window.sessionStorage.getItem('baAdminSandbox')).toBeNull();
  });

  it('deleting the sandbox it acts on goes back to the default bank as asked, with no alarm', async () => {
    await staffReply(direct.createSandbox({ body: { name: 'acme' } }));
    window.sessionStorage.setItem('baAdminSandbox', 'acme');
    const app = renderApp('/wp-user/admin/sandboxes');
    await app.user.click((await sandboxItem('acme')).getByRole('button', { name: 'Delete acme' }));
    await app.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const acting = await screen.findByText(/^Deleted sandbox acme\. Acting on:/u, {}, WAIT);
    expect(acting).toHaveTextContent('Deleted sandbox acme. Acting on: the default bank');
    expect(acting).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('baAdminSandbox')).toBeNull();
  });

  it('falls back to the default bank, saying so, when the chosen sandbox is gone', async () => {
    await staffReply(direct.createSandbox({ body: { name: 'fleeting' } }));
    window.sessionStorage.setItem('baAdminSandbox', 'fleeting');
    await staffReply(direct.deleteSandbox({ params: { name: 'fleeting' } }));
    renderApp('/wp-user/admin/clock');
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
      /^Sandbox fleeting is gone: .* The admin area acts on the default bank again\.$/u,
    );
    expect(await screen.findByText('the default bank', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('(real time)', {}, WAIT)).toBeInTheDocument();
    // It was not made again by a call that named it.
    expect((await staffReply(direct.listSandboxes())).sandboxes).toEqual([]);
  });

  it('in the in-browser demo (no sandboxes: 404) says plainly where sandboxes live', async () => {
    stubbed = (path, method) =>
      path === '/__mock/sandboxes' && method === 'GET' ? refusal(404, 'Not found: GET /__mock/sandboxes') : undefined;
    renderApp('/wp-user/admin/sandboxes');
    expect(await screen.findByText('Sandboxes belong to the mock server.', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText(/the bank already lives in this browser/u)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a sandbox' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the Faults section', () => {
  it('adds a rule (saying what is wrong under the field), lists it, and clears all, asking first', async () => {
    const app = renderApp('/wp-user/admin/faults');
    expect(await screen.findByText('No rules: every call is answered as usual.', {}, WAIT)).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Add the rule' }));
    expect(await screen.findByText('Choose the operation the rule is for')).toBeInTheDocument();

    await app.user.click(screen.getByRole('combobox', { name: 'Operation' }));
    await app.user.click(await screen.findByRole('option', { name: 'getProfile' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Status (optional)' }), '200');
    await app.user.click(screen.getByRole('button', { name: 'Add the rule' }));
    expect(await screen.findByText('Must be 400 to 599')).toBeInTheDocument();
    await app.user.clear(screen.getByRole('textbox', { name: 'Status (optional)' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Status (optional)' }), '500');
    await app.user.type(screen.getByRole('textbox', { name: 'Message (optional)' }), 'Down for a test');
    await app.user.type(screen.getByRole('textbox', { name: 'Delay in ms (optional)' }), '100-300');
    await app.user.type(screen.getByRole('textbox', { name: 'Times (optional)' }), '2');
    await app.user.click(screen.getByRole('button', { name: 'Add the rule' }));
    expect(await screen.findByText('Added a rule for getProfile.', {}, WAIT)).toBeInTheDocument();

    const rules = await screen.findByRole('list', { name: 'Fault rules' }, WAIT);
    expect(rules).toHaveTextContent('Fails the call after 100 to 300 ms with status 500: “Down for a test”');
    expect(rules).toHaveTextContent('2 calls, 2 left');
    expect(rules).toHaveTextContent('0 times');
    expect(await staffReply(direct.listFaults())).toMatchObject([
      { operation: 'getProfile', status: 500, latencyMs: [100, 300], times: 2 },
    ]);

    await app.user.click(screen.getByRole('button', { name: 'Clear all' }));
    await app.user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear all' }));
    expect(await screen.findByText('Every rule was cleared.', {}, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('No rules: every call is answered as usual.', {}, WAIT)).toBeInTheDocument();
    expect(await staffReply(direct.listFaults())).toEqual([]);
  });

  it('removes one rule and leaves the others', async () => {
    const kept = await staffReply(direct.addFault({ body: { operation: 'login', drop: true } }));
    const removed = await staffReply(direct.addFault({ body: { operation: 'getProfile' } }));
    const app = renderApp('/wp-user/admin/faults');
    await app.user.click(
      await screen.findByRole('button', { name: `Remove the rule ${removed.id} of getProfile` }, WAIT),
    );
    expect(await screen.findByText(`Removed ${removed.id}.`, {}, WAIT)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: `Remove the rule ${removed.id} of getProfile` })).toBeNull();
    }, WAIT);
    expect(await staffReply(direct.listFaults())).toMatchObject([{ id: kept.id, operation: 'login' }]);
  });

  it('shows a refusal of the bank about a field under that field', async () => {
    stubbed = (path, method) =>
      path === '/__mock/faults' && method === 'POST' ? refusal(400, 'rate: must be a number from 0 to 1') : undefined;
    const app = renderApp('/wp-user/admin/faults');
    await app.user.click(await screen.findByRole('combobox', { name: 'Operation' }, WAIT));
    await app.user.click(await screen.findByRole('option', { name: 'login' }));
    await app.user.type(screen.getByRole('textbox', { name: 'Rate (optional)' }), '0.5');
    await app.user.click(screen.getByRole('button', { name: 'Add the rule' }));
    const message = await screen.findByText('Must be a number from 0 to 1', {}, WAIT);
    expect(screen.getByRole('textbox', { name: 'Rate (optional)' })).toHaveAttribute('aria-invalid', 'true');
    expect(message).not.toHaveAttribute('role', 'status');
  });

  it('acts on the chosen sandbox: its rules are its own', async () => {
    await staffReply(direct.createSandbox({ body: { name: 'faulty' } }));
    window.sessionStorage.setItem('baAdminSandbox', 'faulty');
    const app = renderApp('/wp-user/admin/faults');
    expect(await screen.findByText(/^Make an operation of sandbox faulty fail/u, {}, WAIT)).toBeInTheDocument();
    await app.user.click(screen.getByRole('combobox', { name: 'Operation' }));
    await app.user.click(await screen.findByRole('option', { name: 'login' }));
    await app.user.click(screen.getByRole('checkbox', { name: /^Drop the call/u }));
    await app.user.click(screen.getByRole('button', { name: 'Add the rule' }));
    expect(await screen.findByText('Drops the call, with no reply', {}, WAIT)).toBeInTheDocument();
    expect(await staffReply(direct.listFaults())).toEqual([]);
    const inSandbox = createStaffClient({ baseUrl: bank.base, token: () => STAFF_KEY, sandbox: () => 'faulty' });
    expect(await staffReply(inSandbox.listFaults())).toMatchObject([{ operation: 'login', drop: true }]);
  });
});
