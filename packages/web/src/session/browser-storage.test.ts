import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPortalStorage, PAGE_KEYS, pageValue, PORTAL_KEYS, storedValue } from './browser-storage';

beforeEach(() => {
  window.sessionStorage.clear();
});

describe('values kept in the browser', () => {
  it('keeps a value under its own key in the storage it names', () => {
    const draft = storedValue('sessionStorage', 'baTransfer');
    expect(draft.get()).toBeUndefined();
    draft.set('42');
    expect(window.sessionStorage.getItem('baTransfer')).toBe('42');
    expect(window.localStorage.getItem('baTransfer')).toBeNull();
    expect(storedValue('sessionStorage', 'baTransfer').get()).toBe('42');
    draft.remove();
    expect(draft.get()).toBeUndefined();
    expect(window.sessionStorage.getItem('baTransfer')).toBeNull();
  });

  it("keeps a page value in the page's memory only, in neither storage", () => {
    const draft = pageValue('pinDraft');
    expect(draft.get()).toBeUndefined();
    draft.set('4321');
    expect(pageValue('pinDraft').get()).toBe('4321');
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.length).toBe(0);
    draft.remove();
    expect(draft.get()).toBeUndefined();
  });

  it('keeps it in memory when the browser refuses the storage', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const draft = storedValue('sessionStorage', 'baTransfer');
    draft.set('7');
    expect(draft.get()).toBe('7');
    draft.remove();
    expect(draft.get()).toBeUndefined();
  });

  it('keeps it in memory when the storage is full', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const draft = storedValue('sessionStorage', 'baTransfer');
    draft.set('7');
    expect(window.sessionStorage.getItem('baTransfer')).toBeNull();
    expect(draft.get()).toBe('7');
    draft.remove();
  });
});

describe('forgetting what the portal keeps', () => {
  const everyKey = [
    ...PORTAL_KEYS.localStorage.map((key) => storedValue('localStorage', key)),
    ...PORTAL_KEYS.sessionStorage.map((key) => storedValue('sessionStorage', key)),
  ];

  it('lists each key once, in one storage only', () => {
    const keys = [...PORTAL_KEYS.localStorage, ...PORTAL_KEYS.sessionStorage, ...PAGE_KEYS];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('removes every portal key from both storages, and nothing else of the origin', () => {
    for (const value of everyKey) value.set('x');
    window.localStorage.setItem('otherApp', 'keep');
    window.sessionStorage.setItem('otherApp', 'keep');
    forgetPortalStorage();
    for (const value of everyKey) expect(value.get()).toBeUndefined();
    expect(Object.keys(window.localStorage)).toEqual(['otherApp']);
    expect(Object.keys(window.sessionStorage)).toEqual(['otherApp']);
  });

  it('keeps the local storage keys it is told to keep', () => {
    for (const value of everyKey) value.set('x');
    forgetPortalStorage(['baSessionEnd']);
    expect(Object.keys(window.localStorage)).toEqual(['baSessionEnd']);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('removes the values kept in memory too, when the browser refused the storage', () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const transfer = storedValue('sessionStorage', 'baTransfer');
    transfer.set('{"fields":{"amount":"100"}}');
    expect(transfer.get()).toBe('{"fields":{"amount":"100"}}');
    forgetPortalStorage();
    expect(transfer.get()).toBeUndefined();
  });

  it("removes the values kept in the page's memory only", () => {
    const pin = pageValue('pinDraft');
    pin.set('4321');
    forgetPortalStorage(['baSessionEnd']);
    expect(pin.get()).toBeUndefined();
  });
});
