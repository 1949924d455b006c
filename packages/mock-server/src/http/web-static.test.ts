/**
 * The built web app as the server sends it (web-static.ts): files as built, compressed as asked,
 * hashed assets cached for a year and HTML revalidated; a page's address gets the page the build
 * prerendered for it, else index.html; build metadata and anything outside the web root stay private.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockApp } from './app';
import { testApp } from '../testing/harness';

const webRoot = mkdtempSync(path.join(tmpdir(), 'ebank-web-'));
let mock: MockApp;

const padding = '<!-- padding -->'.repeat(100);
const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/wp-user/assets/index-1a2b.js"></script>${padding}</head><body><div id="root"></div></body></html>`;
/** Pages the build prerendered (`dist/<page>/index.html`). */
const LANDING = `<!doctype html><html><head></head><body><div id="root" data-prerendered="/account"><h1>Welcome</h1></div>${padding}</body></html>`;
const LOGIN = LANDING.replace('/account"><h1>Welcome', '/account/login"><h1>Sign in');
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;
/** A script the build also wrote compressed; each compressed file says which it is, to tell what was sent. */
const BUILT = `console.log(${JSON.stringify('y'.repeat(2000))});\n`;
const BUILT_BR = brotliCompressSync(BUILT.replace('console.log', 'console.info'));
const BUILT_GZ = gzipSync(BUILT.replace('console.log', 'console.warn'));

beforeAll(async () => {
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'assets', 'index-1a2b.js'), SCRIPT);
  writeFileSync(path.join(webRoot, 'assets', 'route-3c4d.js'), BUILT);
  writeFileSync(path.join(webRoot, 'assets', 'route-3c4d.js.br'), BUILT_BR);
  writeFileSync(path.join(webRoot, 'assets', 'route-3c4d.js.gz'), BUILT_GZ);
  writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(webRoot, 'account', 'login'), { recursive: true });
  writeFileSync(path.join(webRoot, 'account', 'index.html'), LANDING);
  writeFileSync(path.join(webRoot, 'account', 'login', 'index.html'), LOGIN);
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), '{}');
  writeFileSync(path.join(path.dirname(webRoot), 'outside.html'), 'secret');
  mock = await testApp({ webRoot });
});
afterAll(() => {
  rmSync(webRoot, { recursive: true, force: true });
  rmSync(path.join(path.dirname(webRoot), 'outside.html'), { force: true });
});

const get = (pathname: string) => request(mock.express).get(`/wp-user${pathname}`);

describe('files of the web app', () => {
  it('sends a hashed asset cached for a year, immutable, with its type', async () => {
    const res = await get('/assets/index-1a2b.js').set('Accept-Encoding', 'identity');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/u);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.text).toBe(SCRIPT);
  });

  it('sends other files revalidated', async () => {
    const res = await get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses as asked (gzip, br), and not when not asked', async () => {
    for (const encoding of ['gzip', 'br'] as const) {
      const res = await get('/assets/index-1a2b.js').set('Accept-Encoding', encoding);
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(res.text, encoding).toBe(SCRIPT);
    }
    const plain = await get('/assets/index-1a2b.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('sends the compressed file the build wrote, brotli first, as a hashed asset with its type', async () => {
    const sent = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', bytes: BUILT_BR.length, text: /^console\.info/u },
      { accept: 'gzip', encoding: 'gzip', bytes: BUILT_GZ.length, text: /^console\.warn/u },
      { accept: 'identity', encoding: undefined, bytes: Buffer.byteLength(BUILT), text: /^console\.log/u },
    ];
    for (const { accept, encoding, bytes, text } of sent) {
      const res = await get('/assets/route-3c4d.js').set('Accept-Encoding', accept);
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-length'], accept).toBe(String(bytes));
      expect(res.text, accept).toMatch(text);
      // A charset's name is case-insensitive (express-static-gzip writes UTF-8).
      expect(res.headers['content-type'], accept).toMatch(/^(text|application)\/javascript; charset=utf-8$/iu);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accept).toMatch(/Accept-Encoding/iu);
    }
  });

  it('answers a missing hashed asset with a 404, never with index.html', async () => {
    const res = await get('/assets/index-old.js');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: true, code: 'not_found' });
  });

  it('keeps the build metadata and anything outside the web root private', async () => {
    for (const pathname of ['/.vite/manifest.json', '/%2e%2e/outside.html', '/..%2foutside.html']) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.text, pathname).not.toContain('secret');
    }
  });
});

describe('pages of the web app', () => {
  it('sends the page the build prerendered for an address, with or without a trailing slash', async () => {
    for (const [address, html] of [
      ['/account', LANDING],
      ['/account/', LANDING],
      ['/account/login', LOGIN],
    ] as const) {
      const res = await get(address);
      expect(res.status, address).toBe(200);
      expect(res.headers['content-type'], address).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], address).toBe('no-cache');
      expect(res.text, address).toBe(html);
    }
  });

  it('sends index.html for an address no page was prerendered for, with the security headers', async () => {
    for (const address of ['/', '/dashboard', '/account/verify/a@b.test', '/nowhere/at/all']) {
      const res = await get(address);
      expect(res.status, address).toBe(200);
      expect(res.headers['cache-control'], address).toBe('no-cache');
      expect(res.headers['content-security-policy'], address).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], address).toBe('DENY');
      expect(res.text, address).toBe(INDEX);
    }
  });

  it('redirects the site root to the portal', async () => {
    const res = await request(mock.express).get('/');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/wp-user/');
  });
});

describe('the portal on its dev server (MOCK_PORTAL_URL)', () => {
  const PORTAL = 'http://localhost:5173/wp-user/';

  it('sends a page of the portal to the same address there, never the build beside it', async () => {
    const dev = await testApp({ webRoot, portalUrl: PORTAL });
    expect(dev.servesPortal).toBe(false);
    for (const [address, target] of [
      ['/wp-user/', 'http://localhost:5173/wp-user/'],
      ['/wp-user/account/login', 'http://localhost:5173/wp-user/account/login'],
      [
        '/wp-user/account/reset?token=a%2Fb&email=x%40y.test',
        'http://localhost:5173/wp-user/account/reset?token=a%2Fb&email=x%40y.test',
      ],
      ['/wp-user/assets/index-1a2b.js', 'http://localhost:5173/wp-user/assets/index-1a2b.js'],
      // Nothing in the address can send the browser to another site.
      ['/wp-user//evil.example/', 'http://localhost:5173/wp-user//evil.example/'],
    ] as const) {
      const res = await request(dev.express).get(address);
      expect(res.status, address).toBe(302);
      expect(res.headers.location, address).toBe(target);
    }
    // The API and the developer endpoints are still here.
    expect((await request(dev.express).get('/__mock/health')).status).toBe(200);
    const post = await request(dev.express).post('/wp-user/account/login');
    expect(post.status).toBe(404);
    expect(post.body).toMatchObject({ error: true, code: 'not_found' });
  });

  it('still gives a visitor a sandbox of their own before sending them on', async () => {
    const dev = await testApp({ portalUrl: PORTAL, sandboxes: { perVisitor: true } });
    const res = await request(dev.express).get('/wp-user/dashboard').set('Accept', 'text/html');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('http://localhost:5173/wp-user/dashboard');
    expect(String(res.headers['set-cookie'])).toMatch(/^mock_sandbox=[a-z0-9-]+;/u);
  });
});
