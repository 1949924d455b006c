/** Runs the real app on a loopback port and talks to it the way the portal does. */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createApiClient, type WireEncoding } from '@ebank/contract';
import { createApp, type AppOptions, type MockApp } from '../http/app';
import { DEMO_PASSCODE } from '../bank/seed';

/** Cheap hashes for tests; the scheme is the same as in production. */
export const TEST_HASH_COST = { N: 2 ** 10, r: 8, p: 1 } as const;

export interface OutboxEntry {
  to: string;
  kind: string;
  subject: string;
  text: string;
  code?: string;
  link?: string;
  createdAt: string;
}

export interface Harness {
  readonly app: MockApp;
  readonly base: string;
  client(
    tokens?: { user?: string | undefined; kyc?: string | undefined },
    encoding?: WireEncoding,
  ): ReturnType<typeof createApiClient>;
  login(email: string, password?: string): Promise<string>;
  outbox(email: string): Promise<OutboxEntry[]>;
  post(path: string, body?: unknown): Promise<Response>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startBank(options: AppOptions = {}): Promise<Harness> {
  const app = await createApp({ ...options, bank: { hashCost: TEST_HASH_COST, ...options.bank } });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/`;

  const client: Harness['client'] = (tokens = {}, encoding = 'urlencoded') =>
    createApiClient({ baseUrl: base, encoding, token: (auth) => (auth === 'kyc' ? tokens.kyc : tokens.user) });

  return {
    app,
    base,
    client,
    async login(email, password = DEMO_PASSCODE) {
      const reply = await client().call('login', { email, password, remeber: false });
      if (!reply.jwt) throw new Error(`no token for ${email}: ${reply.message ?? ''}`);
      return reply.jwt;
    },
    async outbox(email) {
      const res = await fetch(`${base}__mock/outbox?to=${encodeURIComponent(email)}`);
      return (await res.json()) as OutboxEntry[];
    },
    post: (path, body) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      }),
    async reset() {
      await fetch(`${base}__mock/reset`, { method: 'POST' });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
