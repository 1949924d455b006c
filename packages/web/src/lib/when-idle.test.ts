import { afterEach, describe, expect, it, vi } from 'vitest';
import { onFirstIntent } from './when-idle';

describe('onFirstIntent', () => {
  const field = document.createElement('input');
  afterEach(() => {
    field.remove();
  });

  it.each(['keydown', 'pointerdown', 'touchstart'])('runs the task once, at the first %s on the page', (type) => {
    document.body.append(field);
    const task = vi.fn();
    onFirstIntent(task);
    expect(task).not.toHaveBeenCalled();
    field.dispatchEvent(new Event(type, { bubbles: true }));
    expect(task).toHaveBeenCalledTimes(1);
    // Every other kind of intent after it too: the task ran already.
    for (const next of ['keydown', 'pointerdown', 'touchstart']) window.dispatchEvent(new Event(next));
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not run for what the page does on its own (focus, scroll)', () => {
    const task = vi.fn();
    onFirstIntent(task);
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('scroll'));
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('keydown'));
  });
});
