/**
 * The build settings of the portal, shared with the benchmark's reference app and the demo so that all are
 * built the same way: base path and plugins (file routes with automatic code splitting, React, Tailwind).
 * The router's automatic code splitting is the one way the portal defers code: each route's page loads
 * with the route.
 */
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

export const BASE = '/wp-user/';

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
      // The bundler folds shared chunks under 4 kB into the chunks that use them (decision 0027): a page
      // then fetches about half as many files, which over HTTP/1.1's six connections a host means fewer
      // round trips before it renders. It costs a little duplicated code.
      rolldownOptions: {
        preserveEntrySignatures: false,
        output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4 * 1024 } } },
      },
    },
  };
}
