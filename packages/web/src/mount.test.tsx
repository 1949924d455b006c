import { findByRole, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPortal } from './mount';
import { renderPage, renderWaiting } from './prerender';

describe('mountPortal', () => {
  let root = document.createElement('div');
  let stop: (() => void) | undefined;

  afterEach(() => {
    stop?.();
    stop = undefined;
    root.remove();
    root = document.createElement('div');
    vi.restoreAllMocks();
  });

  /** `root` as the server sends a prerendered page (decision 0019), opened at `address`. */
  async function prerendered(page: string, address: string) {
    root.innerHTML = await renderPage(page);
    root.dataset.prerendered = page;
    window.history.replaceState(null, '', address);
    document.body.append(root);
  }

  const emailField = () => root.querySelector<HTMLInputElement>('input[name="email"]');

  it('hydrates the prerendered page: the same elements, no error', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    await prerendered('/account/login', '/wp-user/account/login');
    const heading = root.querySelector('h1');
    const field = emailField();
    if (!field) throw new Error('no e-mail field');
    stop = (await mountPortal(root)).unmount;
    await waitFor(() => {
      expect(Object.keys(field).some((key) => key.startsWith('__reactFiber'))).toBe(true);
    });
    expect(root.dataset.prerendered).toBeUndefined();
    expect(root.querySelector('h1')).toBe(heading);
    expect(emailField()).toBe(field);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it('renders its own page over the markup when the address is not the one prerendered', async () => {
    await prerendered('/account/login', '/wp-user/account/login?ended=idle');
    const heading = root.querySelector('h1');
    stop = (await mountPortal(root)).unmount;
    expect(await findByRole(root, 'status', { name: '' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => {
      expect(heading?.isConnected).toBe(false);
    });
    expect(root.querySelectorAll('h1')).toHaveLength(1);
  });

  it('hydrates the page at its address with a trailing slash, as a static host serves it', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    await prerendered('/account/login', '/wp-user/account/login/');
    const heading = root.querySelector('h1');
    stop = (await mountPortal(root)).unmount;
    await waitFor(() => {
      expect(Object.keys(emailField() ?? {}).some((key) => key.startsWith('__reactFiber'))).toBe(true);
    });
    expect(root.querySelector('h1')).toBe(heading);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it('renders the page at the address into an empty root', async () => {
    window.history.replaceState(null, '', '/wp-user/account/login');
    document.body.append(root);
    stop = (await mountPortal(root)).unmount;
    expect(await findByRole(root, 'heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  /** The titles in the head, as index.html (or a prerendered page) and then React leave them. */
  const titles = () => [...document.head.querySelectorAll('title')].map((title) => title.textContent);

  it("puts the page's title in place of the HTML's own: one title in the head", async () => {
    const own = document.createElement('title');
    own.textContent = 'E-Banking';
    document.head.append(own);
    window.history.replaceState(null, '', '/wp-user/account/forgot');
    document.body.append(root);
    stop = (await mountPortal(root)).unmount;
    expect(await findByRole(root, 'heading', { name: /forgot/i })).toBeInTheDocument();
    await waitFor(() => {
      expect(titles()).toEqual(['Forgot your passcode · E-Banking']);
    });
    expect(document.title).toBe('Forgot your passcode · E-Banking');
  });

  it('takes out the prerendered title when the router shows another page', async () => {
    const own = document.createElement('title');
    own.textContent = 'Sign in · E-Banking';
    document.head.append(own);
    await prerendered('/account/login', '/wp-user/account/forgot');
    stop = (await mountPortal(root)).unmount;
    expect(await findByRole(root, 'heading', { name: /forgot/i })).toBeInTheDocument();
    await waitFor(() => {
      expect(titles()).toEqual(['Forgot your passcode · E-Banking']);
    });
  });

  it("keeps the dashboard's frame on screen until the page the router loaded takes its place", async () => {
    root.innerHTML = renderWaiting();
    window.history.replaceState(null, '', '/wp-user/account/login');
    document.body.append(root);
    const frame = root.firstElementChild;
    // Each change of the root: either the frame or the page is on screen, never nothing in between.
    const between: string[] = [];
    const watch = new MutationObserver(() => {
      if (!frame?.isConnected && root.querySelector('h1') === null) between.push(root.innerHTML);
    });
    watch.observe(root, { childList: true, subtree: true });
    stop = (await mountPortal(root)).unmount;
    expect(await findByRole(root, 'heading', { name: 'Sign in' })).toBeInTheDocument();
    watch.disconnect();
    expect(frame?.isConnected).toBe(false);
    expect(between).toEqual([]);
  });

  it('refuses a page without a root element', async () => {
    await expect(mountPortal(null)).rejects.toThrow('The page has no #root element');
  });
});
