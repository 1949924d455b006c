/**
 * Whether this browser is in a sandbox of the mock server: the server then gave it its cookie (the contract's
 * `SANDBOX_COOKIE`, readable by design). The portal asks this before it loads or asks anything about
 * sandboxes, so a browser without the cookie pays for nothing of theirs. The name is written here rather
 * than imported, as the contract would come with it into every page's first script; the test holds the two
 * equal.
 */
export function inSandbox(cookies = document.cookie) {
  return sandboxOfThisBrowser(cookies) !== undefined;
}

const NAME = 'mock_sandbox';

/** The name of the sandbox this browser is in, if it is in one. */
export function sandboxOfThisBrowser(cookies = document.cookie): string | undefined {
  for (const cookie of cookies.split(';')) {
    const [name, ...value] = cookie.trim().split('=');
    if (name === NAME) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The same, for a page that is starting (decision 0059): a page's first read of `document.cookie` holds its
 * main thread while the browser looks its cookies up (20 to 45 ms in Chromium here, four times that on the
 * benchmark's slow phone), where the Cookie Store API answers without holding it. Without that API (a page
 * served over plain HTTP to another machine, an older browser) `document.cookie` is read once `after` has
 * settled: after the page's start.
 */
export async function sandboxOfThisBrowserSoon(after: Promise<unknown>): Promise<string | undefined> {
  if ('cookieStore' in window) {
    try {
      const cookie = await window.cookieStore.get(NAME);
      return cookie === null ? undefined : decodeURIComponent(cookie.value ?? '');
    } catch {
      // The store refuses this document (an opaque origin): its cookies are read as before.
    }
  }
  await after.catch(() => undefined);
  return sandboxOfThisBrowser();
}
