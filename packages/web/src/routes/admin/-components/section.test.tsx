/**
 * The result line of an admin action: once the action settles it is brought into view when it is off the
 * screen, and it takes the focus only when the focus was lost (a held or removed control), never from
 * where the person put it.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionStatus } from './section';

const below = { top: 2000, bottom: 2020, left: 0, right: 100, width: 100, height: 20, x: 0, y: 2000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the result line of an action', () => {
  it('comes into view and takes the lost focus once the action has settled', () => {
    const intoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ ...below, toJSON: () => below });
    const { rerender } = render(<ActionStatus pending error={null} />);
    expect(intoView).not.toHaveBeenCalled();
    rerender(<ActionStatus pending={false} error={null} done="Restored a." />);
    const line = screen.getByRole('status');
    expect(line).toHaveTextContent('Restored a.');
    expect(intoView).toHaveBeenCalledWith({ block: 'center' });
    expect(intoView.mock.contexts[0]).toBe(line);
    expect(line).toHaveFocus();
  });

  it('stays where it is when it is in view, and leaves the focus where the person put it', () => {
    const intoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    const { rerender } = render(<ActionStatus pending error={null} />);
    rerender(<ActionStatus pending={false} error={new Error('No snapshot named a')} />);
    expect(screen.getByRole('status')).toHaveTextContent('No snapshot named a');
    expect(intoView).not.toHaveBeenCalled();
    expect(elsewhere).toHaveFocus();
    elsewhere.remove();
  });
});
