import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Input } from './input';

function TwoFields() {
  const [renders, setRenders] = useState(0);
  return (
    <>
      {/* A new ref object on every render, as a parent may pass. */}
      <Input aria-label="E-mail" autoFocus ref={{ current: null }} data-renders={renders} />
      <Input
        aria-label="Name"
        onChange={() => {
          setRenders((n) => n + 1);
        }}
      />
    </>
  );
}

describe('Input', () => {
  it('takes the focus when it is first shown with autoFocus, and sets the given ref', async () => {
    const ref = createRef<HTMLInputElement>();
    render(<Input aria-label="E-mail" autoFocus ref={ref} />);
    const field = screen.getByRole('textbox', { name: 'E-mail' });
    expect(ref.current).toBe(field);
    await waitFor(() => {
      expect(field).toHaveFocus();
    });
  });

  it('does not take the focus back when the page renders again', async () => {
    const user = userEvent.setup();
    render(<TwoFields />);
    await waitFor(() => {
      expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    });
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.type(name, 'Ada');
    // Let any frame the new renders asked for run.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Ada');
  });

  it('leaves the focus alone without autoFocus', async () => {
    render(<Input aria-label="E-mail" />);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.getByRole('textbox', { name: 'E-mail' })).not.toHaveFocus();
  });
});
