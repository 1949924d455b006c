import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton, type ConfirmButtonProps } from './confirm-button';

function renderButton(props: Partial<ConfirmButtonProps> = {}) {
  const onConfirm = vi.fn<() => void>();
  const view = render(
    <ConfirmButton
      title="Delete the note?"
      description="It is removed for good."
      confirm="Delete"
      onConfirm={onConfirm}
      {...props}
    >
      Delete note
    </ConfirmButton>,
  );
  return {
    user: userEvent.setup(),
    onConfirm,
    button: screen.getByRole('button', { name: props.label ?? 'Delete note' }),
    view,
  };
}

describe('a button that asks first', () => {
  it('asks with Cancel focused, and does nothing on Cancel or Escape; the focus comes back', async () => {
    const { user, onConfirm, button } = renderButton();
    await user.click(button);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the note?' });
    expect(dialog).toHaveAccessibleDescription('It is removed for good.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('acts once on the explicit choice and closes', async () => {
    const { user, onConfirm, button } = renderButton();
    await user.click(button);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('names what it acts on, and is held while the action runs', () => {
    const { button } = renderButton({ label: 'Delete the note of today', pending: true });
    expect(button).toHaveTextContent('Delete note');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('for an action that leaves the page: stays open and held, saying so, while it runs', async () => {
    const { user, onConfirm, button, view } = renderButton({ pendingText: 'Deleting…' });
    await user.click(button);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    view.rerender(
      <ConfirmButton
        title="Delete the note?"
        description="It is removed for good."
        confirm="Delete"
        onConfirm={onConfirm}
        pending
        pendingText="Deleting…"
      >
        Delete note
      </ConfirmButton>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete the note?' });
    expect(within(dialog).getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Deleting…' })).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
