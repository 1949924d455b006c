/**
 * The built web app as the server sends it: each page's HTML names that page's route chunks as
 * `modulepreload` links (so they load beside the entry), compressed as asked; build metadata stays private.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type Harness } from '../testing/harness';

const webRoot = mkdtempSync(path.join(tmpdir(), 'ebank-web-'));
let bank: Harness;

const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/wp-user/assets/index.js"></script>${'<!-- padding -->'.repeat(40)}</head><body><div id="root"></div></body></html>`;
const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js'] },
  '_framework.js': { file: 'assets/framework.js' },
  '_schemas.js': { file: 'assets/schemas.js' },
  'src/lib/api-client.ts': { file: 'assets/api-client.js', imports: ['_schemas.js'] },
  'src/routes/account/route.tsx?tsr-split=component---loader---pendingComponent': { file: 'assets/account.js' },
  'src/routes/account/index.tsx?tsr-split=component---loader---pendingComponent': { file: 'assets/landing.js' },
  'src/routes/account/login.tsx?tsr-split=component---loader---pendingComponent': {
    file: 'assets/login.js',
    imports: ['_framework.js'],
  },
  'src/routes/dashboard/route.tsx?tsr-split=component---loader---pendingComponent': { file: 'assets/shell.js' },
  'src/routes/dashboard/index.tsx?tsr-split=component---loader---pendingComponent': { file: 'assets/home.js' },
};

/** The build's prerendered landing page (web/scripts/prerender-plugin.ts): its scripts wait in the start template. */
const PRERENDERED_LANDING = `<!doctype html><html><head><script type="module" crossorigin src="/wp-user/assets/boot.js"></script><template id="portal-start"><script type="module" crossorigin src="/wp-user/assets/index.js"></script></template>${'<!-- padding -->'.repeat(40)}</head><body><div id="root" data-prerendered="/account"><h1>Welcome</h1></div></body></html>`;

beforeAll(async () => {
  writeFileSync(path.join(webRoot, 'index.html'), INDEX);
  mkdirSync(path.join(webRoot, '.prerender'));
  writeFileSync(path.join(webRoot, '.prerender', 'account.html'), PRERENDERED_LANDING);
  mkdirSync(path.join(webRoot, 'assets'));
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  bank = await startBank({ webRoot });
});
afterAll(async () => {
  await bank.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** A page as sent: raw bytes (fetch would undo the compression), decoded here. */
const page = (pathname: string, encoding = 'identity') =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; coding: string | undefined; html: string }>(
    (resolve, reject) => {
      get(`${bank.base}wp-user${pathname}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const decoded = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, coding, html: decoded.toString() });
        });
      }).on('error', reject);
    },
  );
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/gu)].map((m) => m[1]);

describe('pages of the web app', () => {
  it("names the page's route chunks and its layouts', beyond the entry's, before </head>", async () => {
    const { status, headers, html } = await page('/account/login');
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['cache-control']).toBe('no-cache');
    expect(preloads(html)).toEqual(['/wp-user/assets/account.js', '/wp-user/assets/login.js']);
    expect(html).toMatch(/href="\/wp-user\/assets\/login\.js"><\/head>/u);
  });

  it('sends the same page brotli- or gzip-compressed when asked', async () => {
    const plain = await page('/account/login');
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await page('/account/login', encoding);
      expect(packed.coding).toBe(encoding);
      expect(packed.html).toBe(plain.html);
    }
  });

  it("names the signed-in pages' chunks, and nothing loaded on demand (the API client)", async () => {
    expect(preloads((await page('/dashboard')).html)).toEqual(['/wp-user/assets/home.js', '/wp-user/assets/shell.js']);
  });

  it('sends index.html as built for an address no page has', async () => {
    const { status, html } = await page('/nowhere/at/all');
    expect(status).toBe(200);
    expect(html).toBe(INDEX);
  });

  it('keeps the build metadata private', async () => {
    const res = await fetch(`${bank.base}wp-user/.vite/manifest.json`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: true, code: 'not_found' });
  });

  it('follows a rebuild: new index.html and manifest, new preloads', async () => {
    const manifest = {
      ...MANIFEST,
      'src/routes/account/login.tsx?tsr-split=component---loader---pendingComponent': { file: 'assets/login-2.js' },
    };
    writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX.replace('index.js', 'index-2.js'));
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(webRoot, 'index.html'), later, later);
    const { html } = await page('/account/login');
    expect(html).toContain('assets/index-2.js');
    expect(preloads(html)).toEqual(['/wp-user/assets/account.js', '/wp-user/assets/login-2.js']);
  });
});

describe('prerendered pages', () => {
  const template = (html: string) => /<template id="portal-start">(.*?)<\/template>/su.exec(html)?.[1] ?? '';

  it('sends the prerendered page for its address, its preloads in the start template with its scripts', async () => {
    for (const address of ['/account', '/account/']) {
      const { status, html } = await page(address);
      expect(status).toBe(200);
      expect(html).toContain('<div id="root" data-prerendered="/account"><h1>Welcome</h1></div>');
      // Nothing but the boot script loads before the first paint: the preloads wait with the scripts.
      expect(preloads(template(html))).toEqual(preloads(html));
      expect(preloads(html)).toEqual(['/wp-user/assets/account.js', '/wp-user/assets/landing.js']);
      expect(html.split('</template>')[1]).not.toContain('modulepreload');
    }
  });

  it('sends index.html for the address with a query, which the page may render otherwise', async () => {
    const { html } = await page('/account?from=mail');
    expect(html).not.toContain('data-prerendered');
    expect(html).toContain('<div id="root"></div>');
  });

  it('sends index.html for a page that has no prerender', async () => {
    const { html } = await page('/account/login');
    expect(html).not.toContain('data-prerendered');
  });

  it('keeps the prerendered files themselves private', async () => {
    const { status } = await page('/.prerender/account.html');
    expect(status).toBe(404);
  });
});
