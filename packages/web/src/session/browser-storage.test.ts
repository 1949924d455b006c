import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storedValue } from './browser-storage';

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('values kept in the browser', () => {
  it('keeps a value under its own key in the storage it names', () => {
    const draft = storedValue('sessionStorage', 'baExample');
    expect(draft.get()).toBeUndefined();
    draft.set('42');
    expect(window.sessionStorage.getItem('baExample')).toBe('42');
    expect(window.localStorage.getItem('baExample')).toBeNull();
    expect(storedValue('sessionStorage', 'baExample').get()).toBe('42');
    draft.remove();
    expect(draft.get()).toBeUndefined();
    expect(window.sessionStorage.getItem('baExample')).toBeNull();
  });

  it('keeps it in memory when the browser refuses the storage', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const draft = storedValue('sessionStorage', 'baRefused');
    draft.set('7');
    expect(draft.get()).toBe('7');
    draft.remove();
    expect(draft.get()).toBeUndefined();
  });

  it('keeps it in memory when the storage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const draft = storedValue('sessionStorage', 'baFull');
    draft.set('7');
    expect(window.sessionStorage.getItem('baFull')).toBeNull();
    expect(draft.get()).toBe('7');
  });
});
