/**
 * Serves the built web app at /wp-user/. The build is immutable while the server runs, so every file is
 * read and compressed (brotli and gzip) once and then answered from memory. Compression runs in Node's
 * thread pool, never on the event loop (brotli at its best quality takes about a second for the core
 * chunk, and would hold up every API call meanwhile), and starts for every asset as the server starts,
 * so the first visitor does not wait for it either. Hashed
 * assets with a year-long immutable cache, everything else revalidated (and re-read when a rebuild
 * changed it). Unknown paths under /wp-user/
 * get index.html, so the client router can take them, with `modulepreload` links for the code of the
 * page asked for (./route-preloads), so the browser fetches it beside the entry.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import express, { type Request, type Response } from 'express';
import { preloadTags, routePreloads, type Manifest } from './route-preloads';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);
/** Vite names built assets `name-HASH.ext`; those never change under the same name. */
const isHashed = (relative: string) => relative.startsWith('/assets/');

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Compressed {
  readonly br: Buffer;
  readonly gzip: Buffer;
}

interface Entry {
  readonly mtimeMs: number;
  readonly type: string;
  readonly identity: Buffer;
  /** Brotli and gzip forms, when the type compresses; settles once, in the thread pool. */
  readonly compressed?: Promise<Compressed | undefined>;
  readonly cacheControl: string;
}

async function compress(identity: Buffer): Promise<Compressed | undefined> {
  try {
    const [br, gz] = await Promise.all([
      brotliAsync(identity, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzipAsync(identity, { level: 9 }),
    ]);
    return { br, gzip: gz };
  } catch {
    // Served uncompressed rather than not at all.
    return undefined;
  }
}

function load(root: string, relative: string): Entry | undefined {
  const file = path.join(root, relative);
  // Never leave the web root (the path is already normalised by the URL parser, this is a second fence).
  if (!file.startsWith(root + path.sep)) return undefined;
  let mtimeMs: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return undefined;
    mtimeMs = stat.mtimeMs;
  } catch {
    return undefined;
  }
  const ext = path.extname(file).toLowerCase();
  const type = TYPES[ext];
  if (!type) return undefined;
  const cacheControl = isHashed(relative) ? 'public, max-age=31536000, immutable' : 'no-cache';
  return entryOf(readFileSync(file), { mtimeMs, type, cacheControl, compressible: COMPRESSIBLE.has(ext) });
}

function entryOf(
  identity: Buffer,
  meta: { mtimeMs: number; type: string; cacheControl: string; compressible: boolean },
): Entry {
  const { mtimeMs, type, cacheControl } = meta;
  if (!meta.compressible || identity.length < 512) return { mtimeMs, type, identity, cacheControl };
  return { mtimeMs, type, identity, cacheControl, compressed: compress(identity) };
}

async function send(req: Request, res: Response, entry: Entry) {
  const accepted = req.acceptsEncodings('br', 'gzip', 'identity');
  const compressed = accepted === 'br' || accepted === 'gzip' ? await entry.compressed : undefined;
  res.setHeader('Content-Type', entry.type);
  res.setHeader('Cache-Control', entry.cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  let body = entry.identity;
  if (accepted === 'br' && compressed) {
    body = compressed.br;
    res.setHeader('Content-Encoding', 'br');
  } else if (accepted === 'gzip' && compressed) {
    body = compressed.gzip;
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', String(body.length));
  res.end(req.method === 'HEAD' ? undefined : body);
}

const changed = (file: string, mtimeMs: number) => {
  try {
    return statSync(file).mtimeMs !== mtimeMs;
  } catch {
    return true;
  }
};

function readManifest(root: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/**
 * `page` (index.html, or the build's prerendered copy of it for `pathname`, with the page's markup in it)
 * with the preloads of the page at `pathname`: made and compressed once per document and set of preloads.
 */
function pages(root: string) {
  const manifest = readManifest(root);
  const preloads = manifest ? routePreloads(manifest) : () => [];
  const variants = new WeakMap<Entry, Map<string, Entry>>();
  return (pathname: string, page: Entry): Entry => {
    const files = preloads(pathname);
    if (files.length === 0) return page;
    let byFiles = variants.get(page);
    if (!byFiles) {
      byFiles = new Map();
      variants.set(page, byFiles);
    }
    const key = files.join(' ');
    let variant = byFiles.get(key);
    if (!variant) {
      const html = page.identity.toString('utf8');
      const tags = preloadTags(BASE, files);
      // A prerendered page holds its scripts back until its first paint, in its start template
      // (web/src/boot.ts): the page's preloads go with them. Any other page lists them in its head.
      const withTags = html.includes(START_TEMPLATE)
        ? html.replace(START_TEMPLATE, `${START_TEMPLATE}${tags}`)
        : html.replace('</head>', `${tags}</head>`);
      variant = withTags === html ? page : entryOf(Buffer.from(withTags), { ...page, compressible: true });
      byFiles.set(key, variant);
    }
    return variant;
  };
}

/** Where a prerendered page keeps its scripts (web/src/start-template.ts). */
const START_TEMPLATE = '<template id="portal-start">';

/** The build's prerendered pages (web/scripts/prerender-plugin.ts): `/account/login` → `/.prerender/account/login.html`. */
const PRERENDERED = '/.prerender';
const prerenderedFile = (pathname: string) => {
  const page = pathname.replace(/\/+$/u, '');
  return page === '' ? undefined : `${PRERENDERED}${page}.html`;
};

/** Where the app is served (its Vite `base`). */
const BASE = '/wp-user/';

/** The router for the built web app in `root` (a folder with index.html), served at /wp-user/. */
export function webApp(root: string): express.Router {
  const base = path.resolve(root);
  const cache = new Map<string, Entry | null>();
  const entry = (relative: string): Entry | undefined => {
    let hit = cache.get(relative);
    if (hit && !isHashed(relative) && changed(path.join(base, relative), hit.mtimeMs)) hit = undefined;
    if (hit === undefined) {
      hit = load(base, relative) ?? null;
      cache.set(relative, hit);
    }
    return hit ?? undefined;
  };

  /**
   * The document for a page. The prerendered one is a signed-out visitor's first look at the page with no
   * query: an address with one (`?ended=idle`) may render otherwise, so it gets index.html. The manifest
   * is read again when a rebuild changed index.html (the preloads and the prerendered pages change with it).
   */
  let built: { index: Entry; withPreloads: ReturnType<typeof pages> } | undefined;
  const page = (pathname: string, query: boolean) => {
    const index = entry('/index.html');
    if (!index) return undefined;
    if (built?.index !== index) built = { index, withPreloads: pages(base) };
    const file = query ? undefined : prerenderedFile(pathname);
    const document = (file === undefined ? undefined : entry(file)) ?? index;
    return built.withPreloads(pathname, document);
  };

  // Read and compress every asset now, in the background, rather than on its first request.
  setImmediate(() => {
    let names: string[];
    try {
      names = readdirSync(path.join(base, 'assets'));
    } catch {
      return;
    }
    for (const name of names) entry(`/assets/${name}`);
  });

  const router = express.Router();
  router.get(/.*/u, (req, res) => {
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      relative = '/';
    }
    // Build metadata (`.vite/manifest.json`) and other dot-folders are no part of the site.
    if (relative.split('/').some((segment) => segment.startsWith('.'))) {
      res.status(404).json({ error: true, message: `Nothing at ${req.path}`, code: 'not_found' });
      return;
    }
    const file = relative.endsWith('/') ? undefined : entry(relative);
    if (file) {
      void send(req, res, file);
      return;
    }
    // A missing hashed asset is a 404 (an old tab after a deploy), never index.html under a script's name.
    if (isHashed(relative)) {
      res.status(404).json({ error: true, message: `Nothing at ${req.path}`, code: 'not_found' });
      return;
    }
    const index = page(relative, req.originalUrl.includes('?'));
    if (!index) {
      res.status(404).json({ error: true, message: 'The web app is not built', code: 'not_found' });
      return;
    }
    void send(req, res, index);
  });
  return router;
}
