/**
 * The server's sandbox endpoints (sandboxes.ts): list, make and remove sandboxes, say which bank a request
 * reaches, start a visitor's own sandbox over, and the link that puts a browser in a sandbox. Server only:
 * the in-browser demo's bank already belongs to one browser.
 *
 * Also here: how a request picks its bank (the `X-Mock-Sandbox` header, else the `mock_sandbox` cookie,
 * else the default bank), and how a browser that opens the portal gets a sandbox of its own when the
 * server gives one per visitor.
 */
import { parse as parseCookies } from 'cookie';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { SANDBOX_COOKIE, SANDBOX_HEADER, SANDBOX_NAME, staffContract } from '@ebank/contract';
import { jsonReply, NO_STORE, resultOfError, sendError, sendReply } from './reply';
import { staffEndpoint, type StaffEndpoint } from './staff-endpoint';
import { checkedName, Sandbox, type Sandboxes } from './sandboxes';
import { uploadReply } from './dev-endpoints';
import { staffBodyParsers } from './staff';
import { uploadPath } from './staff-state';
import { BankError, refuse } from '../bank/errors';

/** Where the portal is. */
const PORTAL_PATH = '/wp-user/';

/** What a sandbox endpoint acts on: the server's sandboxes, and the request's own. */
export interface SandboxHost {
  readonly sandboxes: Sandboxes;
  readonly sandbox: Sandbox;
}

/** The request's sandbox, as the picker left it (the default bank before it ran). */
export const sandboxOf = (res: Response, sandboxes: Sandboxes): Sandbox => {
  const picked: unknown = res.locals.sandbox;
  return picked instanceof Sandbox ? picked : sandboxes.byDefault;
};

/** The sandbox a request names: by header (a bad name is a 400), else by cookie (a bad one is ignored). */
function namedSandbox(req: Request): { readonly name: string; readonly byCookie: boolean } | undefined {
  const header = req.headers[SANDBOX_HEADER.toLowerCase()];
  if (header !== undefined) {
    const value = Array.isArray(header) ? header.join(',') : header;
    return { name: checkedName(value.trim(), SANDBOX_HEADER), byCookie: false };
  }
  const name = cookieSandbox(req);
  return name === undefined ? undefined : { name, byCookie: true };
}

/** The sandbox the browser's cookie keeps it in, whatever the header says (a bad name counts as none). */
export function cookieSandbox(req: Request): string | undefined {
  const cookies = req.headers.cookie;
  if (!cookies?.includes(SANDBOX_COOKIE)) return undefined;
  const name = parseCookies(cookies)[SANDBOX_COOKIE];
  return name !== undefined && SANDBOX_NAME.test(name) ? name : undefined;
}

/** The name of the sandbox a request names, without checking it (undefined when it names none or a bad one). */
export function sandboxNamed(req: Request): string | undefined {
  try {
    return namedSandbox(req)?.name;
  } catch {
    return undefined;
  }
}

/**
 * Puts the request's sandbox in `res.locals.sandbox` (made at its first use), or leaves the default bank.
 * With neither header nor cookie it answers at once, without waiting: the API's calls pass here.
 */
export function pickSandbox(sandboxes: Sandboxes): RequestHandler {
  return (req, res, next) => {
    let named;
    try {
      named = namedSandbox(req);
    } catch (error) {
      next(error);
      return;
    }
    if (named === undefined) {
      next();
      return;
    }
    // A cookie of a sandbox that has gone brings back a fresh one, for the same visitor.
    const perVisitor = named.byCookie && sandboxes.limits.perVisitor;
    sandboxes.use(named.name, { perVisitor, client: req.socket.remoteAddress }).then((sandbox) => {
      res.locals.sandbox = sandbox;
      next();
    }, next);
  };
}

/** Sets the cookie that keeps a browser in a sandbox (readable by the portal, which says so: decision 0043). */
function setSandboxCookie(req: Request, res: Response, name: string) {
  res.cookie(SANDBOX_COOKIE, name, { path: '/', sameSite: 'lax', secure: req.secure, httpOnly: false });
}

/**
 * MOCK_SANDBOX_PER_VISITOR: a browser that opens a page of the portal without a sandbox gets a new one of
 * its own, and the cookie that keeps it there. Only page loads: the portal's files need no bank.
 */
export function sandboxPerVisitor(sandboxes: Sandboxes): RequestHandler {
  return (req, res, next) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      (req.headers['sec-fetch-dest'] === 'document' || (req.headers.accept ?? '').includes('text/html'));
    if (!isPage || req.path.toLowerCase().replace(/\/$/u, '') === BUSY_PAGE) {
      next();
      return;
    }
    let named;
    try {
      named = namedSandbox(req);
    } catch (error) {
      next(error);
      return;
    }
    const client = req.socket.remoteAddress;
    // A refusal thrown at once (the limits) and one that comes later are both a rejection.
    const sandbox = (async () =>
      named ? sandboxes.use(named.name, { perVisitor: named.byCookie, client }) : sandboxes.forVisitor(client))();
    sandbox.then(
      (made) => {
        if (!named) setSandboxCookie(req, res, made.name ?? '');
        next();
      },
      (error: unknown) => {
        // No bank to give (every sandbox in use, or this address holds its share): a page of the portal
        // says so to the visitor, in place of the developer's JSON error.
        const reason = busyReason(error);
        if (reason === undefined) {
          next(error);
          return;
        }
        sendToBusyPage(res, { reason, from: req.originalUrl, minutes: sandboxes.limits.idleMinutes });
      },
    );
  };
}

/** The portal's page that tells a visitor no bank of their own can be made now (it needs none itself). */
const BUSY_PAGE = '/busy';

/** Why no sandbox could be made for a visitor, as the busy page names it; undefined for any other error. */
/**
 * Sends a visitor the server has no bank for to the portal's page that says why (busy.tsx), which offers
 * `from` (the page asked for, or the sandbox link followed) again.
 */
function sendToBusyPage(
  res: Response,
  { reason, from, minutes }: { readonly reason: 'full' | 'address'; readonly from: string; readonly minutes: number },
) {
  const search = new URLSearchParams({ reason, from, minutes: String(minutes) });
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(303, `${PORTAL_PATH}${BUSY_PAGE.slice(1)}?${search.toString()}`);
}

function busyReason(error: unknown): 'full' | 'address' | undefined {
  if (!(error instanceof BankError)) return undefined;
  if (error.code === 'unavailable') return 'full';
  if (error.code === 'rate_limited') return 'address';
  return undefined;
}

/** The sandbox endpoints of the staff contract. */
const endpoints = {
  listSandboxes: staffEndpoint(staffContract.listSandboxes, { headers: NO_STORE })(({ sandboxes }: SandboxHost) =>
    Promise.resolve({
      status: 200,
      body: {
        sandboxes: sandboxes.list().map((sandbox) => sandboxes.summary(sandbox)),
        max: sandboxes.limits.max,
        idleMinutes: sandboxes.limits.idleMinutes,
        perVisitor: sandboxes.limits.perVisitor,
        startFrom: sandboxes.byDefault.snapshots.list().map((snapshot) => snapshot.name),
      },
    }),
  ),
  createSandbox: staffEndpoint(staffContract.createSandbox)(async ({ sandboxes }: SandboxHost, { body }) => ({
    status: 201,
    body: sandboxes.record(await sandboxes.create(body)),
  })),
  deleteSandbox: staffEndpoint(staffContract.deleteSandbox)(({ sandboxes }: SandboxHost, { params }) => {
    sandboxes.remove(params.name);
    return Promise.resolve({ status: 200, body: { ok: true, name: params.name } });
  }),
  currentSandbox: staffEndpoint(staffContract.currentSandbox, { headers: NO_STORE })(
    ({ sandboxes, sandbox }: SandboxHost) => Promise.resolve({ status: 200, body: sandboxes.current(sandbox) }),
  ),
  startOver: staffEndpoint(staffContract.startOver)(async ({ sandboxes, sandbox }: SandboxHost) => {
    await sandboxes.startOver(sandbox);
    return { status: 200, body: sandboxes.current(sandbox) };
  }),
} satisfies Record<string, StaffEndpoint<SandboxHost>>;

/** The Express route method for each method of an endpoint. */
const VERBS = { GET: 'get', POST: 'post', DELETE: 'delete' } as const;

/** The sandbox endpoints and the link that opens one, mounted on the app (after the picker). */
export function sandboxRouter(sandboxes: Sandboxes): Router {
  const router = express.Router();
  router.use(staffContract.createSandbox.path, staffBodyParsers());
  for (const endpoint of Object.values(endpoints)) {
    router[VERBS[endpoint.method]](endpoint.path, async (req, res) => {
      const host = { sandboxes, sandbox: sandboxOf(res, sandboxes) };
      const body: unknown = req.body;
      try {
        sendReply(res, jsonReply(await endpoint.answer(host, { params: req.params, query: req.query, body })));
      } catch (error) {
        sendReply(res, jsonReply(resultOfError(error)));
      }
    });
  }
  // A sandbox's uploaded images, for the admin area acting on it (staff-state.ts names them so).
  router.get(UPLOAD_PATH, (req, res) => {
    try {
      const { name, id } = req.params;
      const sandbox = typeof name === 'string' ? sandboxes.find(checkedName(name, 'name')) : undefined;
      if (!sandbox || typeof id !== 'string') refuse('not_found', 'No such upload');
      sendReply(res, uploadReply(sandbox.bank(), id));
    } catch (error) {
      sendReply(res, jsonReply(resultOfError(error)));
    }
  });
  // A link demo staff can send: this browser goes into the sandbox (made if need be), then to the portal.
  router.get(OPEN_PATH, async (req, res) => {
    if (!isOpenedByTheVisitor(req)) {
      sendError(
        res,
        403,
        'A sandbox link only opens as a page of its own: open it in the address bar or from a link.',
        'forbidden_embedding',
      );
      return;
    }
    try {
      const name = checkedName(req.params.name, 'name');
      await sandboxes.use(name);
      setSandboxCookie(req, res, name);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(PORTAL_PATH);
    } catch (error) {
      // A person who followed the link is told on a page of the portal; a script gets the JSON error.
      const reason = busyReason(error);
      if (reason !== undefined && (req.headers.accept ?? '').includes('text/html')) {
        sendToBusyPage(res, { reason, from: req.originalUrl, minutes: sandboxes.limits.idleMinutes });
        return;
      }
      sendReply(res, jsonReply(resultOfError(error)));
    }
  });
  return router;
}

/**
 * Whether the open link was followed as a page (a link clicked, an address typed), not loaded by another
 * page as an image, a frame or a script: such a load would put the visitor's browser in a sandbox of that
 * page's choosing, whose name it knows. A browser says how it loads with `Sec-Fetch-Dest` and
 * `Sec-Fetch-Mode`; a script or an older browser sends neither and is taken at its word.
 */
function isOpenedByTheVisitor(req: Request): boolean {
  const dest = req.headers['sec-fetch-dest'];
  const mode = req.headers['sec-fetch-mode'];
  return (dest === undefined || dest === 'document') && (mode === undefined || mode === 'navigate');
}

/** The link that opens a sandbox in a browser. */
export const OPEN_PATH = '/__mock/sandboxes/:name/open';

/** Where a sandbox's uploaded images are (staff-state.ts `uploadPath`). */
const UPLOAD_PATH = uploadPath(':id', ':name');
