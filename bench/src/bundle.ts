/**
 * Bundle sizes: the portal and the reference app are built with the same Vite settings in this run; each
 * page is opened in Chromium with no user input, and every JS file it requests from the navigation until
 * the network has been quiet for `NETWORK_QUIET_MS` is its initial JS (gzip -9 of the file as built). The
 * rule looks only at the network, never at the page's markup, so it holds however the page starts.
 * Lazily loaded chunks are every other JS file of the build.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from 'playwright-core';
import { build } from 'vite';
import { NETWORK_QUIET_MS } from './budgets';
import { CHROMIUM, CHROMIUM_ARGS } from './browser';

export interface ChunkSize {
  readonly file: string;
  readonly gzip: number;
}

export interface InitialLoad {
  /** Every JS file requested before the network went quiet, gzip bytes. */
  readonly initialGzip: number;
  readonly initialFiles: readonly ChunkSize[];
  /** When the last request of the load settled, in ms after the navigation started. */
  readonly lastRequestMs: number;
}

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** Builds the app whose Vite config is `<root>/vite.config.ts` into `<root>/dist`. */
export async function buildApp(root: string) {
  // From the app's folder, as its own `vite build` runs: the bundler names modules by their path from the working
  // directory, and a build run from elsewhere differs by some bytes from the one the size check of `pnpm test` weighs.
  const from = process.cwd();
  process.chdir(root);
  try {
    await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  } finally {
    process.chdir(from);
  }
  return path.join(root, 'dist');
}

/** Every JS file of a build with its gzip size, largest first. */
export function jsChunks(dist: string): ChunkSize[] {
  const dir = path.join(dist, 'assets');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzip: gzipSize(readFileSync(path.join(dir, file))) }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** Longest a page may take to go quiet before the measure is called off. */
const LOAD_TIMEOUT_MS = 30_000;

const isScript = (request: Request, contentType: string) =>
  request.resourceType() === 'script' ||
  /javascript/iu.test(contentType) ||
  /\.m?js$/u.test(new URL(request.url()).pathname);

/**
 * Opens `url` and records every JS file the page requests until no request has been in flight, and none
 * has started, for `NETWORK_QUIET_MS`. `readySelector` is checked afterwards, so that a page that failed
 * to render is reported as such rather than measured small.
 */
export async function initialLoad(url: string, readySelector: string, dist: string): Promise<InitialLoad> {
  const built = new Map(jsChunks(dist).map((c) => [c.file, c.gzip]));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const inFlight = new Set<Request>();
    const scripts = new Map<string, Promise<ChunkSize | undefined>>();
    let lastActivity = performance.now();

    /** The gzip size of a finished request's JS: the built file's, or the body as served for any other. */
    const sizeOf = async (request: Request): Promise<ChunkSize | undefined> => {
      const response = await request.response();
      if (!response?.ok() || !isScript(request, response.headers()['content-type'] ?? '')) return undefined;
      const file = path.basename(new URL(request.url()).pathname);
      const gzip = built.get(file) ?? gzipSize(await response.body());
      return { file, gzip };
    };
    context.on('request', (request) => {
      inFlight.add(request);
      lastActivity = performance.now();
    });
    context.on('requestfailed', (request) => {
      inFlight.delete(request);
      lastActivity = performance.now();
    });
    context.on('requestfinished', (request) => {
      inFlight.delete(request);
      lastActivity = performance.now();
      if (!scripts.has(request.url())) scripts.set(request.url(), sizeOf(request));
    });

    const started = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    for (;;) {
      const now = performance.now();
      if (inFlight.size === 0 && now - lastActivity >= NETWORK_QUIET_MS) break;
      if (now - started > LOAD_TIMEOUT_MS) {
        const pending = [...inFlight].map((r) => r.url()).join(', ');
        throw new Error(`${url} did not go quiet within ${String(LOAD_TIMEOUT_MS)} ms (in flight: ${pending})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lastRequestMs = Math.round(lastActivity - started);
    if ((await page.$(readySelector)) === null)
      throw new Error(`${url} went quiet without rendering (no ${readySelector} on the page)`);

    const initialFiles = (await Promise.all(scripts.values()))
      .filter((c): c is ChunkSize => c !== undefined)
      .sort((a, b) => b.gzip - a.gzip);
    return { initialGzip: initialFiles.reduce((sum, c) => sum + c.gzip, 0), initialFiles, lastRequestMs };
  } finally {
    await browser.close();
  }
}
