/**
 * The admin area's header against the REAL mock bank (on a loopback port, with a staff key; the app's
 * `fetch` forwarded to it): its controls in a keyboard order that follows the screen, and a section menu
 * that, in the one row it takes on a phone, brings the current section's link into view sideways.
 */
import { startBank, type Harness } from '@ebank/mock-server/src/testing/harness';
import { createStaffClient, staffReply, type StaffClient } from '@ebank/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSandbox } from '@/api/admin-sandbox';
import { session } from '@/session/session';
import { renderApp } from '@/test/render-app';
import { SECTIONS } from './-components/sections';

const STAFF_KEY = 'a-staff-key-of-32-characters-xyz';
const realFetch = globalThis.fetch;
const WAIT = { timeout: 5000 };

let bank: Harness;
let direct: StaffClient;

beforeAll(async () => {
  bank = await startBank({ access: { staffKey: STAFF_KEY } });
  direct = createStaffClient({ baseUrl: bank.base, token: () => STAFF_KEY });
});

afterAll(async () => {
  await bank.close();
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const request = new Request(new URL(url instanceof Request ? url.url : url, window.location.href), init);
      const { pathname, search } = new URL(request.url);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return realFetch(new URL(`${pathname.slice(1)}${search}`, bank.base), {
        method: request.method,
        headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer(),
      });
    }),
  );
  session.signInAsAdmin(STAFF_KEY);
});

afterEach(() => {
  adminSandbox.choose(undefined);
  vi.restoreAllMocks();
});

const heading = (name: string) => screen.findByRole('heading', { name, level: 1 }, WAIT);
const sectionsRow = () => {
  const row = within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('list');
  return { row, links: within(row).getAllByRole('link') };
};

describe('the admin area’s header', () => {
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
