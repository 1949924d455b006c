import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Label } from './label';

describe('Label', () => {
  it('names its control, and a double click on it selects no text', () => {
    const onMouseDown = vi.fn();
    render(
      <>
        <Label htmlFor="email" onMouseDown={onMouseDown}>
          E-mail
        </Label>
        <input id="email" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();
    const label = screen.getByText('E-mail');
    expect(label).toHaveAttribute('data-slot', 'label');
    expect(fireEvent.mouseDown(label, { detail: 1 })).toBe(true);
    expect(fireEvent.mouseDown(label, { detail: 2 })).toBe(false);
    expect(onMouseDown).toHaveBeenCalledTimes(2);
  });
});
