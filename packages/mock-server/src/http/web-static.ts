/**
 * Serves the built web app at /wp-user/: a script or style sheet as the build compressed it (`.br` or `.gz`
 * beside it, sent by `express-static-gzip` as the browser asks: decision 0049), anything else compressed on the
 * way (`compression`). Vite names the files under `assets/` by their content hash: they are cached for a
 * year and immutable; everything else (the HTML) is revalidated. An address that is no file is a page
 * of the client router: it gets the page the build prerendered for it (`<path>/index.html`) when
 * there is one, else index.html.
 */
import { existsSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express from 'express';
import expressStaticGzip from 'express-static-gzip';
import { sendError } from './reply';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The router for the built web app in `root` (a folder with index.html), served at /wp-user/. */
export function webApp(root: string): express.Router {
  const base = path.resolve(root);
  const assets = path.join(base, 'assets') + path.sep;

  const router = express.Router();
  // Passes over a reply that already has its encoding (a file compressed by the build).
  router.use(compression());
  router.use(
    expressStaticGzip(base, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      // A folder's page is answered below, at its address without a trailing slash too.
      index: false,
      serveStatic: {
        // Build metadata (`.vite/manifest.json`) and other dot-files are no part of the site.
        dotfiles: 'ignore',
        etag: false,
        index: false,
        redirect: false,
        cacheControl: false,
        setHeaders: (res: ServerResponse, file: string) => {
          res.setHeader('Cache-Control', file.startsWith(assets) ? IMMUTABLE : 'no-cache');
        },
      },
    }),
  );

  /** The prerendered page for an address (`/account/login` → `account/login/index.html`), if the build made one. */
  const pageFile = (relative: string): string | undefined => {
    const file = path.join(base, relative, 'index.html');
    // Never outside the web root.
    if (!file.startsWith(base + path.sep)) return undefined;
    try {
      return statSync(file).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  };

  router.get(/.*/u, (req, res) => {
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      relative = '/';
    }
    // A dot-folder, a missing hashed asset (an old tab after a deploy): a 404, never index.html under a script's name.
    const segments = relative.split('/');
    if (segments.some((segment) => segment.startsWith('.')) || segments[1] === 'assets') {
      sendError(res, 404, `Nothing at ${req.path}`, 'not_found');
      return;
    }
    const file = pageFile(relative) ?? path.join(base, 'index.html');
    if (!existsSync(file)) {
      sendError(res, 404, 'The web app is not built', 'not_found');
      return;
    }
    res.set('Cache-Control', 'no-cache');
    res.sendFile(file, { dotfiles: 'deny', etag: false, cacheControl: false });
  });
  return router;
}

/**
 * The portal served elsewhere (`MOCK_PORTAL_URL`, the dev server's address while working on it): a page asked
 * for at /wp-user/ here, as links in the bank's e-mails and the sandboxes' "open" links ask, goes to the same
 * path there (302), so nobody works on a stale build by mistake. `portalUrl` ends at the portal's base path.
 */
export function portalElsewhere(portalUrl: string): express.RequestHandler {
  const base = portalUrl.replace(/\/+$/u, '');
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    // `req.url` is the path after /wp-user, from its `/`: the target stays on the portal's origin.
    res.redirect(302, `${base}${req.url}`);
  };
}
