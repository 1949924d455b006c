/**
 * The app: the API (`POST /api/users.php`, its form read by multer or express.urlencoded), the
 * developer endpoints, and the built web app. Every reply carries the security headers, and every
 * error is JSON. Building the app has no side effects; only `main.ts` listens.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { selectorLabel, staffContract } from '@ebank/contract';
import { Bank } from '../bank/bank';
import type { BankConfig } from '../bank/config';
import { BankError } from '../bank/errors';
import { CATALOGUE, seedBank } from '../bank/seed';
import { TokenSigner } from '../bank/security';
import { delayFor, sleep, type LatencyConfig } from './faults';
import {
  answerApiCall,
  customerOfCall,
  decodeApiCall,
  decodeFailureResult,
  METHOD_NOT_ALLOWED,
  rateLimitRefusal,
  type ApiResult,
} from './api-core';
import type { AnsweredCall } from './dev-journal';
import { formOf, FormRefusal, parseForm } from './form-parsers';
import {
  apiReply,
  errorResult,
  jsonReply,
  REFUSALS,
  resultOfError,
  securityHeaders,
  sendError,
  sendReply,
  type JsonResult,
  type Reply,
} from './reply';
import { hostCheck, sameSiteWrites, staffGate, staffKeyCheck } from './access';
import { DEV_ENDPOINTS, DEV_BODY_PATHS, STAFF_API_PATH } from './dev-endpoints';
import { pickSandbox, sandboxOf, sandboxPerVisitor, sandboxRouter } from './dev-sandboxes';
import {
  DEFAULT_SANDBOX_IDLE_MINUTES,
  DEFAULT_SANDBOXES_MAX,
  DEFAULT_SANDBOXES_PER_CLIENT,
  Sandbox,
  Sandboxes,
  type BankMaker,
  type SandboxLimits,
} from './sandboxes';
import { SIMULATED_FAULT_MESSAGE } from './fault-rules';
import { NamedSnapshots } from './dev-snapshots';
import { staffBodyParsers, staffRouter } from './staff';
import { openApiRouter } from './openapi';
import { StateFile } from '../persistence';
import { checkScryptHash } from '../older-hashes';
import { portalElsewhere, webApp } from './web-static';
import { validatingProxy } from './proxy';

export interface AppOptions {
  /** Bank settings (service charge, token lifetime, step-up rule, payment methods, ...). */
  readonly bank?: Partial<BankConfig>;
  /** The built web app served at /wp-user/; not served when absent. */
  readonly webRoot?: string | undefined;
  /**
   * The portal served elsewhere (its dev server): pages at /wp-user/ redirect there, and `webRoot` is not
   * served (`MOCK_PORTAL_URL`).
   */
  readonly portalUrl?: string | undefined;
  readonly latency?: LatencyConfig | undefined;
  /** Share of API calls answered with a simulated outage (0 to 1). */
  readonly faultRate?: number;
  readonly random?: () => number;
  readonly now?: () => number;
  /** Check every reply against the contract before sending it (a mismatch is a server bug: 500). */
  readonly validateReplies?: boolean;
  /** Keep the bank in this file across restarts (read at start, written after changes); in memory only when absent. */
  readonly stateFile?: string | undefined;
  /** How long after a change the state file is written (default 200 ms; a burst is written once). */
  readonly stateWriteDelayMs?: number | undefined;
  /** Forward the API to this host (its address, ending with `/`), checking both ways against the contract (proxy.ts). */
  readonly upstream?: string | undefined;
  /** With `upstream`: write each proxied exchange into this folder, masked and pseudonymised (recorder.ts). */
  readonly recordDir?: string | undefined;
  /** Who may reach the server and its developer endpoints (access.ts); by default loopback names and IPs, no key. */
  readonly access?: AccessOptions | undefined;
  /** The sandboxes' limits (sandboxes.ts), and the real time their idle time is counted by (tests). */
  readonly sandboxes?: (Partial<SandboxLimits> & { readonly realNow?: () => number }) | undefined;
}

export interface AccessOptions {
  /** When set, the developer endpoints need it (`Authorization: Bearer <key>`) or an admin's token. */
  readonly staffKey?: string | undefined;
  /** Host names a request may name besides loopback names and IP addresses (`.example.com`: its subdomains too). */
  readonly allowedHosts?: readonly string[] | undefined;
}

/** The app and the bank behind it. */
export interface MockApp {
  /** The Express app: hand it to `http.createServer`, to supertest, or to another app's `use`. */
  readonly express: express.Express;
  /** The default bank as it stands now (replaced by POST /__mock/reset). */
  readonly bank: () => Bank;
  /** The default bank and the sandboxes beside it. */
  readonly sandboxes: Sandboxes;
  /** Whether it serves the portal at /wp-user/ (`webRoot` holds its build). */
  readonly servesPortal: boolean;
  /** Writes the state file now if the bank changed (nothing without a state file). */
  readonly saveState: () => void;
  /** A last write of the state file, and none after it (on shutdown). */
  readonly closeState: () => void;
}

/** Every call of the API goes here (Express matches it in any letter case, with or without a trailing slash). */
const API_PATH = '/api/users.php';

/** The query of a call without one. */
const NO_QUERY: Readonly<Record<string, unknown>> = Object.freeze({});

/** The Express route method for each method of a developer endpoint. */
const VERBS = { GET: 'get', POST: 'post', DELETE: 'delete' } as const;

export async function createApp(options: AppOptions = {}): Promise<MockApp> {
  const stateFile =
    options.stateFile === undefined
      ? undefined
      : new StateFile(options.stateFile, { delayMs: options.stateWriteDelayMs });
  const staffKey = options.access?.staffKey;
  const seedOptions = {
    config: options.bank ?? {},
    // Hashes from before PBKDF2 (a state file's, a snapshot's) still sign in, and are brought up to date.
    olderHashes: checkScryptHash,
    // On a shared server the admin signs in with the staff key: the seeded password is public. The bank
    // tells the key by its digest only (docs/decisions/0047).
    adminPassword: staffKey,
    staffKey: staffKey === undefined ? undefined : staffKeyCheck(staffKey),
    ...(options.now ? { now: options.now } : {}),
  };
  /** How a bank of a sandbox is made, restored and reset: each sandbox signs its tokens with a key of its own. */
  const makerFor = (signer: TokenSigner): BankMaker => ({
    seed: () => seedBank({ ...seedOptions, signer }),
    restore: (snapshot, clockOf) =>
      Bank.restore(snapshot, {
        ...seedOptions,
        signer,
        catalogue: CATALOGUE,
        ...(clockOf ? { clock: clockOf.clock } : {}),
      }),
  });
  // The default bank signs with the state file's key, so that a restart signs nobody out.
  const defaultSigner = new TokenSigner(stateFile?.signingKey);
  const defaultMaker = makerFor(defaultSigner);
  const realNow = options.sandboxes?.realNow ?? Date.now;
  const byDefault = new Sandbox(
    null,
    stateFile?.restore({ ...seedOptions, signer: defaultSigner }) ?? (await defaultMaker.seed()),
    defaultMaker,
    {
      realNow: options.now ?? Date.now,
      // The named snapshots (POST /__mock/snapshots), kept in the state file with the default bank.
      snapshots: new NamedSnapshots(stateFile?.namedSnapshots),
    },
  );
  const sandboxes = new Sandboxes(
    byDefault,
    () => makerFor(new TokenSigner()),
    {
      max: options.sandboxes?.max ?? DEFAULT_SANDBOXES_MAX,
      perClient: options.sandboxes?.perClient ?? DEFAULT_SANDBOXES_PER_CLIENT,
      idleMinutes: options.sandboxes?.idleMinutes ?? DEFAULT_SANDBOX_IDLE_MINUTES,
      perVisitor: options.sandboxes?.perVisitor ?? false,
    },
    { realNow },
  );
  const random = options.random ?? Math.random;
  const validateReplies = options.validateReplies ?? true;

  const app = express();
  /** Records a call in its sandbox's journal; `startedAt` is when the call came in (`res.locals.startedAt`). */
  const record = (res: express.Response, call: AnsweredCall['call'], result: ApiResult) => {
    const startedAt = typeof res.locals.startedAt === 'number' ? res.locals.startedAt : performance.now();
    sandboxOf(res, sandboxes).journal.record({ call, result, startedAt });
  };
  const pick = pickSandbox(sandboxes);
  /** An API call comes in: its arrival noted (before its body is read) for the journal, its sandbox picked. */
  const callArrives: RequestHandler = (req, res, next) => {
    res.locals.startedAt = performance.now();
    pick(req, res, next);
  };

  // --- the state file (MOCK_STATE_FILE, see persistence.ts): the default bank only ----------------
  if (stateFile)
    app.use(
      stateFile.keep(
        () => byDefault.bank(),
        () => byDefault.snapshots.all(),
      ),
    );
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  // --- who may reach the server (access.ts) ------------------------------------------------------
  const allowedHosts = options.access?.allowedHosts ?? [];
  app.use(hostCheck(allowedHosts));

  // --- the API ---------------------------------------------------------------------------------
  const { latency, faultRate } = options;
  const answer: RequestHandler = async (req, res) => {
    const sandbox = sandboxOf(res, sandboxes);
    const bank = sandbox.bank();
    // Express parses the query on every read of `req.query`: read once, and only when there is one (most
    // calls name their operation by a field of the form).
    const query = req.url.includes('?') ? req.query : NO_QUERY;
    const { fields, files } = formOf(req);
    const call = { query, fields, files };
    /** The calls no token opens (sign-in, sign-up, e-mailed codes) are limited per client and per e-mail. */
    const refused = rateLimitRefusal(bank, call, req.socket.remoteAddress ?? 'unknown');
    if (refused) {
      record(res, call, refused);
      sendReply(res, apiReply(refused));
      return;
    }
    const decoded = decodeApiCall(call);
    if (latency) {
      const keys = decoded.ok ? [decoded.name, selectorLabel(decoded.operation.selector).replace('crud=', '')] : [];
      const delay = delayFor(latency, keys, random);
      if (delay > 0) await sleep(delay);
    }
    if (!decoded.ok) {
      const failure = decodeFailureResult(decoded);
      record(res, call, failure);
      sendReply(res, apiReply(failure));
      return;
    }
    // The sandbox's fault rules (POST /__mock/faults) first, then MOCK_FAULT_RATE.
    const fault = sandbox.faults.empty ? undefined : sandbox.faults.take(decoded.name, random);
    if (fault) {
      if (fault.delayMs > 0) await sleep(fault.delayMs);
      if (fault.drop) {
        req.socket.destroy();
        return;
      }
      if (fault.fail) {
        const failed = {
          ...errorResult(fault.fail.status, fault.fail.message, 'simulated_fault'),
          ...(await customerOfCall(bank, decoded.name, decoded.token)),
        };
        record(res, call, failed);
        sendReply(res, apiReply(failed));
        return;
      }
    }
    if (faultRate && random() < faultRate) {
      const simulated = {
        ...errorResult(503, SIMULATED_FAULT_MESSAGE, 'simulated_fault'),
        ...(await customerOfCall(bank, decoded.name, decoded.token)),
      };
      record(res, call, simulated);
      sendReply(res, apiReply(simulated));
      return;
    }
    // For links to uploaded pictures.
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const result = await answerApiCall(bank, decoded, origin, { validateReplies });
    record(res, call, result);
    sendReply(res, apiReply(result));
  };
  // The headers of every reply that is not a Reply (reply.ts): the portal's files, redirects, the proxy's.
  // The host's pictures, linked from its replies, show through the proxy.
  const otherHeaders = securityHeaders(options.upstream ? [new URL(options.upstream).origin] : []);
  // The validating proxy (MOCK_UPSTREAM): the API goes to the real host instead.
  const proxy = options.upstream ? validatingProxy(options.upstream, { recordDir: options.recordDir }) : undefined;
  // One route, so the path is matched once per call. It comes before the other routes' headers: a Reply
  // carries all of its own, and with none set before it Node writes them in one go (docs/decisions/0062).
  app
    .route(API_PATH)
    .post(...(proxy ? [otherHeaders, ...proxy.forward] : [callArrives, parseForm, answer, answerFailures(apiReply)]))
    .all((_req, res) => {
      sendReply(res, apiReply(METHOD_NOT_ALLOWED));
    });

  app.use(otherHeaders);
  app.use(
    '/__mock',
    sameSiteWrites(allowedHosts),
    staffGate(options.access?.staffKey, sandboxes),
    // Every developer endpoint acts on the request's sandbox, except those of the sandboxes themselves.
    (req, res, next) => {
      if (/^\/sandboxes(?:\/|$)/iu.test(req.path)) next();
      else pick(req, res, next);
    },
  );
  // The proxy's list of mismatches.
  if (proxy) app.use(proxy.mismatches);

  // --- developer endpoints (dev-endpoints.ts, shared with the in-browser demo) ------------------
  // Server only: the sandboxes (dev-sandboxes.ts).
  app.use(sandboxRouter(sandboxes));
  // The body parsers of the staff API, and the way from the staff address to the admin area (server only).
  app.use(STAFF_API_PATH, staffRouter());
  // The clock's and the snapshots' bodies, read as the staff API's are.
  app.use([...DEV_BODY_PATHS], staffBodyParsers());
  for (const endpoint of DEV_ENDPOINTS) {
    app.route(endpoint.path)[VERBS[endpoint.method]](async (req, res) => {
      const body: unknown = req.body;
      sendReply(res, await endpoint.answer(sandboxOf(res, sandboxes), { params: req.params, query: req.query, body }));
    });
  }
  // Server only: GET /__mock/openapi.json and /__mock/docs.
  app.use('/__mock', openApiRouter());

  // --- the web app ---------------------------------------------------------------------------
  const { portalUrl } = options;
  const webRoot = portalUrl === undefined ? options.webRoot : undefined;
  const servesPortal = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  // MOCK_SANDBOX_PER_VISITOR: a browser that opens the portal gets a bank of its own.
  if (sandboxes.limits.perVisitor && (servesPortal || portalUrl !== undefined))
    app.use('/wp-user', sandboxPerVisitor(sandboxes));
  if (portalUrl !== undefined) app.use('/wp-user', portalElsewhere(portalUrl));
  else if (webRoot !== undefined && servesPortal) app.use('/wp-user', webApp(webRoot));
  app.get('/', (_req, res) => {
    res.redirect('/wp-user/');
  });

  // A developer endpoint asked with a method it does not take: 405 with the ones it does, not a 404.
  for (const [route, methods] of methodsOfStaffPaths()) {
    const allow = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
    app.all(route, (req, res) => {
      res.setHeader('Allow', allow.join(', '));
      sendError(res, 405, `${req.path} takes ${methods.join(' or ')}, not ${req.method}`, 'method_not_allowed');
    });
  }

  app.use((req, res) => {
    sendError(res, 404, `Nothing at ${req.method} ${req.path}`, 'not_found');
  });

  app.use(answerFailures(jsonReply));

  return {
    express: app,
    bank: () => byDefault.bank(),
    sandboxes,
    servesPortal,
    saveState: () => stateFile?.flush(),
    closeState: () => {
      sandboxes.close();
      stateFile?.close();
    },
  };
}

/** The answer to an error on the way to a reply: a body parser's, the bank's, a malformed URL, or a bug (500). */
function failureResult(error: unknown): JsonResult {
  if (error instanceof BankError || error instanceof FormRefusal)
    return errorResult(error.status, error.message, error.code);
  if (error instanceof URIError) return errorResult(400, 'The URL is malformed', 'invalid_request');
  // Another route's body parser (the staff API's JSON): a 4xx of its own is the client's.
  const e = error as { status?: unknown; statusCode?: unknown; type?: unknown };
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') return REFUSALS.notUtf8;
  if (status === 413) return REFUSALS.tooLarge;
  if (status >= 400 && status < 500) return { ...REFUSALS.unreadable, status };
  // The details go to the log only; the client gets a fixed message, never a stack.
  return resultOfError(error);
}

/** Answers an error with {@link failureResult}, as the API's replies (`apiReply`) or the others' (`jsonReply`). */
function answerFailures(toReply: (result: JsonResult) => Reply): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    // The client went away mid-body (a cut connection): there is no one to answer, and nothing failed.
    if (req.socket.destroyed) return;
    sendReply(res, toReply(failureResult(error)));
  };
}

/** Each path of the staff contract (`/__mock/...`), with the methods it takes. */
function methodsOfStaffPaths(): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  for (const { method, path: route } of Object.values(staffContract)) {
    const methods = byPath.get(route) ?? [];
    if (!methods.includes(method)) methods.push(method);
    byPath.set(route, methods);
  }
  return byPath;
}
