import { SANDBOX_COOKIE } from '@ebank/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inSandbox, sandboxOfThisBrowser, sandboxOfThisBrowserSoon } from './sandbox-cookie';

describe('inSandbox', () => {
  it.each([
    [`${SANDBOX_COOKIE}=visitor-1`, true],
    [`theme=dark; ${SANDBOX_COOKIE}=ci-42`, true],
    [`theme=dark;${SANDBOX_COOKIE}=ci-42`, true],
    ['', false],
    ['theme=dark', false],
    [`not${SANDBOX_COOKIE}=visitor-1`, false],
    [`theme=${SANDBOX_COOKIE}=x`, false],
  ])('reads %j as %s', (cookies, expected) => {
    expect(inSandbox(cookies)).toBe(expected);
  });
});

describe('sandboxOfThisBrowser', () => {
  it.each([
    [`${SANDBOX_COOKIE}=visitor-1`, 'visitor-1'],
    [`theme=dark; ${SANDBOX_COOKIE}=ci-42`, 'ci-42'],
    ['theme=dark', undefined],
    [`theme=${SANDBOX_COOKIE}=x`, undefined],
  ])('reads %j as %s', (cookies, expected) => {
    expect(sandboxOfThisBrowser(cookies)).toBe(expected);
  });
});

describe('sandboxOfThisBrowserSoon', () => {
  const never = new Promise<never>(() => undefined);
  /** A page's Cookie Store: `get` answers `value` (or throws it) and counts its calls. */
  function cookieStoreAnswering(value: { value?: string } | null | Error) {
    const get = vi.fn((name: string) => {
      expect(name).toBe(SANDBOX_COOKIE);
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    });
    Object.defineProperty(window, 'cookieStore', { value: { get }, configurable: true });
    return get;
  }
  const setCookie = (value: string) => {
    document.cookie = `${SANDBOX_COOKIE}=${value}; path=/`;
  };
  afterEach(() => {
    Reflect.deleteProperty(window, 'cookieStore');
    document.cookie = `${SANDBOX_COOKIE}=; max-age=0; path=/`;
  });

  it('asks the Cookie Store, without waiting for the page to start', async () => {
    const get = cookieStoreAnswering({ value: 'visitor%2D7' });
    await expect(sandboxOfThisBrowserSoon(never)).resolves.toBe('visitor-7');
    expect(get).toHaveBeenCalledOnce();
  });

  it('says no sandbox when the Cookie Store has no such cookie', async () => {
    cookieStoreAnswering(null);
    setCookie('stale');
    await expect(sandboxOfThisBrowserSoon(never)).resolves.toBeUndefined();
  });

  it('reads document.cookie only once the page has started, where the Cookie Store is missing or refuses', async () => {
    for (const store of [undefined, new Error('SecurityError')]) {
      if (store) cookieStoreAnswering(store);
      setCookie('ci-3');
      const cookie = vi.spyOn(document, 'cookie', 'get');
      let started!: () => void;
      const answer = sandboxOfThisBrowserSoon(new Promise<void>((resolve) => (started = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(cookie).not.toHaveBeenCalled();
      started();
      await expect(answer).resolves.toBe('ci-3');
      expect(cookie).toHaveBeenCalledOnce();
      cookie.mockRestore();
    }
  });

  it('reads document.cookie even when the page failed to start', async () => {
    setCookie('ci-4');
    await expect(sandboxOfThisBrowserSoon(Promise.reject(new Error('no root')))).resolves.toBe('ci-4');
  });
});
