import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DecisionButtons } from './decision-buttons';

/** A reply the test gives when it chooses. */
function later() {
  let settle: { resolve: (value: unknown) => void; reject: (error: Error) => void } | undefined;
  const promise = new Promise<unknown>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, resolve: (value: unknown) => settle?.resolve(value), reject: (e: Error) => settle?.reject(e) };
}

function renderDecision() {
  const reply = later();
  const decide = vi.fn<(decision: 'approve' | 'decline') => Promise<unknown>>(() => reply.promise);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DecisionButtons
        accept={{ decision: 'approve', text: 'Approve', done: 'Approved.' }}
        subject="Paul Pending (kyc-pending@bank.test)"
        ask={{ title: 'Decline the identity check of Paul Pending?', description: 'They are sent back to the form.' }}
        decide={decide}
      />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), decide, reply };
}

describe('the decision buttons', () => {
  it('accept at once: one click, one request; both held while it is sent and once it is taken', async () => {
    const { user, decide, reply } = renderDecision();
    const approve = screen.getByRole('button', { name: 'Approve Paul Pending (kyc-pending@bank.test)' });
    const decline = screen.getByRole('button', { name: 'Decline Paul Pending (kyc-pending@bank.test)' });
    await user.click(approve);
    expect(approve).toBeDisabled();
    expect(approve).toHaveAttribute('aria-busy', 'true');
    expect(decline).toBeDisabled();
    await user.click(approve);
    expect(decide.mock.calls.map(([decision]) => decision)).toEqual(['approve']);
    expect(screen.getByRole('status')).toHaveTextContent('Working…');

    reply.resolve({ ok: true });
    expect(await screen.findByText('Approved.')).toHaveAttribute('role', 'status');
    expect(approve).toBeDisabled();
    expect(decline).toBeDisabled();
  });

  it('accept once on a double click with no gap (both clicks before the next render), and say the success only', async () => {
    const { decide, reply } = renderDecision();
    const approve = screen.getByRole('button', { name: /^Approve/u });
    fireEvent.click(approve);
    fireEvent.click(approve);

    reply.resolve({ ok: true });
    expect(await screen.findByText('Approved.')).toHaveAttribute('role', 'status');
    expect(approve).toBeDisabled();
    expect(decide.mock.calls.map(([decision]) => decision)).toEqual(['approve']);
  });

  it('take a decision again once the one that failed has settled', async () => {
    const { user, decide, reply } = renderDecision();
    const approve = screen.getByRole('button', { name: /^Approve/u });
    fireEvent.click(approve);
    reply.reject(new Error('The bank did not answer.'));
    expect(await screen.findByText('The bank did not answer.')).toBeInTheDocument();
    await user.click(approve);
    expect(decide.mock.calls.map(([decision]) => decision)).toEqual(['approve', 'approve']);
  });

  it('decline only after asking, with Cancel focused', async () => {
    const { user, decide, reply } = renderDecision();
    const decline = screen.getByRole('button', { name: /^Decline Paul Pending/u });
    await user.click(decline);
    const dialog = screen.getByRole('alertdialog', { name: 'Decline the identity check of Paul Pending?' });
    expect(dialog).toHaveAccessibleDescription('They are sent back to the form.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(decide).not.toHaveBeenCalled();

    await user.click(decline);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Decline' }));
    expect(decide.mock.calls.map(([decision]) => decision)).toEqual(['decline']);
    reply.resolve({ ok: true });
    expect(await screen.findByText('Declined.')).toHaveAttribute('role', 'status');
  });

  it('say why a decision failed, and let it be tried again', async () => {
    const { user, decide, reply } = renderDecision();
    const approve = screen.getByRole('button', { name: /^Approve/u });
    await user.click(approve);
    reply.reject(new Error('No such customer'));
    expect(await screen.findByText('No such customer')).toHaveAttribute('role', 'status');
    expect(approve).toBeEnabled();
    expect(decide).toHaveBeenCalledOnce();
  });
  it('by keyboard: once a decision is taken, the focus is on what it came to, not lost on the page', async () => {
    const { user, reply } = renderDecision();
    screen.getByRole('button', { name: /^Approve/u }).focus();
    await user.keyboard('{Enter}');
    reply.resolve({ ok: true });
    expect(await screen.findByText('Approved.')).toHaveFocus();
  });

  it('by keyboard: a decline confirmed in its dialog leaves the focus on what it came to', async () => {
    const { user, reply } = renderDecision();
    screen.getByRole('button', { name: /^Decline Paul Pending/u }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('alertdialog');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toHaveFocus();
    await user.keyboard('{Enter}');
    reply.resolve({ ok: true });
    expect(await screen.findByText('Declined.')).toHaveFocus();
  });

  it('leaves the focus where the person took it while the decision was sent', async () => {
    const { user, reply } = renderDecision();
    const elsewhere = document.body.appendChild(document.createElement('input'));
    await user.click(screen.getByRole('button', { name: /^Approve/u }));
    await user.click(elsewhere);
    reply.resolve({ ok: true });
    expect(await screen.findByText('Approved.')).not.toHaveFocus();
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });
});
