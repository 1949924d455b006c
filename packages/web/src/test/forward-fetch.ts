/**
 * The app's `fetch` forwarded to a REAL mock bank (`startBank`, on a loopback port): the app calls its own
 * origin, the bank listens elsewhere. Method, headers and body go on as they are, the body as bytes (jsdom's
 * files cannot be streamed by Node's fetch).
 */
import { vi } from 'vitest';

/** Node's own `fetch`, for the test's direct calls to the bank. */
export const realFetch = globalThis.fetch;

export interface ForwardOptions {
  /** Sends the page's cookies, as a browser does (the sandbox cookie picks a bank). */
  readonly withCookies?: boolean;
  /** Sees every request first (by its path on the app's origin); a reply it gives is the answer instead. */
  readonly intercept?: (request: Request, pathname: string) => Response | undefined;
}

export function forwardFetch(base: string, { withCookies = false, intercept }: ForwardOptions = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const request = new Request(new URL(url instanceof Request ? url.url : url, window.location.href), init);
      const { pathname, search } = new URL(request.url);
      const answer = intercept?.(request, pathname);
      if (answer) return answer;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        headers[name] = value;
      });
      if (withCookies) headers.cookie = document.cookie;
      return realFetch(new URL(`${pathname.slice(1)}${search}`, base), {
        method: request.method,
        headers,
        body: request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer(),
      });
    }),
  );
}
