/**
 * Bundle sizes: the portal and the reference app are built with the same Vite config in this run; each
 * is opened in Chromium, and every JS file requested before the page's first render counts (gzip -9 of
 * the file as built). Lazily loaded chunks are every other JS file of the build.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM, CHROMIUM_ARGS } from './browser';

export interface ChunkSize {
  readonly file: string;
  readonly gzip: number;
}

export interface InitialLoad {
  /** JS requested before the selector first matched, gzip bytes. */
  readonly initialGzip: number;
  readonly initialFiles: readonly ChunkSize[];
  /** JS requested after the first render (preloads in idle time), gzip bytes. */
  readonly afterRenderGzip: number;
}

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** Builds the app whose Vite config is `<root>/vite.config.ts` into `<root>/dist`. */
export async function buildApp(root: string) {
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
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

/**
 * Opens `url` and records the JS the page requested before `selector` first appeared in the document
 * (watched by a MutationObserver from the first byte), and what it loaded after. A prerendered page
 * (web decision 0019) has the selector in its markup from the start: for it, the page counts as rendered
 * when the client takes it over (the root's `data-prerendered` goes), so the figure stays the JS needed
 * before the page can be used.
 */
export async function initialLoad(url: string, selector: string, dist: string): Promise<InitialLoad> {
  const sizes = new Map(jsChunks(dist).map((c) => [c.file, c.gzip]));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.addInitScript((sel: string) => {
      const w = window as unknown as { __renderedAt?: number };
      new MutationObserver(() => {
        const rendered = document.querySelector(sel) !== null && !document.querySelector('#root[data-prerendered]');
        if (w.__renderedAt === undefined && rendered) w.__renderedAt = performance.now();
      }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-prerendered'] });
    }, selector);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector(selector);
    // Let idle-time preloads start, so they are seen (and counted as after the render).
    await page.waitForTimeout(1500);
    const { at, entries } = await page.evaluate(() => ({
      at: (window as unknown as { __renderedAt?: number }).__renderedAt ?? Infinity,
      entries: performance.getEntriesByType('resource').map((e) => [e.name, e.startTime] as const),
    }));
    const initialFiles: ChunkSize[] = [];
    let afterRenderGzip = 0;
    for (const [name, start] of entries) {
      const file = path.basename(new URL(name).pathname);
      const gzip = sizes.get(file);
      if (gzip === undefined) continue;
      if (start < at) initialFiles.push({ file, gzip });
      else afterRenderGzip += gzip;
    }
    initialFiles.sort((a, b) => b.gzip - a.gzip);
    return { initialGzip: initialFiles.reduce((sum, c) => sum + c.gzip, 0), initialFiles, afterRenderGzip };
  } finally {
    await browser.close();
  }
}
