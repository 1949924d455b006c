/**
 * The API route on the wire: the URL forms Express routes to it, methods other than POST, content
 * encodings, bodies over the limit (read to their end, the connection kept), clients that go away
 * mid-body, and the app mounted in another Express app. Every refusal is JSON with the security
 * headers and no-store, and changes nothing. Raw HTTP through supertest; a listening server only
 * where the test needs a socket of its own.
 */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORM_LIMITS } from './form-parsers';
import { sendBytes, startBank, type Harness } from '../testing/harness';

let bank: Harness;
beforeAll(async () => {
  bank = await startBank();
});
afterAll(() => bank.close());
beforeEach(() => bank.reset());

const digest = () => bank.app.bank().digest();
const URLENCODED = 'application/x-www-form-urlencoded';

interface Reply {
  readonly status: number;
  readonly headers: Record<string, string | undefined>;
  readonly text: string;
}

/** One request to the app with exactly these headers and bytes (over `agent`'s connection when given). */
async function send(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; agent?: http.Agent } = {},
  app: Parameters<typeof request>[0] = bank.app.express,
): Promise<Reply> {
  const method = (options.method ?? 'POST').toLowerCase() as 'post';
  let test = request(app)
    [method](path)
    .set(options.headers ?? {});
  if (options.agent) test = test.agent(options.agent);
  const res = await (options.body === undefined ? test : sendBytes(test, options.body));
  // supertest leaves the text of a reply without a body (HEAD) undefined.
  const text: unknown = res.text;
  return { status: res.status, headers: res.headers, text: typeof text === 'string' ? text : '' };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Sends a raw request on a new connection to the listening server and reads everything until it closes. */
async function rawStatus(raw: string): Promise<string> {
  const socket = net.connect(Number(new URL(bank.base).port), '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (c: Buffer) => received.push(c));
  socket.end(raw);
  await once(socket, 'close');
  return Buffer.concat(received).toString();
}

/** A JSON error with its message, the security headers and no-store. */
function expectError(reply: Reply, status: number, message: string | RegExp) {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(reply.headers['cache-control']).toBe('no-store');
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  const body = JSON.parse(reply.text) as { error: unknown; message: string };
  expect(body.error).toBe(true);
  expect(body.message).toMatch(message);
}

describe('the API route', () => {
  it('answers at every URL form Express routed to it: any letter case, a trailing slash, a query', async () => {
    const plain = await send('/api/users.php', {
      headers: { 'content-type': URLENCODED },
      body: form({ getdocs: '1' }),
    });
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(plain.text)));
    for (const path of ['/API/Users.PHP', '/api/users.php/', '/api/users.php?x=1', '/api/users.php/?']) {
      const reply = await send(path, { headers: { 'content-type': URLENCODED }, body: form({ getdocs: '1' }) });
      expect(reply.status, path).toBe(200);
      expect(reply.text, path).toBe(plain.text);
    }
    // An absolute URL on the request line goes through Express to the same route, headers once each.
    const absolute = await rawStatus(
      `POST ${bank.base}api/users.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${URLENCODED}\r\nContent-Length: 9\r\nConnection: close\r\n\r\ngetdocs=1`,
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 200 OK\r\n/u);
    expect(absolute.endsWith(`\r\n\r\n${plain.text}`)).toBe(true);
    expect(absolute.match(/^content-security-policy:/gimu)).toHaveLength(1);
    expect(absolute.match(/^cache-control: no-store\r$/gimu)).toHaveLength(1);
    // Not the API: a longer name, another folder.
    for (const path of ['/api/users.phpx', '/api/users.php.bak', '/api//users.php', '/x/api/users.php']) {
      const reply = await send(path, { body: form({ getdocs: '1' }) });
      expect(reply.status, path).toBe(404);
      expect(JSON.parse(reply.text), path).toMatchObject({ error: true, code: 'not_found' });
    }
  });

  it('takes POST only: any other method gets a 405 with Allow, and nothing changes', async () => {
    const before = digest();
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const reply = await send('/api/users.php', { method });
      expectError(reply, 405, 'Use POST for every call');
      expect(reply.headers.allow).toBe('POST');
    }
    const head = await send('/api/users.php', { method: 'HEAD' });
    expect(head.status).toBe(405);
    expect(head.text).toBe('');
    expect(digest()).toBe(before);
  });

  it('reads a body sent gzip, deflate or br compressed, and refuses other encodings (415)', async () => {
    const token = await bank.login('demo@bank.test');
    const body = form({ getinstituition: '1', token });
    const plain = await send('/api/users.php', { headers: { 'content-type': URLENCODED }, body });
    expect(plain.status).toBe(200);
    for (const [coding, compressed] of [
      ['gzip', gzipSync(body)],
      ['deflate', deflateSync(body)],
      ['br', brotliCompressSync(body)],
    ] as const) {
      const reply = await send('/api/users.php', {
        headers: { 'content-type': URLENCODED, 'content-encoding': coding },
        body: compressed,
      });
      expect(reply.status, coding).toBe(200);
      expect(reply.text, coding).toBe(plain.text);
    }
    const compress = await send('/api/users.php', {
      headers: { 'content-type': URLENCODED, 'content-encoding': 'compress' },
      body,
    });
    expectError(compress, 415, 'Send the form in UTF-8, without a content encoding');
  });

  it('refuses a body that does not decode (400), or decodes to more than the limit (413)', async () => {
    const before = digest();
    const corrupt = await send('/api/users.php', {
      headers: { 'content-type': URLENCODED, 'content-encoding': 'gzip' },
      body: Buffer.from('not gzip at all'),
    });
    expectError(corrupt, 400, 'The request body could not be read');
    // A few kilobytes that inflate to more than the urlencoded limit.
    const bomb = gzipSync(Buffer.from(`getdocs=1&note=${'a'.repeat(FORM_LIMITS.urlencodedBytes)}`));
    expect(bomb.length).toBeLessThan(4096);
    const inflated = await send('/api/users.php', {
      headers: { 'content-type': URLENCODED, 'content-encoding': 'gzip' },
      body: bomb,
    });
    expectError(inflated, 413, 'The request is too large');
    expect(digest()).toBe(before);
  });

  it('reads a body over the limit to its end before refusing it (413), and the connection goes on', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const large = `getdocs=1&note=${'a'.repeat(FORM_LIMITS.urlencodedBytes)}`;
      const refused = await send(
        '/api/users.php',
        { headers: { 'content-type': URLENCODED }, body: large, agent },
        bank.base.replace(/\/$/u, ''),
      );
      expectError(refused, 413, 'The request is too large');
      const next = await send(
        '/api/users.php',
        { headers: { 'content-type': URLENCODED }, body: form({ getdocs: '1' }), agent },
        bank.base.replace(/\/$/u, ''),
      );
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('answers no one when the client goes away mid-body, changes nothing, and serves the next call', async () => {
    const before = digest();
    const token = await bank.login('nopin@bank.test');
    const { port } = new URL(bank.base);
    const socket = net.connect(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    const body = form({ updatepin: '1', token, pin: '2468' });
    socket.write(
      `POST /api/users.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${URLENCODED}\r\nContent-Length: ${body.length + 10}\r\n\r\n${body}`,
    );
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    socket.destroy();
    await once(socket, 'close');
    expect(Buffer.concat(received).toString()).toBe('');
    const next = await send('/api/users.php', {
      headers: { 'content-type': URLENCODED },
      body: form({ getdocs: '1' }),
    });
    expect(next.status).toBe(200);
    expect(digest()).toBe(before);
  });

  it('refuses a body it cannot take before reading it, as JSON with the headers', async () => {
    const before = digest();
    expectError(
      await send('/api/users.php', { headers: { 'content-type': 'text/plain' }, body: 'getdocs=1' }),
      415,
      /^Send the body as multipart\/form-data or application\/x-www-form-urlencoded$/u,
    );
    expectError(await send('/api/users.php', { body: 'getdocs=1' }), 415, /^Send the body as multipart\/form-data/u);
    expectError(
      await send('/api/users.php', { headers: { 'content-type': 'multipart/form-data' }, body: 'x' }),
      400,
      'The multipart body is malformed',
    );
    expectError(
      await send('/api/users.php', { headers: { 'content-type': `${URLENCODED}; charset=utf-16le` }, body: 'x' }),
      415,
      'Send the form in UTF-8, without a content encoding',
    );
    // No type: an empty form, which names no operation, when there is no body at all.
    expectError(await send('/api/users.php', { body: '' }), 415, /^Send the body as multipart\/form-data/u);
    expect(await rawStatus('POST /api/users.php HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 400 [^]*"code":"no_operation"/u,
    );
    expect(digest()).toBe(before);
  });

  it('answers the API of the app mounted in another Express app', async () => {
    const outer = express();
    outer.use(bank.app.express);
    const reply = await send(
      '/api/users.php',
      { headers: { 'content-type': URLENCODED }, body: form({ getdocs: '1' }) },
      outer,
    );
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toHaveProperty('docs');
    expect((await send('/__mock/health', { method: 'GET' }, outer)).text).toBe('{"ok":true,"clockOffsetMinutes":0}');
  });
});
