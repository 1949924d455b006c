import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('is a button that sends no form unless told, and shows a spinner while pending', () => {
    render(
      <Button pending onClick={() => undefined}>
        Next
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});

describe('Button asChild', () => {
  it("gives a link the button's look and keeps the link's own classes and attributes", () => {
    render(
      <Button asChild variant="outline" className="w-full" title="from the button">
        <a href="/account/signup" className="extra" title="from the link">
          Create an account
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Create an account' });
    expect(link).toHaveAttribute('data-slot', 'button');
    expect(link).toHaveAttribute('href', '/account/signup');
    expect(link).toHaveAttribute('title', 'from the link');
    expect(link).toHaveClass('border', 'w-full', 'extra');
  });

  it("runs both click handlers, the child's first, and sets both refs", () => {
    const calls: string[] = [];
    const buttonRef = createRef<HTMLButtonElement>();
    const childRef = createRef<HTMLAnchorElement>();
    render(
      <Button asChild ref={buttonRef} onClick={() => calls.push('button')}>
        <a href="#top" ref={childRef} onClick={() => calls.push('child')}>
          Top
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Top' });
    fireEvent.click(link);
    expect(calls).toEqual(['child', 'button']);
    expect(childRef.current).toBe(link);
    expect(buttonRef.current).toBe(link);
  });
});
