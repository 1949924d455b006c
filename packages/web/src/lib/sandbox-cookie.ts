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

/** The name of the sandbox this browser is in, if it is in one. */
export function sandboxOfThisBrowser(cookies = document.cookie): string | undefined {
  for (const cookie of cookies.split(';')) {
    const [name, ...value] = cookie.trim().split('=');
    if (name === 'mock_sandbox') return decodeURIComponent(value.join('='));
  }
  return undefined;
}
