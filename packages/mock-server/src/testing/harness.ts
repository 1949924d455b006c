/**
 * The real app for tests: raw HTTP to it through supertest (`send`), and the app on a loopback port
 * for the portal's own client (`client`) and for tests that need a socket of their own.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Stream } from 'node:stream';
import type express from 'express';
import request, { type Test } from 'supertest';
import { ApiError, createApiClient, type OutboxMessage, type WireEncoding } from '@ebank/contract';
import { createApp, type AppOptions, type MockApp } from '../http/app';
import { answerClientErrors } from '../http/reply';
import { DEMO_PASSCODE } from '../bank/seed';

/** Cheap hashes for tests; the scheme is the same as in production. */
export const TEST_HASH_COST = { iterations: 1_000 } as const;

export interface Harness {
  readonly app: MockApp;
  /** The app's listening server; supertest sends to it without a server of its own per request. */
  readonly server: http.Server;
  readonly base: string;
  client(
    tokens?: { user?: string | undefined; kyc?: string | undefined },
    encoding?: WireEncoding,
  ): ReturnType<typeof createApiClient>;
  login(email: string, password?: string): Promise<string>;
  /** A request to the app through supertest, as `fetch(path, init)` would send it (see {@link sendTo}). */
  send(path: string, init?: RequestInit): Promise<Response>;
  outbox(email: string): Promise<OutboxMessage[]>;
  post(path: string, body?: unknown): Promise<Response>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Sends exactly these bytes as a supertest request's body. superagent re-encodes a body whose
 * Content-Type it knows (a form, JSON) unless given a serializer; this one hands the bytes on as they
 * are (its declared type says string, it is given and returns the Buffer, which superagent writes as is).
 */
export const sendBytes = (test: Test, body: Uint8Array | string): Test =>
  test.serialize((bytes: string) => bytes).send(Buffer.from(body));

const VERBS = {
  GET: 'get',
  HEAD: 'head',
  POST: 'post',
  PUT: 'put',
  PATCH: 'patch',
  DELETE: 'delete',
  OPTIONS: 'options',
} as const;

/** Reads a reply's bytes as they are, whatever its type (supertest parses JSON and text otherwise). */
function rawBody(res: Stream, done: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('error', (error: Error) => done(error, Buffer.alloc(0)));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * Sends a request with supertest to the app (or to a server already listening with it), its method,
 * headers and body as `fetch(path, init)` would send them (a FormData or URLSearchParams body serialised by the platform, with its Content-Type),
 * and gives the reply as a fetch `Response`.
 */
export async function sendTo(
  app: express.Express | http.Server,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const prepared = new Request(new URL(path, 'http://app.test/'), init);
  const method = VERBS[prepared.method as keyof typeof VERBS];
  const { pathname, search } = new URL(prepared.url);
  let test = request(app)[method](`${pathname}${search}`).set(Object.fromEntries(prepared.headers));
  if (prepared.body) test = sendBytes(test, Buffer.from(await prepared.arrayBuffer()));
  const res = await test.buffer(true).parse(rawBody);
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers as Record<string, string | string[]>))
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  const empty = method === 'head' || res.status === 204 || res.status === 304;
  return new Response(empty ? null : new Uint8Array(res.body as Buffer), { status: res.status, headers });
}

/** The app with cheap hashes, for tests that send it requests with supertest (`request(app.express)`). */
export const testApp = (options: AppOptions = {}): Promise<MockApp> =>
  createApp({ ...options, bank: { hashCost: TEST_HASH_COST, ...options.bank } });

/** The app listening on a loopback port, as main.ts runs it (Node's client errors answered in JSON). */
export async function startBank(options: AppOptions = {}): Promise<Harness> {
  const app = await testApp(options);
  const server = answerClientErrors(http.createServer(app.express)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/`;

  const client: Harness['client'] = (tokens = {}, encoding = 'urlencoded') =>
    createApiClient({ baseUrl: base, encoding, token: (auth) => (auth === 'kyc' ? tokens.kyc : tokens.user) });

  return {
    app,
    server,
    base,
    client,
    async login(email, password = DEMO_PASSCODE) {
      const reply = await client().call('login', { email, password, remeber: false });
      if (!reply.jwt) throw new Error(`no token for ${email}: ${reply.message ?? ''}`);
      return reply.jwt;
    },
    send: (path, init) => sendTo(server, path, init),
    async outbox(email) {
      const res = await sendTo(server, `/__mock/outbox?to=${encodeURIComponent(email)}`);
      return (await res.json()) as OutboxMessage[];
    },
    post: (path, body) =>
      sendTo(server, `/${path}`, {
        method: 'POST',
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      }),
    async reset() {
      await sendTo(server, '/__mock/reset', { method: 'POST' });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The error a call fails with; fails the test when the call succeeds or fails otherwise. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

/** A fixed real time for tests of the bank's clock: only the clock's offset moves the bank's time. */
export const FIXED_START = Date.parse('2026-11-21T10:00:00.000Z');
/** The moment `minutes` after {@link FIXED_START}, as the bank writes times (ISO 8601). */
export const minutesAfterStart = (minutes: number) => new Date(FIXED_START + minutes * 60_000).toISOString();
