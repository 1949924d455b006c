/**
 * Route-aware preloads for the built web app. The client router loads each route's code lazily, so a page
 * opened by its address would fetch the entry, run it, and only then ask for the route's chunks: a second
 * round trip before the first paint. Vite's manifest (`.vite/manifest.json`, written by the build) names
 * each route file's chunks and what they import, so the server can list them in the page it sends, as
 * `<link rel="modulepreload">`, and the browser fetches them beside the entry.
 *
 * File routes map to addresses as the router's file convention does: `__root.tsx` and every `route.tsx`
 * on the way wrap the page; `index.tsx` is its folder's own page; `$name` matches one segment.
 */

/** The part of a Vite manifest entry read here. */
export interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

interface RouteFile {
  /** The route's segments (`['account', 'verify', '$email']`); a layout's are its folder's. */
  readonly segments: readonly string[];
  readonly layout: boolean;
  /** Manifest keys of its lazily loaded parts that render the page (not its error or not-found views). */
  readonly keys: string[];
}

const ROUTE_KEY = /^src\/routes\/(.+)\.tsx\?tsr-split=(.+)$/u;
/** Split parts that an error or a missing page needs, never a normal visit. */
const RARE_PARTS = new Set(['errorComponent', 'notFoundComponent']);

function routeFiles(manifest: Manifest): RouteFile[] {
  const byPath = new Map<string, RouteFile>();
  for (const key of Object.keys(manifest)) {
    const match = ROUTE_KEY.exec(key);
    if (!match) continue;
    const [, file = '', parts = ''] = match;
    if (parts.split('---').every((part) => RARE_PARTS.has(part))) continue;
    let route = byPath.get(file);
    if (!route) {
      const segments = file.split('/');
      const last = segments.pop() ?? '';
      const layout = last === 'route' || last === '__root';
      if (!layout && last !== 'index') segments.push(last);
      route = { segments, layout, keys: [] };
      byPath.set(file, route);
    }
    route.keys.push(key);
  }
  return [...byPath.values()];
}

const segmentMatches = (pattern: string, segment: string) => pattern.startsWith('$') || pattern === segment;

/** Whether the route applies to the page at `segments`: a layout to every page under it, a page to itself. */
function applies(route: RouteFile, segments: readonly string[]) {
  if (route.layout ? route.segments.length > segments.length : route.segments.length !== segments.length) {
    return false;
  }
  return route.segments.every((pattern, index) => segmentMatches(pattern, segments[index] ?? ''));
}

/** Every file a chunk loads, itself first, through its static imports. */
function closure(manifest: Manifest, keys: readonly string[], into: Set<string>) {
  const stack = [...keys];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const key = stack.pop() ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    into.add(chunk.file);
    stack.push(...(chunk.imports ?? []));
  }
}

/**
 * `preloadsFor(pathname)` → the asset files (as `assets/x.js`, relative to the app's base) that the page at
 * `pathname` (relative to the base, such as `/account/login`) loads before its first paint, beyond what
 * the entry already loads. Unknown pages get none.
 */
export function routePreloads(manifest: Manifest): (pathname: string) => readonly string[] {
  const routes = routeFiles(manifest);
  const entryFiles = new Set<string>();
  closure(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true),
    entryFiles,
  );
  return (pathname) => {
    const segments = pathname.split('/').filter((segment) => segment !== '');
    const matched = routes.filter((route) => applies(route, segments));
    // A page is known when a route other than a layout matched.
    if (!matched.some((route) => !route.layout)) return [];
    const files = new Set<string>();
    closure(
      manifest,
      matched.flatMap((route) => route.keys),
      files,
    );
    return [...files].filter((file) => !entryFiles.has(file)).sort();
  };
}

/** `<link rel="modulepreload">` tags for `files` under `base` (such as `/wp-user/`), as Vite writes its own. */
export function preloadTags(base: string, files: readonly string[]) {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`).join('');
}
