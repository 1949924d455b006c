/**
 * The demo build: the web app's routes and styles, built with the portal's own settings
 * (`portalViteConfig` of packages/web), from this package's entry (index.html, src/main.ts), which
 * starts the bank in the page before the portal. Output: packages/demo/dist, to be served at /wp-user/.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { BASE, portalViteConfig } from '../web/vite.shared.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const webRoot = path.join(root, '..', 'web');
const portal = portalViteConfig(webRoot);

const WORKER = 'mockServiceWorker.js';

/** Mock Service Worker's script, served and built from the installed msw (so the two always match). */
function mswWorker(): Plugin {
  const source = () => readFileSync(createRequire(import.meta.url).resolve(`msw/${WORKER}`), 'utf8');
  return {
    name: 'ebank-demo:msw-worker',
    configureServer(server) {
      server.middlewares.use(`${BASE}${WORKER}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(source());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: WORKER, source: source() });
    },
  };
}

/**
 * Tailwind finds the classes in the files under Vite's root; the demo's root is this package, so the
 * portal's stylesheet is told to look in the web app too (in this build only).
 */
function webClasses(): Plugin {
  const styles = path.join(webRoot, 'src', 'styles.css');
  return {
    name: 'ebank-demo:web-classes',
    enforce: 'pre',
    transform(code, id) {
      if (path.normalize(id.split('?')[0] ?? id) !== styles) return null;
      return { code: `${code}\n@source ${JSON.stringify(webRoot)};\n`, map: null };
    },
  };
}

/**
 * A deep link (`/wp-user/dashboard`) has no file of its own. Many static hosts answer an unknown path
 * with the site's `404.html` (or, on some, `200.html`): both are the portal's index.html, so the portal
 * starts and its router shows the page asked for.
 */
function spaFallback(): Plugin {
  return {
    name: 'ebank-demo:spa-fallback',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? path.join(root, 'dist');
      for (const name of ['404.html', '200.html']) copyFileSync(path.join(dir, 'index.html'), path.join(dir, name));
    },
  };
}

export default defineConfig({
  ...portal,
  root,
  envDir: webRoot,
  publicDir: path.join(webRoot, 'public'),
  plugins: [webClasses(), ...(portal.plugins ?? []), mswWorker(), spaFallback()],
  build: { ...portal.build, outDir: path.join(root, 'dist'), emptyOutDir: true },
});
