/**
 * Security headers (ASVS V3) on every kind of reply the server makes, and no stack trace in any body,
 * even when a handler throws: API success and errors, 404, 405, 413, 415, a request Node's parser
 * refuses, the developer endpoints, the staff address, uploads, and the web app's files. Requests go to the
 * app through supertest; the one Node's parser refuses goes over a socket to the listening server.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleImages } from '@ebank/contract/testing';
import { startBank, type Harness } from '../testing/harness';

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

const webRoot = mkdtempSync(path.join(tmpdir(), 'ebank-web-'));
let bank: Harness;
/** Makes the bank's clock throw, so any handler that reads the time fails with an internal error. */
let explode = false;
const BOOM = 'clock exploded at Object.now (/srv/app/node_modules/clock/index.js:12:34)';

beforeAll(async () => {
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/wp-user/assets/x.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'assets', 'x.js'), 'document.getElementById("root").textContent = "hi";\n');
  bank = await startBank({
    webRoot,
    now: () => {
      if (explode) throw new Error(BOOM);
      return Date.now();
    },
  });
});
afterAll(async () => {
  await bank.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** A request to the app through supertest (`harness.send`). */
async function request(
  pathname: string,
  init: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const res = await bank.send(`/${pathname}`, init);
  return { status: res.status, headers: res.headers, text: await res.text() };
}
const api = (body: URLSearchParams | string, headers?: Record<string, string>) =>
  request('api/users.php', {
    method: 'POST',
    body: body.toString(),
    headers: headers ?? { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** A request whose body is shorter than its Content-Length, cut off: Node's parser refuses it, not Express. */
function cutShort(): Promise<Reply> {
  const { hostname, port, host } = new URL(bank.base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Headers(
        lines.map((l): [string, string] => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text: body.join('\r\n\r\n') });
    });
    socket.write(
      `POST /api/users.php?crud=iduser HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\nemail=a`,
    );
    socket.end();
  });
}

async function uploadedPicture(): Promise<string> {
  const token = await bank.login('demo@bank.test');
  await supertest(bank.app.express)
    .post('/api/users.php')
    .field('updatepic', '1')
    .field('token', token)
    .attach('profilePic', Buffer.from(sampleImages['image/png']), { filename: 'me.png', contentType: 'image/png' });
  const picture = (await bank.client({ user: token }).call('getProfile')).data.picture;
  if (!picture) throw new Error('no picture');
  return new URL(picture).pathname.slice(1);
}

function expectSecurityHeaders(headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/u))
      .map(([name = '', ...values]) => [name, values]),
  );
  const scripts = directives.get('script-src') ?? directives.get('default-src');
  expect(scripts, `script-src or default-src in "${csp}"`).toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/u,
  );
}

function expectNoStackTrace(text: string) {
  expect(text).not.toMatch(/at .*\(.*:\d+:\d+\)/u);
  expect(text).not.toMatch(/\.[cm]?[jt]s:\d+/u);
  expect(text).not.toContain('node_modules');
}

const cases: [string, () => Promise<Reply>, number][] = [
  ['an API success', () => api(new URLSearchParams({ getdocs: '1' })), 200],
  ['an API refusal by the bank (401)', () => api(new URLSearchParams({ getinstituition: '1' })), 401],
  ['an API refusal by the codec (400)', () => api(new URLSearchParams({ newcd: '1', amount: 'lots' })), 400],
  ['a 404', () => request('nowhere/at/all'), 404],
  ['a 405', () => request('api/users.php'), 405],
  ['a 413', () => api(new URLSearchParams({ getdocs: '1', note: 'a'.repeat(300_000) })), 413],
  ['a 415', () => api('{"getdocs":1}', { 'content-type': 'application/json' }), 415],
  [
    'a malformed multipart body (400)',
    () => api('--x\r\n', { 'content-type': 'multipart/form-data; boundary=x' }),
    400,
  ],
  ['a body cut short (Node parser, 400)', cutShort, 400],
  ['the health check', () => request('__mock/health'), 200],
  ['the outbox', () => request('__mock/outbox?to=demo@bank.test'), 200],
  ['the reset', () => request('__mock/reset', { method: 'POST' }), 200],
  ['the staff state', () => request('__mock/staff/state'), 200],
  ['the way from the staff address to the admin area', () => request('__mock/staff/'), 302],
  ['a staff refusal', () => request('__mock/staff/kyc/nobody/approve', { method: 'POST' }), 404],
  ['an upload', async () => request(await uploadedPicture()), 200],
  ['a missing upload', () => request('__mock/uploads/nope'), 404],
  ["the web app's index.html", () => request('wp-user/'), 200],
  ["the web app's index.html at a deep link", () => request('wp-user/dashboard/home'), 200],
  ['a web app asset', () => request('wp-user/assets/x.js'), 200],
  ['the redirect to the web app', () => request(''), 302],
];

describe('every reply carries the security headers and no stack trace', () => {
  it.each(cases)('%s', async (_, send, status) => {
    const reply = await send();
    expect(reply.status).toBe(status);
    expectSecurityHeaders(reply.headers);
    expectNoStackTrace(reply.text);
    if (status >= 400) {
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/u);
      expect((JSON.parse(reply.text) as { message: string }).message.length).toBeGreaterThan(0);
    }
  });

  it('the web app gets the same policy: no inline script, no framing', async () => {
    const index = await request('wp-user/');
    expect(index.headers.get('content-type')).toMatch(/^text\/html/u);
    expect(index.text).toContain('<div id="root">');
    const asset = await request('wp-user/assets/x.js');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/u);
  });
});

describe('an internal error', () => {
  it('answers 500 with a fixed message and the headers; the details go to the log only', async () => {
    const token = await bank.login('demo@bank.test');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    explode = true;
    try {
      const reply = await api(new URLSearchParams({ getcontact: '1', token }));
      expect(reply.status).toBe(500);
      expectSecurityHeaders(reply.headers);
      expectNoStackTrace(reply.text);
      expect(JSON.parse(reply.text)).toEqual({
        error: true,
        message: 'Something went wrong in the mock bank',
        code: 'internal',
      });
      expect(reply.text).not.toContain('exploded');
      expect(log).toHaveBeenCalledWith(expect.objectContaining({ message: BOOM }));
    } finally {
      explode = false;
      log.mockRestore();
    }
  });
});
