import { findByRole } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountPortal } from './mount';

describe('mountPortal', () => {
  const root = document.createElement('div');
  let stop: (() => void) | undefined;

  afterEach(() => {
    stop?.();
    stop = undefined;
    root.remove();
  });

  it('starts in steps a task apart, then shows the page at the address', async () => {
    window.history.replaceState(null, '', '/wp-user/account/login');
    document.body.append(root);
    const order: string[] = [];
    const mounting = mountPortal(root).then((portal) => {
      stop = portal.unmount;
      order.push('mounted');
    });
    // A task queued after the call runs before the portal's start is done: the start gave way to it.
    setTimeout(() => order.push('another task'), 0);
    await mounting;
    expect(order).toEqual(['another task', 'mounted']);
    expect(await findByRole(root, 'heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('refuses a page without a root element', async () => {
    await expect(mountPortal(null)).rejects.toThrow('The page has no #root element');
  });
});
