/**
 * The JS files a page of the portal loads, read from Vite's build manifest (`dist/.vite/manifest.json`),
 * for the size check (.size-limit.ts): the entry chunk, and the route chunks the router loads for the page's
 * address (its layouts' and its own), each with every chunk it imports statically, transitively. Chunks
 * reached only through `import()` are left out: they load later, if at all.
 *
 * Route chunks are found by address, not by file name: the router plugin names a route's split module
 * `src/routes/<file>.tsx?tsr-split=<groups>`, and the file's path gives the route's address by the file
 * routing rules (`account/route.tsx` and `account.tsx` are /account, `dashboard/index.tsx` is /dashboard/,
 * `verify/$email.tsx` is /verify/<any>, `(group)` and `_pathless` folders add nothing).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The fields of a manifest chunk read here. */
export interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** A route module split out by the router plugin. */
const SPLIT_ROUTE = /^src\/routes\/(?<file>.+)\.[jt]sx?\?tsr-split=(?<groups>.+)$/u;
/** Split groups the router loads with the page; an error or not-found component loads only when shown. */
const LOADED_WITH_PAGE = new Set(['component', 'pendingComponent', 'loader']);

export interface RouteChunk {
  readonly key: string;
  /** The route's address as segments; `$name` stands for any one segment. */
  readonly segments: readonly string[];
  /** An index route matches its address only, never one below it. */
  readonly index: boolean;
}

/** The route a split module belongs to, or undefined for any other chunk (or a group not loaded with a page). */
export function routeChunk(key: string): RouteChunk | undefined {
  const match = SPLIT_ROUTE.exec(key);
  const file = match?.groups?.file;
  const groups = match?.groups?.groups;
  if (file === undefined || groups === undefined) return undefined;
  if (!groups.split('---').some((group) => LOADED_WITH_PAGE.has(group))) return undefined;
  const parts = file.split(/[/.]/u);
  const last = parts.at(-1);
  const index = last === 'index';
  const segments = parts
    .filter((part, i) => !(i === parts.length - 1 && (part === 'index' || part === 'route' || part === '__root')))
    .filter((part) => !/^\(.*\)$/u.test(part) && !part.startsWith('_'))
    .map((part) => part.replace(/_$/u, ''));
  return { key, segments, index };
}

const segmentsOf = (address: string) => address.split('/').filter((s) => s !== '');

/** Whether a route's segments match the first segments of an address. */
const matchesStart = (route: RouteChunk, segments: readonly string[]) =>
  route.segments.length <= segments.length && route.segments.every((s, i) => s.startsWith('$') || s === segments[i]);

/**
 * The route chunks the router loads for `address` (`/account/login`, without the base path): those of the
 * routes at that address (the page, and its layout when it has one of its own there), and of every layout
 * above it (a route that is no index route, at an address the page's starts with). A pathless layout counts
 * for every page below its parent, whether the page is under it or not. Throws when no route chunk is at
 * `address` itself.
 */
export function routeChunksFor(manifest: Manifest, address: string): string[] {
  const wanted = segmentsOf(address);
  const routes = Object.keys(manifest)
    .map(routeChunk)
    .filter((r): r is RouteChunk => r !== undefined && matchesStart(r, wanted));
  const here = routes.filter((r) => r.segments.length === wanted.length);
  const above = routes.filter((r) => r.segments.length < wanted.length && !r.index);
  if (here.length === 0) {
    const files = new Set(Object.keys(manifest).flatMap((key) => SPLIT_ROUTE.exec(key)?.groups?.file ?? []));
    throw new Error(
      `No route chunk for ${address} in the build manifest (routes split out: ${[...files].join(', ') || 'none'}). ` +
        'If the page moved, update its address in .size-limit.ts.',
    );
  }
  return [...above, ...here].map((r) => r.key);
}

/**
 * Every address of a page the router has code for, without a parameter (`/account/login`, `/dashboard`,
 * `/dashboard/send`, ...): each route chunk's address, once. The root (`/`) is left out: its page is the
 * build's index.html, which every other address falls back to.
 */
export function pageAddresses(manifest: Manifest): string[] {
  const addresses = Object.keys(manifest)
    .map(routeChunk)
    .filter(
      (r): r is RouteChunk => r !== undefined && r.segments.length > 0 && !r.segments.some((s) => s.startsWith('$')),
    )
    .map((r) => `/${r.segments.join('/')}`);
  return [...new Set(addresses)].sort();
}

/** The JS files `address` loads beyond the entry's: its route chunks and what they import, in the order reached. */
export function routeFiles(manifest: Manifest, address: string): string[] {
  const entry = new Set(staticClosure(manifest, entryChunks(manifest)));
  return staticClosure(manifest, routeChunksFor(manifest, address)).filter((file) => !entry.has(file));
}

/** The manifest keys of the entry chunks (those of index.html). */
export function entryChunks(manifest: Manifest): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true);
  if (entries.length === 0) throw new Error('The build manifest has no entry chunk');
  return entries;
}

/** The JS files of `keys` and of every chunk they import statically, transitively, in the order reached. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string, from: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`The build manifest has no chunk ${key} (imported by ${from})`);
    seen.add(key);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const key of keys) visit(key, 'the page');
  return files;
}

/** Every JS file `address` loads: the entry chunks and the page's route chunks, with their static imports. */
export function pageFiles(manifest: Manifest, address: string): string[] {
  return staticClosure(manifest, [...entryChunks(manifest), ...routeChunksFor(manifest, address)]);
}

/** The build manifest of the app built into `dist`, with a hint to build when it is not there. */
export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`No build manifest at ${file}: build the portal first (pnpm build)`);
  }
  return JSON.parse(text) as Manifest;
}
