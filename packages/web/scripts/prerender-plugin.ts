/**
 * The build's pages. After the client build:
 * - the pages in `src/prerender.tsx` are rendered to HTML and written as `dist/<page>/index.html`
 *   (`dist/account/login/index.html`), each a copy of `index.html` with the page's markup in `#root` and the
 *   same script tags (decision 0019). Any static host serves that file at the page's address
 *   (`/wp-user/account/login/`), so the browser paints the page before any script has run, and the client
 *   hydrates it;
 * - every other page the router has code for gets its own copy of `index.html` that also preloads the page's
 *   route code, read from Vite's build manifest (decision 0031): the browser then fetches it beside the
 *   entry's instead of after the entry has run. A prerendered page paints without its route code, which
 *   would only compete with its style sheet, so it preloads nothing more. The dashboard's pages also hold
 *   its waiting frame (`renderWaiting`): the frame and a line that the page is on its way, shown while the
 *   scripts load and then replaced by the client's render (decision 0051).
 *
 * The prerender module is built for the browser's module conditions, as the client is, so that the router
 * and React take the client's code paths, and runs in a Node process of its own (the router's browser
 * build names `self`, given there and nowhere else).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { MARKUP_END_ID, PRERENDERED_ATTRIBUTE } from '../src/prerender-marks.ts';
import { portalViteConfig } from '../vite.shared.ts';
import { pageAddresses, readManifest, routeFiles } from './page-js.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[^<]*<\/title>/u;
const BROWSER_CONDITIONS = ['browser', 'module', 'import', 'default'];

/** Run by the child process: renders every page, prints `{ page: html }` as JSON. */
const RENDER_ALL = `
globalThis.self = globalThis;
const { PRERENDERED_PAGES, renderPage, renderWaiting, WAITING_PAGES } = await import(process.env.PRERENDER_MODULE);
const pages = {};
for (const page of PRERENDERED_PAGES) pages[page] = await renderPage(page);
process.stdout.write(JSON.stringify({ pages, waiting: { under: WAITING_PAGES, html: renderWaiting() } }));
process.exit(0);
`;

/** The file of the prerendered page at `page` (`/account/login`), relative to the client's output folder. */
export const prerenderedFile = (page: string) => `${page.replace(/^\//u, '')}/index.html`;

/**
 * index.html with the page `rendered` for `page` in `#root`, named for it, and the page's title in the head. The
 * first paint waits for the whole markup (`MARKUP_END_ID`): a paint of a half-parsed page would move when the
 * rest arrived.
 */
export function prerenderedDocument(index: string, page: string, rendered: string) {
  if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  const wholeMarkup = `<link rel="expect" href="#${MARKUP_END_ID}" blocking="render">`;
  // The page's title, which React renders where the router's head content is (client-side, it moves it into
  // the head): here it takes the place of index.html's, so the tab is named before any script runs.
  const title = TITLE.exec(rendered)?.[0];
  const markup = title === undefined ? rendered : rendered.replace(title, '');
  return index
    .replace(TITLE, (own) => title ?? own)
    .replace('</head>', () => `  ${wholeMarkup}\n  </head>`)
    .replace(
      ROOT_ELEMENT,
      () =>
        `<div id="root" ${PRERENDERED_ATTRIBUTE}="${page}">${markup}</div><template id="${MARKUP_END_ID}"></template>`,
    );
}

/** A page's HTML that also preloads `files` (built JS, relative to the app's base address `base`). */
export function withModulePreloads(html: string, base: string, files: readonly string[]) {
  if (!html.includes('</head>')) throw new Error('The page has no </head>');
  const links = files
    .filter((file) => !html.includes(`href="${base}${file}"`))
    .map((file) => `  <link rel="modulepreload" crossorigin href="${base}${file}">\n  `)
    .join('');
  return html.replace('</head>', () => `${links}</head>`);
}

/**
 * index.html with `markup` in `#root` as it stands until the client renders: not a page to hydrate (no
 * page name), so the client renders its page in the markup's place.
 */
export function waitingDocument(index: string, markup: string) {
  if (!index.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`);
  return index.replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>`);
}

/** The waiting frame of the pages at and under an address (the dashboard's), rendered by the prerender. */
interface Waiting {
  readonly under: string;
  readonly html: string;
}

/**
 * Writes `<page>/index.html`, preloading the page's route code, for every page with route code that has
 * none; a page under `waiting.under` holds the waiting frame until the client renders.
 */
function writePagePreloads(outDir: string, base: string, waiting: Waiting) {
  const manifest = readManifest(outDir);
  const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  for (const address of pageAddresses(manifest)) {
    const file = path.join(outDir, prerenderedFile(address));
    if (existsSync(file)) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    const waits = address === waiting.under || address.startsWith(`${waiting.under}/`);
    const page = waits ? waitingDocument(index, waiting.html) : index;
    writeFileSync(file, withModulePreloads(page, base, routeFiles(manifest, address)));
  }
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
      if (!config.build.manifest)
        throw new Error('The pages preload their route code from the build manifest: set build.manifest');
    },
    async closeBundle() {
      const ssrOut = path.join(root, 'node_modules', '.prerender-build');
      const shared = portalViteConfig(root, { compressed: false });
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
        const rendered = JSON.parse(output.toString('utf8')) as {
          pages: Record<string, string>;
          waiting: Waiting;
        };
        const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        for (const [page, html] of Object.entries(rendered.pages)) {
          const file = path.join(outDir, prerenderedFile(page));
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, prerenderedDocument(index, page, html));
        }
        writePagePreloads(outDir, base, rendered.waiting);
      } finally {
        rmSync(ssrOut, { recursive: true, force: true });
      }
    },
  };
}
