/**
 * The build settings of the portal, shared with the benchmark's reference app and the demo so that all are
 * built the same way: base path and plugins (file routes with automatic code splitting, React, Tailwind, and
 * each script and style sheet also written compressed, as `.br` and `.gz` beside it, for the server to send as
 * it is: decision 0049; each page's style sheets named before its scripts: decision 0050; each script marked
 * to be compiled as it downloads: decision 0056).
 * The router's automatic code splitting is the one way the portal defers code: each route's page loads
 * with the route.
 */
import path from 'node:path';
import { constants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { stylesheetsFirst } from './scripts/stylesheets-first.ts';

export const BASE = '/wp-user/';

/**
 * The Vite config of an app whose sources live in `<root>/src` with file routes in `<root>/src/routes`.
 * `compressed: false` for a build whose files no browser fetches (the prerender's server bundle).
 */
export function portalViteConfig(root: string, { compressed = true }: { compressed?: boolean } = {}): UserConfig {
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
      // Each page names its style sheet before its scripts: the first paint waits for it alone (decision 0050).
      stylesheetsFirst(),
      // Compressed once, at the highest levels, rather than on each request at a level fast enough for that.
      compressed &&
        compression({
          include: /\.(?:js|css)$/u,
          algorithms: [
            defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            defineAlgorithm('gzip', { level: 9 }),
          ],
        }),
    ],
    resolve: { alias: { '@': src } },
    build: {
      // The bundler folds shared chunks under 32 kB into the chunks that use them (decision 0027): a page
      // then fetches less than half as many files, which over HTTP/1.1's six connections a host means fewer
      // round trips before it renders, and fewer bytes. Route chunks carry a little duplicated code.
      rolldownOptions: {
        preserveEntrySignatures: false,
        output: {
          codeSplitting: { experimentalInlineCommonChunks: { maxSize: 32 * 1024 } },
          // V8's explicit compile hint, after minification (which drops comments): a chunk loads only when its
          // page is about to run it, so Chromium compiles its functions on the thread that downloads it rather
          // than one by one on the main thread as they are first called (decision 0056).
          postBanner: '//# allFunctionsCalledOnLoad',
        },
      },
    },
  };
}
