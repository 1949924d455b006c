/**
 * The build settings of the portal, shared with the benchmark's reference app so that both are built the
 * same way: base path, plugins (file routes with automatic code splitting, React, Tailwind) and output.
 */
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

export const BASE = '/wp-user/';

const SCHEMA_MODULES =
  /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/](?!api-error)|[\\/]src[\\/]lib[\\/]form-rules|form-schemas/u;

const FRAMEWORK_MODULES =
  /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(react|react-dom|scheduler|@tanstack[\\/][^\\/]+|use-sync-external-store|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs|primitive|label))[\\/]/u;

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
      // The server reads it to preload each page's route chunks with the page (mock-server http/route-preloads).
      manifest: true,
      rolldownOptions: {
        output: {
          // The contract's schemas, zod and the forms' rules travel together, in a chunk of their own that
          // no page needs before its first paint (without this group, the bundler may fold them into the
          // entry chunk, since many lazily loaded routes share them).
          codeSplitting: {
            // Without this, the group would also take what its modules import, such as the contract's
            // dependency-free error type that every page uses. `maxSize` (source bytes) cuts the group into
            // chunks of at most about 15 kB gzip, which load side by side.
            includeDependenciesRecursively: false,
            groups: [
              { name: 'schemas', test: SCHEMA_MODULES, maxSize: 300_000 },
              { name: 'framework', test: FRAMEWORK_MODULES },
            ],
          },
        },
      },
    },
  };
}
