import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Label } from './label';
import { Slot } from './slot';

describe('Slot', () => {
  it("renders the child with the slot's props, the child's own winning", () => {
    render(
      <Slot id="from-slot" title="slot" data-x="1">
        <a href="/x" title="child">
          Go
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Go' });
    expect(link).toHaveAttribute('id', 'from-slot');
    expect(link).toHaveAttribute('title', 'child');
    expect(link).toHaveAttribute('data-x', '1');
    expect(link).toHaveAttribute('href', '/x');
  });

  it('runs both handlers, the child first, joins classes and merges styles', () => {
    const calls: string[] = [];
    render(
      <Slot className="a" style={{ color: 'red', margin: 1 }} onClick={() => calls.push('slot')}>
        <button type="button" className="b" style={{ color: 'blue' }} onClick={() => calls.push('child')}>
          Press
        </button>
      </Slot>,
    );
    const button = screen.getByRole('button', { name: 'Press' });
    fireEvent.click(button);
    expect(calls).toEqual(['child', 'slot']);
    expect(button).toHaveClass('a', 'b');
    expect(button.style.color).toBe('blue');
    expect(button.style.margin).toBe('1px');
  });

  it("sets the slot's ref and the child's", () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLInputElement>();
    render(
      <Slot ref={slotRef}>
        <input aria-label="Field" ref={childRef} />
      </Slot>,
    );
    expect(slotRef.current).toBe(screen.getByRole('textbox', { name: 'Field' }));
    expect(childRef.current).toBe(slotRef.current);
  });
});

describe('Button asChild', () => {
  it("gives a link the button's look and keeps the link's own classes", () => {
    render(
      <Button asChild variant="outline" className="w-full">
        <a href="/account/signup" className="extra">
          Create an account
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Create an account' });
    expect(link).toHaveAttribute('data-slot', 'button');
    expect(link).toHaveClass('border', 'w-full', 'extra');
  });
});

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
    expect(fireEvent.mouseDown(label, { detail: 1 })).toBe(true);
    expect(fireEvent.mouseDown(label, { detail: 2 })).toBe(false);
    expect(onMouseDown).toHaveBeenCalledTimes(2);
  });
});
