/**
 * Who may reach the server, and its developer endpoints (docs/decisions/0032-safe-by-default.md):
 * - every request must name an allowed host (a DNS-rebinding page names its own);
 * - a state-changing developer request that a browser marks as sent from another site is refused;
 * - with a staff key, the developer endpoints need it, or a signed-in admin's token.
 * Each refusal is a JSON error that changes nothing.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { Request, RequestHandler } from 'express';
import { SANDBOX_HEADER } from '@ebank/contract';
import type { StaffKeyCheck } from '../bank/context';
import { BankError } from '../bank/errors';
import { cookieSandbox, sandboxNamed } from './dev-sandboxes';
import type { Sandboxes } from './sandboxes';
import { sendError } from './reply';

/** The names of this machine: a browser on it reaches the server by any of them. */
export const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '::1'];

/**
 * Whether a listening address, a client's address or a host name is this machine only (`localhost`,
 * 127.0.0.0/8, ::1; an IPv4 address as a dual-stack socket gives it, `::ffff:127.0.0.1`, too).
 */
export function isLoopback(host: string): boolean {
  const name = bare(host).replace(/^::ffff:(?=\d+\.)/u, '');
  if (name === 'localhost' || name.endsWith('.localhost') || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

/** A host name in lower case without its port or an IPv6 address's brackets. */
function bare(host: string): string {
  const name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    return name.slice(1, end < 0 ? undefined : end);
  }
  // An IPv6 address without brackets has several colons and no port.
  return name.split(':').length === 2 ? (name.split(':')[0] ?? name) : name;
}

/**
 * Whether a request's `Host` names this server: a loopback name, an IP address (a rebinding page cannot
 * name one), or one of `allowed` (an entry starting with a dot allows its subdomains, as Vite's
 * `server.allowedHosts` does). A request without `Host` (HTTP/1.0, no browser) passes.
 */
export function isAllowedHost(host: string | undefined, allowed: readonly string[]): boolean {
  if (host === undefined || host === '') return true;
  const name = bare(host);
  if (isLoopback(name) || isIP(name) !== 0) return true;
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase();
    return rule.startsWith('.') ? name === rule.slice(1) || name.endsWith(rule) : name === bare(rule);
  });
}

/** Refuses a request whose `Host` is not allowed (403). */
export function hostCheck(allowed: readonly string[]): RequestHandler {
  /** The answer for each `Host` seen (a client sends the same one on every request), up to 64 of them. */
  const seen = new Map<string | undefined, boolean>();
  const allows = (host: string | undefined) => {
    let answer = seen.get(host);
    if (answer === undefined) {
      answer = isAllowedHost(host, allowed);
      if (seen.size >= 64) seen.clear();
      seen.set(host, answer);
    }
    return answer;
  };
  return (req, res, next) => {
    if (allows(req.headers.host)) {
      next();
      return;
    }
    sendError(
      res,
      403,
      'This server does not answer for that host name. Add it to MOCK_ALLOWED_HOSTS to allow it.',
      'forbidden_host',
    );
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser marked the request as sent by a page of another site or origin, as Go's
 * `http.CrossOriginProtection` decides: a browser's `Sec-Fetch-Site` is trusted when present (`same-origin`
 * and `none`, typed by the user, pass; `same-site`, which includes another port of this machine, and
 * `cross-site` do not); without it, an `Origin` whose host is neither the request's `Host` nor one of
 * `ownHosts` is from elsewhere. Scripts send neither header. (The portal's dev server forwards its pages'
 * requests with its own `Origin` and `same-origin`: they pass.)
 */
export function isFromElsewhere(req: Request, ownHosts: readonly string[]): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (!URL.canParse(origin)) return true; // `null` (a sandboxed frame, a file) or garbage
  const { host } = new URL(origin);
  return host !== req.headers.host?.toLowerCase() && !ownHosts.includes(host);
}

/** Refuses a state-changing request that a browser sent from another site (403). */
export function sameSiteWrites(ownHosts: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || !isFromElsewhere(req, ownHosts)) {
      next();
      return;
    }
    sendError(res, 403, 'Developer endpoints only take changes from this server’s own pages.', 'forbidden_origin');
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Tells the staff key: a secret's digest compared with the key's in constant time (the digests have one
 * length whatever the secret's). Only the key's digest is kept.
 */
export function staffKeyCheck(staffKey: string): StaffKeyCheck {
  const key = digest(staffKey);
  return (secret) => timingSafeEqual(digest(secret), key);
}

/**
 * The developer endpoints that stay open with a staff key: health, uploaded pictures (a sandbox's too), the staff address,
 * which only leads to the portal's admin area (where staff sign in), what a visitor does with the
 * sandbox the request names (see it, start it over, open its link), and the outbox of a visitor's own
 * sandbox (`isOwnOutbox`).
 */
function isOpenWithKey(req: Request, sandboxes: Sandboxes): boolean {
  // A visitor's 'Start over' of the sandbox the request names (never the default bank's reset).
  if (req.method === 'POST') return req.path.toLowerCase().replace(/(?<=.)\/$/u, '') === '/sandbox/start-over';
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  // Mounted at /__mock: `req.path` is the rest, matched as Express matches routes (any case, trailing slash).
  const path = req.path.toLowerCase().replace(/(?<=.)\/$/u, '');
  return (
    path === '/health' ||
    path.startsWith('/uploads/') ||
    /^\/sandboxes\/[^/]+\/uploads\/[^/]+$/u.test(path) ||
    path === '/staff' ||
    // Which bank this browser reaches, and the link into a sandbox (its name is the key to it).
    path === '/sandbox' ||
    /^\/sandboxes\/[^/]+\/open$/u.test(path) ||
    (path === '/outbox' && isOwnOutbox(req, sandboxes))
  );
}

/**
 * Whether a request reads the outbox of the browser's own sandbox, one per visitor: the sandbox its cookie
 * keeps it in, made for that visitor (`MOCK_SANDBOX_PER_VISITOR`), with no `X-Mock-Sandbox` header naming
 * another. That bank holds only what the visitor did, so its e-mailed codes and links are the visitor's.
 * Never the default bank's outbox, nor that of a sandbox staff made (their visitors share it).
 */
function isOwnOutbox(req: Request, sandboxes: Sandboxes): boolean {
  if (req.headers[SANDBOX_HEADER.toLowerCase()] !== undefined) return false;
  const name = cookieSandbox(req);
  return name !== undefined && sandboxes.find(name)?.perVisitor === true;
}

/**
 * With a staff key, the developer endpoints (mounted at /__mock) need `Authorization: Bearer <key>` or
 * a signed-in admin's token; without one they stay open (docs/decisions/0007).
 */
export function staffGate(staffKey: string | undefined, sandboxes: Sandboxes): RequestHandler {
  if (staffKey === undefined) return (_req, _res, next) => next();
  const isStaffKey = staffKeyCheck(staffKey);
  const find = (name: string | undefined) => (name === undefined ? undefined : sandboxes.find(name));
  return async (req, res, next) => {
    if (isOpenWithKey(req, sandboxes)) {
      next();
      return;
    }
    const [scheme, credential] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() === 'bearer' && credential) {
      if (isStaffKey(credential)) {
        next();
        return;
      }
      // An admin's token opens the bank that issued it: the default bank, the sandbox the request names,
      // or the one the browser is kept in. With a key every bank's admin signs in with the key (the seed's
      // password is public), so an admin signed in in a visitor's own sandbox (one per visitor) is staff
      // and acts on any sandbox, as one signed in on the default bank does.
      const banks = [sandboxes.byDefault, find(sandboxNamed(req)), find(cookieSandbox(req))];
      for (const sandbox of new Set(banks)) {
        if (sandbox === undefined) continue;
        const bank = sandbox.bank();
        try {
          await bank.authenticate(credential, 'admin');
          next();
          return;
        } catch (error) {
          if (!(error instanceof BankError)) throw error;
        }
      }
    }
    res.setHeader('WWW-Authenticate', 'Bearer realm="mock bank staff"');
    sendError(
      res,
      401,
      'Sign in as staff: send Authorization: Bearer with the server’s staff key or an admin’s token.',
      'unauthorized',
    );
  };
}
