import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '@/session/session';
import { notification } from '@/test/bank-data';
import { installDashboardBank, notificationList, ok } from '@/test/dashboard-data';
import { errorReply } from '@/test/fake-bank';
import { findToast, renderApp, toastRegion } from '@/test/render-app';

beforeEach(() => {
  session.signIn('user-token');
});

const item = (title: string) => screen.getByRole('heading', { name: new RegExp(`^${title}`, 'u') }).closest('li')!;

describe('notifications', () => {
  it("lists each notification's title and body, with 'Mark as read' on the unread ones only", async () => {
    installDashboardBank();
    renderApp('/wp-user/dashboard/notifications');
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    expect(within(item('Deposit confirmed')).getByText(notification().body)).toBeInTheDocument();
    expect(within(item('Deposit confirmed')).getByRole('button', { name: 'Mark as read' })).toHaveAccessibleDescription(
      /Deposit confirmed/u,
    );
    expect(within(item('Transfer sent')).getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
    expect(within(item('Welcome')).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(screen.getByText('2 unread')).toBeInTheDocument();
  });

  it("marks one read, says 'Marked as read' and takes its button away", async () => {
    const bank = installDashboardBank();
    const app = renderApp('/wp-user/dashboard/notifications');
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    await app.user.click(within(item('Transfer sent')).getByRole('button', { name: 'Mark as read' }));
    expect(await findToast('Marked as read')).toBeInTheDocument();
    expect(bank.callsTo('markNotificationRead')[0]?.input).toEqual({ id: 'n2' });
    expect(within(item('Transfer sent')).queryByRole('button', { name: 'Mark as read' })).not.toBeInTheDocument();
    expect(screen.getByText('1 unread')).toBeInTheDocument();
  });

  it('marks once on a double click with no gap, and keeps the focus on the notification', async () => {
    const bank = installDashboardBank();
    renderApp('/wp-user/dashboard/notifications');
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    const mark = within(item('Transfer sent')).getByRole('button', { name: 'Mark as read' });
    mark.focus();
    fireEvent.click(mark);
    fireEvent.click(mark);
    expect(await findToast('Marked as read')).toBeInTheDocument();
    expect(bank.callsTo('markNotificationRead')).toHaveLength(1);
    await waitFor(() => {
      expect(screen.getByRole('heading', { name: /^Transfer sent/u })).toHaveFocus();
    });
  });

  it("says 'Something went wrong!' when marking fails, and keeps it unread", async () => {
    installDashboardBank({ markNotificationRead: () => errorReply('', 500) });
    const app = renderApp('/wp-user/dashboard/notifications');
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    await app.user.click(within(item('Transfer sent')).getByRole('button', { name: 'Mark as read' }));
    expect(await findToast('Something went wrong!')).toBeInTheDocument();
    expect(within(item('Transfer sent')).getByRole('button', { name: 'Mark as read' })).toBeEnabled();
  });

  it("takes the 'Something went wrong!' toast away when a later try marks it read", async () => {
    let tries = 0;
    const bank = installDashboardBank({
      markNotificationRead: () => ((tries += 1) === 1 ? errorReply('', 500) : ok('Marked as read')),
    });
    const app = renderApp('/wp-user/dashboard/notifications');
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    await app.user.click(within(item('Transfer sent')).getByRole('button', { name: 'Mark as read' }));
    expect(await findToast('Something went wrong!')).toBeInTheDocument();
    // Still up when the next try is made: it goes with the success, not with its time.
    expect(within(toastRegion()).getByText('Something went wrong!')).toBeInTheDocument();
    await app.user.click(within(item('Transfer sent')).getByRole('button', { name: 'Mark as read' }));
    expect(await findToast('Marked as read')).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Something went wrong!')).not.toBeInTheDocument();
    expect(bank.callsTo('markNotificationRead')).toHaveLength(2);
  });

  it('says so when there are none', async () => {
    installDashboardBank({ getNotifications: () => notificationList([]) });
    renderApp('/wp-user/dashboard/notifications');
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByText('You are all caught up.')).toBeInTheDocument();
  });
});
