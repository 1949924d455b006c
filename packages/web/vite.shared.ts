/**
 * The build settings of the portal, shared with the benchmark's reference app so that both are built the
 * same way: base path, plugins (file routes with automatic code splitting, React, Tailwind) and output.
 */
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Rolldown, UserConfig } from 'vite';

export const BASE = '/wp-user/';

/**
 * zod, the contract's schemas and the forms' rules: loaded after the first paint (decision 0012), in chunks
 * that the API client's background load runs one after another (lib/api.ts): zod, the contract's reply
 * shapes, then the rest of the contract.
 */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/u;
const CONTRACT_SHAPES = /[\\/]packages[\\/]contract[\\/]src[\\/](?:fields|files|replies|operation)\.ts$/u;
const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/](?!api-error)/u;
const FORM_SCHEMAS = /[\\/]src[\\/]lib[\\/]form-rules|form-schemas/u;

/** The libraries every page runs: React, the router, Query and the class-name helpers. */
const CORE_LIBRARIES =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(react|react-dom|scheduler|@tanstack[\\/][^\\/]+|use-sync-external-store|clsx|class-variance-authority)[\\/]/u;

/** The app shell: the entry, the UI kit and the app-wide components most pages render (under `src`). */
const SHELL_ROOTS = [
  'main.tsx',
  ...['button', 'card', 'checkbox', 'form-fields', 'input', 'label', 'slot', 'text-link', 'toast'].map(
    (name) => `components/ui/${name}.tsx`,
  ),
  ...['app-states', 'brand', 'route-errors', 'user-avatar'].map((name) => `components/${name}.tsx`),
];
const LIBRARY = /[\\/]node_modules[\\/]/u;
/** Icons are imported one module each (`lucide-react/icons/x`), so the shell takes only those it draws. */
const ICONS = /[\\/]lucide-react[\\/]/u;
/**
 * The route tree and the route files. Their imports (as the bundler lists them, before tree shaking) include
 * what only their lazily loaded parts use, so the walk below stops at them; the entry chunk keeps them.
 */
const ROUTE_FILE = /[\\/]src[\\/](routeTree\.gen\.ts|routes[\\/](?:[^-\\/][^\\/]*[\\/])*[^-\\/][^\\/]*\.tsx(\?.*)?)$/u;

/**
 * The `core` chunk: the libraries above and the app shell with everything it imports, statically and
 * transitively (the icons it draws included). Every page needs it before its first paint, and one file
 * loads and compresses better than the score of small shared chunks the bundler would cut it into, each
 * with its own request and import glue. The shell is closed under static imports, so no other chunk is
 * imported by it: no cycle between chunks, whose modules could then run before what they use.
 */
/** Every module that `roots` import, statically and transitively, libraries left out but for the icons. */
function closure(ctx: Rolldown.ChunkingContext, roots: readonly string[]) {
  const found = new Set<string>();
  const stack = roots.filter((id) => ctx.getModuleInfo(id) !== null);
  while (stack.length > 0) {
    const id = stack.pop() ?? '';
    if (found.has(id)) continue;
    found.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) {
      if ((!LIBRARY.test(imported) || ICONS.test(imported)) && !ROUTE_FILE.test(imported)) stack.push(imported);
    }
  }
  return found;
}

function coreChunk(src: string) {
  let shell: Set<string> | undefined;
  return (id: string, ctx: Rolldown.ChunkingContext) => {
    if (!shell) {
      shell = closure(
        ctx,
        SHELL_ROOTS.map((root) => path.join(src, root)),
      );
      // The entry module itself stays the entry chunk.
      shell.delete(path.join(src, 'main.tsx'));
    }
    return shell.has(id) || CORE_LIBRARIES.test(id) ? 'core' : null;
  };
}

/**
 * The `dashboard` chunk: the signed-in pages' layout (menu, top bar, session guard) with what it imports,
 * the menu's icons included. Every signed-in page needs it; cut by the bundler, it was a score of small
 * files. Modules already in the core chunk stay there (that group comes first).
 */
function dashboardChunk(src: string) {
  let layout: Set<string> | undefined;
  const route = path.join(src, 'routes', 'dashboard', 'route.tsx');
  return (id: string, ctx: Rolldown.ChunkingContext) => {
    layout ??= closure(
      ctx,
      (ctx.getModuleInfo(route)?.dynamicallyImportedIds ?? []).filter((part) =>
        /[?&]tsr-split=(.*-)?component\b/u.test(part),
      ),
    );
    return layout.has(id) ? 'dashboard' : null;
  };
}

/** The Vite config of an app whose sources live in `<root>/src` with file routes in `<root>/src/routes`. */
export function portalViteConfig(root: string): UserConfig {
  const src = path.join(root, 'src');
  return {
    root,
    base: BASE,
    plugins: [
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        codeSplittingOptions: {
          defaultBehavior: [['loader', 'component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
        },
        routesDirectory: path.join(src, 'routes'),
        generatedRouteTree: path.join(src, 'routeTree.gen.ts'),
        // Tests stand beside the route files and are no routes.
        routeFileIgnorePattern: '\\.test\\.tsx?$',
      }),
      react(),
      tailwindcss(),
    ],
    resolve: { alias: { '@': src } },
    build: {
      modulePreload: {
        // The toast area loads when the browser is idle (or with the first toast): its few imports are
        // fetched as the browser finds them, rather than announced first by a script-made <link> each,
        // which costs the main thread a few milliseconds per link while DevTools (and Lighthouse) watch.
        resolveDependencies: (file, deps) => (file.includes('toast-region') ? [] : deps),
      },
      // The server reads it to preload each page's route chunks with the page (mock-server http/route-preloads).
      manifest: true,
      rolldownOptions: {
        output: {
          // zod, the contract's schemas and the forms' rules travel in chunks of their own that no page
          // needs before its first paint (without these groups, the bundler may fold them into the entry
          // chunk, since many lazily loaded routes share them).
          codeSplitting: {
            // Without this, a group would also take what its modules import, such as the contract's
            // dependency-free error type that every page uses. `maxSize` (source bytes) cuts zod into
            // chunks of at most about 15 kB gzip, which load side by side.
            includeDependenciesRecursively: false,
            groups: [
              { name: 'zod', test: ZOD, maxSize: 300_000 },
              { name: 'contract-shapes', test: CONTRACT_SHAPES },
              { name: 'contract', test: CONTRACT },
              { name: 'schemas', test: FORM_SCHEMAS },
              { name: coreChunk(src), debugName: 'core' },
              { name: 'core', tags: ['$initial'] },
              { name: dashboardChunk(src), debugName: 'dashboard' },
            ],
          },
        },
      },
    },
  };
}
