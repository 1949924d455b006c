/**
 * The build's prerender (decision 0019): after the client build, the pages in `src/prerender.tsx` are
 * rendered to HTML and written beside it as `dist/.prerender/<page>.html`, each a copy of `index.html` with
 * the page's markup in `#root`. The mock server sends that copy for the page's address (mock-server
 * http/web-static), so the browser paints the page before any script has run, and the client hydrates it.
 *
 * The prerender module is built for the browser's module conditions, as the client is, so that the router
 * and React take the client's code paths, and runs in a Node process of its own (the router's browser
 * build names `self`, given there and nowhere else).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { MARKUP_END_ID, PRERENDERED_ATTRIBUTE, START_TEMPLATE_ID } from '../src/start-template';
import { portalViteConfig } from '../vite.shared';

/** Where the pages go, under the client's output folder; a dot-folder, which the server never serves as is. */
export const PRERENDER_DIR = '.prerender';
const ROOT_ELEMENT = '<div id="root"></div>';
const BROWSER_CONDITIONS = ['browser', 'module', 'import', 'default'];

/** Run by the child process: renders every page, prints `{ page: html }` as JSON. */
const RENDER_ALL = `
globalThis.self = globalThis;
const { PRERENDERED_PAGES, renderPage } = await import(process.env.PRERENDER_MODULE);
const pages = {};
for (const page of PRERENDERED_PAGES) pages[page] = await renderPage(page);
process.stdout.write(JSON.stringify(pages));
process.exit(0);
`;

/** The file of the prerendered page at `page` (`/account/login`), relative to the client's output folder. */
export const prerenderedFile = (page: string) => `${PRERENDER_DIR}${page}.html`;

/** The page's own scripts and preloads (Vite's tags in the head of index.html). */
const SCRIPT_TAGS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/gu;

/**
 * index.html with `markup` in `#root` and its scripts held back in the start template, which `boot` (the
 * built `src/boot.ts`) puts into the page after its first paint. That paint waits for the whole markup
 * (`MARKUP_END_ID`).
 */
export function prerenderedDocument(index: string, page: string, markup: string, boot: string) {
  if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  const scripts = (index.match(SCRIPT_TAGS) ?? []).map((tag) => tag.trim());
  if (scripts.length === 0) throw new Error('index.html loads no script');
  const start = `<template id="${START_TEMPLATE_ID}">${scripts.join('')}</template>`;
  const bootTag = `<script type="module" crossorigin src="${boot}"></script>`;
  const wholeMarkup = `<link rel="expect" href="#${MARKUP_END_ID}" blocking="render">`;
  return index
    .replace(SCRIPT_TAGS, '')
    .replace('</head>', () => `  ${wholeMarkup}\n    ${bootTag}\n    ${start}\n  </head>`)
    .replace(
      ROOT_ELEMENT,
      () =>
        `<div id="root" ${PRERENDERED_ATTRIBUTE}="${page}">${markup}</div><template id="${MARKUP_END_ID}"></template>`,
    );
}

/**
 * Builds `src/boot.ts` on its own into `<outDir>/assets/boot-<hash>.js`, apart from the app's build, whose
 * chunk groups would fold a second entry into the shared chunks; gives the file's name under `outDir`.
 */
async function buildBoot(root: string, outDir: string) {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      manifest: false,
      modulePreload: false,
      rolldownOptions: {
        input: path.join(root, 'src', 'boot.ts'),
        output: { entryFileNames: 'assets/boot-[hash].js' },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((file) => file.type === 'chunk' && file.isEntry);
    if (chunk) return chunk.fileName;
  }
  throw new Error('The boot script was not built');
}

export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  return {
    name: 'ebank:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    async closeBundle() {
      const bootFile = await buildBoot(root, outDir);
      const ssrOut = path.join(root, 'node_modules', '.prerender-build');
      const shared = portalViteConfig(root);
      await build({
        ...shared,
        configFile: false,
        logLevel: 'warn',
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        resolve: { ...shared.resolve, conditions: BROWSER_CONDITIONS },
        ssr: { noExternal: true, target: 'node', resolve: { conditions: BROWSER_CONDITIONS } },
        build: { ssr: path.join(root, 'src', 'prerender.tsx'), outDir: ssrOut, emptyOutDir: true, minify: false },
      });
      try {
        const output = execFileSync(process.execPath, ['--input-type=module', '-e', RENDER_ALL], {
          env: { ...process.env, PRERENDER_MODULE: pathToFileURL(path.join(ssrOut, 'prerender.js')).href },
          maxBuffer: 64 * 1024 * 1024,
        });
        const pages = JSON.parse(output.toString('utf8')) as Record<string, string>;
        const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        rmSync(path.join(outDir, PRERENDER_DIR), { recursive: true, force: true });
        for (const [page, html] of Object.entries(pages)) {
          const file = path.join(outDir, prerenderedFile(page));
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, prerenderedDocument(index, page, html, `${base}${bootFile}`));
        }
      } finally {
        rmSync(ssrOut, { recursive: true, force: true });
      }
    },
  };
}
