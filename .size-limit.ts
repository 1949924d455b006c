/**
 * The size check (`pnpm size`, after `pnpm build`; run by the test command right after its build): gzip -9
 * bytes of the built portal's JS in packages/web/dist, as the benchmark counts them, within the benchmark's
 * budgets (bench/src/budgets.ts). The files come from Vite's build manifest (packages/web/scripts/page-js.ts): a page's
 * are the entry chunk and its route chunks with their static imports, which is what Chromium fetches for it.
 * 1. The login page: at most `maxInitialJsRatio` times the reference app's JS (its recorded figure; the
 *    benchmark measures both in the browser and checks the figure still holds).
 * 2. A signed-in customer's first dashboard view: at most `maxDashboardJsRatio` times the reference's.
 * 3. Every JS file the login page does not load (the dashboard's included), each at most `maxLazyChunkGzip`,
 *    as the benchmark counts lazy chunks: the check names the largest.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { SizeLimitConfig } from 'size-limit';
import { BUDGETS } from './bench/src/budgets.ts';
import { pageFiles, readManifest } from './packages/web/scripts/page-js.ts';

const DIST = 'packages/web/dist';
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), DIST);
const manifest = readManifest(dist);

/** A built file's path for size-limit, which reads it as a glob pattern relative to this file. */
function inDist(file: string) {
  if (!existsSync(path.join(dist, file)))
    throw new Error(`${DIST}/${file} is in the build manifest but not on disk: build the portal again (pnpm build)`);
  if (!/^[\w./-]+$/u.test(file)) throw new Error(`${file}: a built file name with a glob character`);
  return `${DIST}/${file}`;
}

const login = pageFiles(manifest, '/account/login');
const dashboard = pageFiles(manifest, '/dashboard');
const initial = new Set(login);
const lazy = readdirSync(path.join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => file.endsWith('.js') && !initial.has(file))
  .map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length }))
  .sort((a, b) => b.gzip - a.gzip);
const largest = lazy[0];
if (largest === undefined) throw new Error(`${DIST}/assets has no JS file beyond the login page's`);

const { bundle } = BUDGETS;
const bytes = (n: number) => `${String(Math.floor(n))} B`;

export default [
  {
    name: `login page JS (/wp-user/account/login, ${String(login.length)} files; ${bundle.maxInitialJsRatio.toFixed(2)}x the reference's ${String(bundle.referenceInitialJsGzip)} B)`,
    path: login.map(inDist),
    limit: bytes(bundle.maxInitialJsRatio * bundle.referenceInitialJsGzip),
    gzip: true,
  },
  {
    name: `dashboard JS (/wp-user/dashboard, ${String(dashboard.length)} files; ${bundle.maxDashboardJsRatio.toFixed(2)}x the reference's)`,
    path: dashboard.map(inDist),
    limit: bytes(bundle.maxDashboardJsRatio * bundle.referenceInitialJsGzip),
    gzip: true,
  },
  {
    name: `largest lazy chunk (${largest.file}, of ${String(lazy.length)}; each within the limit)`,
    path: inDist(largest.file),
    limit: bytes(bundle.maxLazyChunkGzip),
    gzip: true,
  },
] satisfies SizeLimitConfig;
