import { act, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '@/lib/timings';
import { toast, Toaster } from './toast';

const region = () => screen.getByRole('region', { name: /notifications/iu });

describe('toasts', () => {
  // The view loads with the first toast (the first test shows that); the others look at it loaded.
  beforeAll(async () => {
    const { unmount } = render(<Toaster />);
    act(() => {
      toast.success('Loading the view');
    });
    await screen.findByText('Loading the view', { selector: '[data-slot=toast] *' });
    act(() => {
      toast.clear();
    });
    unmount();
  });

  it('renders nothing until the first toast, loads its view then, and keeps its region after', async () => {
    vi.resetModules();
    const fresh = await import('./toast');
    render(<fresh.Toaster />);
    expect(screen.queryByRole('region', { name: /notifications/iu })).not.toBeInTheDocument();
    act(() => {
      fresh.toast.success('Code Sent');
    });
    expect(
      await within(await screen.findByRole('region', { name: /notifications/iu })).findByText('Code Sent'),
    ).toBeVisible();
    act(() => {
      fresh.toast.clear();
    });
    expect(region()).toBeInTheDocument();
    expect(within(region()).queryByText('Code Sent')).not.toBeInTheDocument();
  });

  it('shows success, error and warning toasts in one region', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Signup successful');
      toast.error('Invalid Credentials');
      toast.warning('Payment Pending!');
    });
    const list = within(region());
    expect(list.getByText('Signup successful').closest('[data-slot=toast]')).toHaveAttribute('data-variant', 'success');
    expect(list.getByText('Invalid Credentials').closest('[data-slot=toast]')).toHaveAttribute('data-variant', 'error');
    expect(list.getByText('Payment Pending!').closest('[data-slot=toast]')).toHaveAttribute('data-variant', 'warning');
  });

  it('announces them in a live region, errors assertively', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Code Sent');
      toast.error('Something went wrong');
    });
    const polite = await screen.findByText('Notifications Code Sent');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(polite).toHaveAttribute('role', 'status');
    expect(await screen.findByText('Notifications Something went wrong')).toHaveAttribute('aria-live', 'assertive');
  });

  it('shows the same message once when it comes again, for its full time from the last', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.error('Your session has ended. Please log in again.');
      toast.error('Your session has ended. Please log in again.');
      toast.success('Your session has ended. Please log in again.');
      toast.error('Invalid Pin');
    });
    const list = within(region());
    expect(list.getAllByText('Your session has ended. Please log in again.')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(TOAST_MS - 1_000);
      toast.error('Your session has ended. Please log in again.');
    });
    expect(list.getAllByText('Your session has ended. Please log in again.')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    // The success toast ran out; the repeated error started again and stays.
    expect(list.getAllByText('Your session has ended. Please log in again.')).toHaveLength(1);
    expect(list.queryByText('Invalid Pin')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TOAST_MS);
    });
    expect(list.queryByText('Your session has ended. Please log in again.')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('stays 5 s by default and as long as a call asks otherwise', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Five seconds');
      toast.error('Fifteen seconds', { duration: 15_000 });
    });
    // Each toast names its duration, for the screens' tests to read.
    expect(within(region()).getByText('Five seconds').closest('[data-slot=toast]')).toHaveAttribute(
      'data-duration',
      String(TOAST_MS),
    );
    expect(within(region()).getByText('Fifteen seconds').closest('[data-slot=toast]')).toHaveAttribute(
      'data-duration',
      '15000',
    );
    act(() => {
      vi.advanceTimersByTime(TOAST_MS - 1);
    });
    expect(within(region()).getByText('Five seconds')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(region()).queryByText('Five seconds')).not.toBeInTheDocument();
    expect(within(region()).getByText('Fifteen seconds')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(within(region()).queryByText('Fifteen seconds')).not.toBeInTheDocument();
  });

  it("takes a flow's error toasts away when the flow succeeds, and leaves the others", () => {
    render(<Toaster />);
    act(() => {
      toast.error('Wrong PIN. 4 attempts left.', { flow: 'transfer' });
      toast.error('That code is not valid.', { flow: 'transfer' });
      toast.error('Invalid Credentials', { flow: 'login' });
      toast.error('Your session has ended. Please log in again.');
    });
    const list = within(region());
    act(() => {
      toast.success('Successful! Await Confirmation', { flow: 'transfer' });
    });
    expect(list.getByText('Successful! Await Confirmation')).toBeInTheDocument();
    expect(list.queryByText('Wrong PIN. 4 attempts left.')).not.toBeInTheDocument();
    expect(list.queryByText('That code is not valid.')).not.toBeInTheDocument();
    expect(list.getByText('Invalid Credentials')).toBeInTheDocument();
    expect(list.getByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });

  it("shows a flow's latest error in place of its earlier ones, and leaves other flows' and plain errors", () => {
    render(<Toaster />);
    act(() => {
      toast.error('Invalid Credentials', { flow: 'transfer' });
      toast.error('Something went wrong!');
      toast.error('Incorrect passcode. 4 attempts left.', { flow: 'login' });
      toast.error('Incorrect passcode. 3 attempts left.', { flow: 'login' });
    });
    const list = within(region());
    expect(list.queryByText('Incorrect passcode. 4 attempts left.')).not.toBeInTheDocument();
    expect(list.getByText('Incorrect passcode. 3 attempts left.')).toBeInTheDocument();
    expect(list.getByText('Invalid Credentials')).toBeInTheDocument();
    expect(list.getByText('Something went wrong!')).toBeInTheDocument();
  });

  it("dismisses a flow's error toasts when a step succeeds without a toast, and a success outside flows clears nothing", () => {
    render(<Toaster />);
    act(() => {
      toast.error('Wrong PIN. 4 attempts left.', { flow: 'transfer' });
      toast.warning('Payment Pending!');
      toast.success('Copied to clipboard');
    });
    const list = within(region());
    expect(list.getByText('Wrong PIN. 4 attempts left.')).toBeInTheDocument();
    act(() => {
      toast.dismissErrors('transfer');
    });
    expect(list.queryByText('Wrong PIN. 4 attempts left.')).not.toBeInTheDocument();
    expect(list.getByText('Payment Pending!')).toBeInTheDocument();
  });

  it('says what happened under its title, and the same title over another description is another toast', async () => {
    render(<Toaster />);
    act(() => {
      toast.success('Action Successful', { description: 'Passcode changed' });
      toast.success('Action Successful', { description: 'PIN changed' });
    });
    const list = within(region());
    const toasts = list.getAllByText('Action Successful').map((title) => title.closest('[data-slot=toast]'));
    expect(toasts).toHaveLength(2);
    expect(toasts[0]).toHaveTextContent('Passcode changed');
    expect(toasts[1]).toHaveTextContent('PIN changed');
    // The title and what happened are announced together.
    expect(await screen.findByText(/^Notifications Action Successful\s*Passcode changed$/u)).toHaveAttribute(
      'role',
      'status',
    );
  });

  it("sits across the top of a phone, clear of a screen's move notice low on it, and top right from the small breakpoint up", () => {
    render(<Toaster />);
    const viewport = region().querySelector('[data-slot=toast-viewport]');
    expect(viewport).toHaveClass('inset-x-0', 'top-0', 'sm:top-4', 'sm:right-4', 'sm:left-auto');
    expect(viewport).not.toHaveClass('bottom-0');
  });
});
