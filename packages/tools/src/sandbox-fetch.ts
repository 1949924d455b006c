/** How the tools reach a mock's sandbox: the header it reads on every request (`X-Mock-Sandbox`). */
import { SANDBOX_HEADER } from '@ebank/contract';

/**
 * `fetch` (the one given, else the global one), with every request naming this sandbox of the mock; with
 * no sandbox, the requests go as they are.
 */
export function fetchInSandbox(given: typeof fetch | undefined, sandbox: string | undefined): typeof fetch {
  const send = given ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  if (sandbox === undefined) return send;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set(SANDBOX_HEADER, sandbox);
    return send(input, { ...init, headers });
  };
}
