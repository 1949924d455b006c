import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmAction } from './confirm-action';

function renderAction(run: () => Promise<unknown>) {
  const onSuccess = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConfirmAction
        title="Clear the journal?"
        description="Every call listed is forgotten."
        confirm="Clear the journal"
        run={run}
        done="The journal was cleared."
        onSuccess={onSuccess}
      >
        Clear the journal
      </ConfirmAction>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onSuccess, button: screen.getByRole('button', { name: 'Clear the journal' }) };
}

describe('an action that asks first', () => {
  it('asks with Cancel focused, then acts once and says what it did beside the button', async () => {
    const run = vi.fn(() => Promise.resolve({ ok: true }));
    const { user, onSuccess, button } = renderAction(run);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(button);
    const dialog = screen.getByRole('alertdialog', { name: 'Clear the journal?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Clear the journal' }));
    expect(await screen.findByText('The journal was cleared.')).toHaveAttribute('role', 'status');
    expect(run).toHaveBeenCalledOnce();
    expect(onSuccess).toHaveBeenCalledOnce();
  });

  it('says why it failed', async () => {
    const { user, onSuccess, button } = renderAction(() => Promise.reject(new Error('The bank did not answer.')));
    await user.click(button);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Clear the journal' }));
    expect(await screen.findByText('The bank did not answer.')).toHaveAttribute('role', 'status');
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
