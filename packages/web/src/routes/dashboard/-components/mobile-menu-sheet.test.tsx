import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/session/session';
import { installDashboardBank } from '@/test/dashboard-data';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  session.signIn('user-token');
});

describe('the phone menu drawer', () => {
  it('opened from the keyboard, puts the focus on the first menu entry', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    screen.getByRole('button', { name: 'Open menu' }).focus();
    await app.user.keyboard('{Enter}');

    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
  });
});
