import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/session/session';
import { institution } from '@/test/bank-data';
import { installDashboardBank, notificationList } from '@/test/dashboard-data';
import { findToast, renderApp } from '@/test/render-app';
import { pinDraft } from './-components/pin-draft';

beforeEach(() => {
  session.signIn('user-token');
});

/** The side menu (the drawer's copy exists only while it is open). */
const sideMenu = () => screen.getByRole('navigation', { name: 'Main menu' });

/** The name of each menu entry, in order. */
const entryNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('a, button')?.textContent.trim());

describe('the dashboard shell', () => {
  it("lists every menu entry in the spec's order, with the unread count", async () => {
    installDashboardBank();
    renderApp('/wp-user/dashboard');
    await within(await screen.findByRole('navigation', { name: 'Main menu' })).findByText('2');
    expect(entryNames(sideMenu())).toEqual([
      'Dashboard',
      'Add Funds',
      'Make Payment',
      'Bank Transfer',
      'Loan',
      'Fixed Deposit',
      'Notifications2 unread',
      'Credit Card',
      'Upgrade Account',
      'Help & Support',
      'Pay Bills',
      'Statements & Report',
      'Settings',
      'Log Out',
    ]);
    const menu = within(sideMenu());
    expect(menu.getByRole('link', { name: 'Bank Transfer' })).toHaveAttribute('href', '/wp-user/dashboard/send');
    expect(menu.getByRole('link', { name: 'Add Funds' })).toHaveAttribute('href', '/wp-user/dashboard/add-funds');
    expect(menu.getByRole('link', { name: 'Make Payment' })).toHaveAttribute('href', '/wp-user/dashboard/make-payment');
    expect(menu.getByRole('link', { name: 'Fixed Deposit' })).toHaveAttribute(
      'href',
      '/wp-user/dashboard/fixed-deposit',
    );
    expect(menu.getByRole('link', { name: 'Upgrade Account' })).toHaveAttribute('href', '/wp-user/dashboard/upgrade');
    expect(menu.getByRole('link', { name: 'Help & Support' })).toHaveAttribute('href', '/wp-user/dashboard/contact');
    expect(menu.getByRole('link', { name: 'Statements & Report' })).toHaveAttribute(
      'href',
      '/wp-user/dashboard/statements',
    );
    expect(menu.getByRole('link', { name: /^Notifications/u })).toHaveAccessibleName('Notifications 2 unread');
  });

  it.each(['Loan', 'Credit Card', 'Pay Bills'])(
    "says 'Not Available in your region' for %s and stays on the page",
    async (entry) => {
      installDashboardBank();
      const app = renderApp('/wp-user/dashboard/statements');
      await screen.findByRole('heading', { name: 'Statements & Report' });
      const button = within(sideMenu()).getByRole('button', { name: entry });
      expect(button).toHaveAccessibleDescription('Not available in your region');
      await app.user.click(button);
      expect(await findToast('Not Available in your region')).toBeInTheDocument();
      expect(app.path()).toBe('/wp-user/dashboard/statements');
    },
  );

  it('marks the link of the open screen as the current page', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/statements');
    await screen.findByRole('heading', { name: 'Statements & Report' });
    const menu = within(sideMenu());
    expect(menu.getByRole('link', { name: 'Statements & Report' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

    await app.user.click(menu.getByRole('link', { name: 'Settings' }));
    await screen.findByRole('heading', { name: 'Settings' });
    expect(menu.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(menu.getByRole('link', { name: 'Statements & Report' })).not.toHaveAttribute('aria-current');
  });

  it('opens the menu as a drawer that traps focus and closes when a link is chosen', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await app.user.click(menuButton);

    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    // The page behind it is out of reach while it is open.
    expect(screen.getAllByRole('navigation', { name: 'Main menu' })).toHaveLength(1);
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    expect(entryNames(within(drawer).getByRole('navigation'))).toHaveLength(14);

    await app.user.click(within(drawer).getByRole('link', { name: 'Statements & Report' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(await screen.findByRole('heading', { name: 'Statements & Report' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/statements');
  });

  it('closes the drawer with Escape and gives focus back to the menu button', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await app.user.click(menuButton);
    await screen.findByRole('dialog', { name: 'Menu' });
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('closes the drawer when an unavailable service is chosen, so its message can be read', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    await app.user.click(screen.getByRole('button', { name: 'Open menu' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Loan' }));
    expect(await findToast('Not Available in your region')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the unread count on the top bar link to the notifications', async () => {
    installDashboardBank();
    renderApp('/wp-user/dashboard/contact');
    const link = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(link).toHaveAttribute('href', '/wp-user/dashboard/notifications');
  });

  it('opens a card with Home, Profile, Settings and Log Out from the profile picture', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    await app.user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Home', 'Profile', 'Settings', 'Log Out']);
    expect(within(menu).getByText('Dana Demo')).toBeInTheDocument();
    await app.user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/dashboard/profile');
  });

  it("shows the user's initials when there is no picture, and the picture when there is", async () => {
    installDashboardBank();
    const first = renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    expect(within(screen.getByRole('button', { name: 'Account menu' })).getByText('DD')).toBeInTheDocument();
    first.unmount();

    installDashboardBank({}, {}).state.profile.data.picture = '/__mock/uploads/p1';
    renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    const picture = await within(screen.getByRole('button', { name: 'Account menu' })).findByRole('img');
    expect(picture).toHaveAttribute('src', expect.stringContaining('/__mock/uploads/p1'));
  });

  it('logs out from the Log Out entry of the profile card', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    await app.user.click(screen.getByRole('button', { name: 'Account menu' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByText('Logged out !')).toBeInTheDocument();
    expect(session.isSignedIn()).toBe(false);
  });

  it('logs out from the side menu', async () => {
    installDashboardBank();
    const app = renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    await app.user.click(within(sideMenu()).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Logged out !')).toBeInTheDocument();
    expect(app.path()).toBe('/wp-user/account');
  });

  it('leaves nothing of the session in the browser after Log Out: not the first PIN entry, not the transfer', async () => {
    installDashboardBank();
    pinDraft.set('4321');
    window.sessionStorage.setItem('baTransfer', JSON.stringify({ fields: { amount: '100' }, display: '$100.00' }));
    const app = renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    await app.user.click(within(sideMenu()).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('Logged out !')).toBeInTheDocument();
    expect(Object.keys(window.sessionStorage)).toEqual([]);
    expect(pinDraft.get()).toBeUndefined();
    // The spec's logged-out flag, which the landing page reads, is all that stays.
    expect(Object.keys(window.localStorage)).toEqual(['baLoggedOut']);
  });

  it('has a footer with the copyright and the current year', async () => {
    installDashboardBank();
    renderApp('/wp-user/dashboard/contact');
    await screen.findByRole('heading', { name: 'Help & Support' });
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${String(new Date().getFullYear())} E-Banking`);
  });

  it('brings the unread count down at once when a notification is marked read', async () => {
    // Once the first replies are in, the bank is slow to answer again: the counts must not wait for it.
    let slow = false;
    const never = () => new Promise<never>(() => undefined);
    const bank = installDashboardBank({
      getInstitution: () => (slow ? never() : institution({ notificationcount: 2 })),
      getNotifications: () => (slow ? never() : notificationList()),
    });
    const app = renderApp('/wp-user/dashboard/notifications');
    await screen.findByRole('heading', { name: 'Notifications' });
    expect(await within(sideMenu()).findByRole('link', { name: 'Notifications 2 unread' })).toBeInTheDocument();
    slow = true;
    const asked = bank.callsTo('getInstitution').length;

    const [first] = screen.getAllByRole('button', { name: 'Mark as read' });
    await app.user.click(first!);
    expect(await findToast('Marked as read')).toBeInTheDocument();
    expect(bank.callsTo('markNotificationRead')[0]?.input).toEqual({ id: 'n1' });
    expect(within(sideMenu()).getByRole('link', { name: 'Notifications 1 unread' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(1);
    // Both replies are asked for again, to agree with the bank.
    await waitFor(() => {
      expect(bank.callsTo('getInstitution').length).toBeGreaterThan(asked);
    });
  });
});
