import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendHeldSubmit } from './held-submit';

/** A page whose root holds two forms, the second noted as sent early (as boot.ts notes it). */
function page({ prerendered = false } = {}) {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = '<form><input name="a"></form><form><input name="email"></form>';
  root.dataset.heldSubmit = '1';
  if (prerendered) root.dataset.prerendered = '/account/login';
  document.body.append(root);
  const [first, second] = Array.from(root.querySelectorAll('input'));
  if (!first || !second) throw new Error('no fields');
  return { root, first, second };
}

describe('sendHeldSubmit', () => {
  afterEach(() => {
    document.getElementById('root')?.remove();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends the held form again, once, after the commit that brought its field', () => {
    vi.useFakeTimers();
    const sent = vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(() => undefined);
    const { root, second } = page();
    sendHeldSubmit(second);
    expect(sent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent.mock.contexts[0]).toBe(second.form);
    expect(root.dataset.heldSubmit).toBeUndefined();
    // Its next field's ref sends nothing more.
    sendHeldSubmit(second);
    vi.advanceTimersByTime(0);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('leaves another form, and a page the client has not taken over yet, alone', () => {
    vi.useFakeTimers();
    const sent = vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(() => undefined);
    const { root, first } = page();
    sendHeldSubmit(first);
    vi.advanceTimersByTime(0);
    expect(sent).not.toHaveBeenCalled();
    expect(root.dataset.heldSubmit).toBe('1');
    root.remove();
    const still = page({ prerendered: true });
    sendHeldSubmit(still.second);
    vi.advanceTimersByTime(0);
    expect(sent).not.toHaveBeenCalled();
  });

  it('keeps the browser from sending the form itself', () => {
    vi.useFakeTimers();
    let prevented: boolean | undefined;
    vi.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(function (this: HTMLFormElement) {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      this.dispatchEvent(event);
      prevented = event.defaultPrevented;
    });
    const { second } = page();
    sendHeldSubmit(second);
    vi.advanceTimersByTime(0);
    expect(prevented).toBe(true);
  });
});
