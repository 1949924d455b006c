/**
 * A host whose replies are not what the contract says: the mock bank behind an HTTP front that passes
 * every request on as it came and breaks one reply on its way back (getContact's `ct` comes back as a
 * string), noting what reaches it. For the conformance check and the validating proxy to catch.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Arrival {
  readonly url: string;
  readonly contentType: string | undefined;
}

export interface Front {
  readonly base: string;
  close(): Promise<void>;
}

/** A server asked to listen on a loopback port: its base address once it does, and a close that ends open connections. */
export async function listening(server: http.Server): Promise<Front> {
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Reply headers passed back with the status and the body. */
const PASSED = ['content-type', 'cache-control', 'retry-after'] as const;

/** The reply's text, with an object reply that has `ct` replaced by `{ "ct": "not an object" }`. */
function broken(text: string, contentType: string | null): string {
  if (!contentType?.startsWith('application/json')) return text;
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null && 'ct' in body ? JSON.stringify({ ct: 'not an object' }) : text;
  } catch {
    return text;
  }
}

/** Starts the front on a loopback port, in front of the mock bank at `hostBase` (ending with `/`). */
export async function brokenFront(hostBase: string, note?: (arrival: Arrival) => void): Promise<Front> {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const contentType = req.headers['content-type'];
    note?.({ url, contentType });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const forwarded = fetch(new URL(url.slice(1), hostBase), {
        method: req.method ?? 'GET',
        headers: contentType === undefined ? {} : { 'content-type': contentType },
        ...(body.length > 0 ? { body } : {}),
      });
      forwarded
        .then(async (reply) => {
          const headers: Record<string, string> = {};
          for (const name of PASSED) {
            const value = reply.headers.get(name);
            if (value !== null) headers[name] = value;
          }
          res.writeHead(reply.status, headers);
          res.end(broken(await reply.text(), reply.headers.get('content-type')));
        })
        .catch(() => {
          res.writeHead(502).end();
        });
    });
  });
  server.listen(0, '127.0.0.1');
  return listening(server);
}
