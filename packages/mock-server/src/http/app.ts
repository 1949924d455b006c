/**
 * The app: one route for the whole API (api-route.ts, on Node's own request and response, ahead of
 * Express), and in Express the developer endpoints and the built web app. Every reply is JSON with
 * the security headers, also for every error. Building the app has no side effects; only `main.ts`
 * listens.
 */
import { existsSync } from 'node:fs';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import { sniffImageType, type ErrorReply } from '@ebank/contract';
import type { Bank } from '../bank/bank';
import type { BankConfig } from '../bank/config';
import { BankError } from '../bank/errors';
import { seedBank } from '../bank/seed';
import { TokenSigner } from '../bank/security';
import type { LatencyConfig } from './faults';
import { errorReply } from './api-core';
import { apiRoute, isApiUrl } from './api-route';
import { SECURITY_HEADERS } from './reply';
import { staffRouter } from './staff';
import { openApiRouter } from './openapi';
import { StateFile } from '../persistence';
import { webApp } from './web-static';
import { validatingProxy } from './proxy';

export interface AppOptions {
  /** Bank settings (service charge, token lifetime, step-up rule, payment methods, ...). */
  readonly bank?: Partial<BankConfig>;
  /** The built web app served at /wp-user/; not served when absent. */
  readonly webRoot?: string | undefined;
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
}

export interface MockApp extends express.Express {
  /** The bank as it stands now (replaced by POST /__mock/reset). */
  readonly bank: () => Bank;
  /** Writes the state file now if the bank changed (nothing without a state file). */
  readonly saveState: () => void;
  /** A last write of the state file, and none after it (on shutdown). */
  readonly closeState: () => void;
}

const sendError = (res: Response, status: number, message: string, code: string, issues?: ErrorReply['issues']) => {
  res.status(status).json(errorReply(message, code, issues));
};

const SECURITY_HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);
/** What an uploaded image is served with: nothing in it may run, load or be framed. */
const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of SECURITY_HEADER_ENTRIES) res.setHeader(name, value);
  next();
};

/** A JSON error as raw HTTP, for the replies Node's parser makes before Express sees the request. */
function rawErrorReply(status: number, reason: string, message: string, code: string): string {
  const body = JSON.stringify(errorReply(message, code));
  const headers = {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.join('')}\r\n${body}`;
}

/**
 * Replaces Node's bare `400 Bad Request` (no body, no headers) for requests its HTTP parser refuses
 * (a body shorter than its Content-Length when the connection ends, a malformed request line or
 * header, headers too large, a request too slow) with a JSON error carrying the security headers.
 */
export function answerClientErrors(server: http.Server): http.Server {
  // The latest reply on each connection (HTTP/1.1 answers a connection's requests in order).
  const latest = new WeakMap<object, http.ServerResponse>();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    latest.set(req.socket, res);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Write only on a connection that is still open and not in the middle of another reply.
    const last = latest.get(socket);
    const busy = last !== undefined && last.headersSent && !last.writableFinished;
    if (error.code === 'ECONNRESET' || !socket.writable || busy) {
      socket.destroy();
      return;
    }
    const reply =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? rawErrorReply(431, 'Request Header Fields Too Large', 'The request headers are too large', 'invalid_request')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? rawErrorReply(408, 'Request Timeout', 'The request took too long to arrive', 'invalid_request')
          : rawErrorReply(400, 'Bad Request', 'The request is malformed or was cut short', 'invalid_request');
    socket.end(reply, () => socket.destroy());
  });
  return server;
}

/** How Express hands a request to an app (`app(req, res)` calls it). */
type ExpressHandle = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  callback?: (error?: unknown) => void,
) => void;

export async function createApp(options: AppOptions = {}): Promise<MockApp> {
  const stateFile =
    options.stateFile === undefined
      ? undefined
      : new StateFile(options.stateFile, { delayMs: options.stateWriteDelayMs });
  const signer = new TokenSigner(stateFile?.signingKey);
  const seedOptions = {
    config: options.bank ?? {},
    signer,
    ...(options.now ? { now: options.now } : {}),
  };
  let bank = stateFile?.restore(seedOptions) ?? (await seedBank(seedOptions));
  const random = options.random ?? Math.random;
  const validateReplies = options.validateReplies ?? true;

  const app = express() as unknown as MockApp & express.Express;
  Object.defineProperty(app, 'bank', { value: () => bank });

  // --- the state file (MOCK_STATE_FILE, see persistence.ts) ------------------------------------
  if (stateFile) app.use(stateFile.keep(() => bank));
  Object.defineProperty(app, 'saveState', { value: () => stateFile?.flush() });
  Object.defineProperty(app, 'closeState', { value: () => stateFile?.close() });

  // Every server the app listens with answers malformed and cut-short requests in JSON too.
  const listen = app.listen.bind(app) as (...args: unknown[]) => http.Server;
  Object.defineProperty(app, 'listen', { value: (...args: unknown[]) => answerClientErrors(listen(...args)) });
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(securityHeaders);

  // --- the validating proxy (MOCK_UPSTREAM): the API goes to the real host instead ---------------
  if (options.upstream) app.use(validatingProxy(options.upstream));

  // --- the API ---------------------------------------------------------------------------------
  const api = apiRoute({
    bank: () => bank,
    latency: options.latency,
    faultRate: options.faultRate,
    random,
    validateReplies,
  });
  // Answered before Express sees the request (routing, prototypes, its response helpers): the route
  // needs none of it. Express routes it too, for the proxy's other methods and any URL form the
  // check below leaves to it.
  app.all('/api/users.php', api);
  if (!options.upstream) {
    const withHandle = app as unknown as { handle: ExpressHandle };
    const viaExpress = withHandle.handle.bind(app);
    withHandle.handle = (req, res, callback) => {
      if (!isApiUrl(req.url)) {
        viaExpress(req, res, callback);
        return;
      }
      stateFile?.watch(req, res);
      api(req, res);
    };
  }

  // --- developer endpoints -------------------------------------------------------------------
  app.get('/__mock/health', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/__mock/outbox', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    res.setHeader('Cache-Control', 'no-store');
    res.json(bank.outboxFor(to).map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })));
  });
  app.post('/__mock/reset', async (_req, res) => {
    bank = await seedBank(seedOptions);
    res.json({ ok: true });
  });
  app.use(
    '/__mock/staff',
    staffRouter(() => bank),
  );
  app.use('/__mock', openApiRouter()); // GET /__mock/openapi.json and /__mock/docs
  app.get('/__mock/uploads/:id', (req, res) => {
    const upload = bank.upload(req.params.id);
    // Served only as the image type its bytes show, whatever was claimed or stored with it.
    const type = upload ? sniffImageType(upload.bytes) : undefined;
    if (!upload || !type) {
      sendError(res, 404, 'No such upload', 'not_found');
      return;
    }
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Security-Policy', UPLOAD_CSP);
    res.setHeader('Content-Disposition', 'inline; filename="upload"');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.end(Buffer.from(upload.bytes));
  });

  // --- the web app ---------------------------------------------------------------------------
  const webRoot = options.webRoot;
  if (webRoot && existsSync(path.join(webRoot, 'index.html'))) {
    app.use('/wp-user', webApp(webRoot));
  }
  app.get('/', (_req, res) => {
    res.redirect('/wp-user/');
  });

  app.use((req, res) => {
    sendError(res, 404, `Nothing at ${req.method} ${req.path}`, 'not_found');
  });

  const onError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    // The client went away mid-body (a cut connection): there is no one to answer, and nothing failed.
    if (req.socket.destroyed) return;
    if (error instanceof BankError) {
      sendError(res, error.status, error.message, error.code);
      return;
    }
    if (error instanceof URIError) {
      sendError(res, 400, 'The URL is malformed', 'invalid_request');
      return;
    }
    const e = error as { status?: unknown; statusCode?: unknown; type?: unknown; message?: unknown };
    const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
    if (e.type === 'parameters.too.many') {
      sendError(res, 413, 'Too many fields', 'payload_too_large');
      return;
    }
    if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
      sendError(res, 415, 'Send the form in UTF-8, without a content encoding', 'unsupported_media_type');
      return;
    }
    if (status === 413) {
      sendError(res, 413, 'The request is too large', 'payload_too_large');
      return;
    }
    if (status >= 400 && status < 500) {
      sendError(res, status, 'The request body could not be read', 'invalid_request');
      return;
    }
    // The details go to the log only; the client gets a fixed message, never a stack.
    console.error(error);
    sendError(res, 500, 'Something went wrong in the mock bank', 'internal');
  };
  app.use(onError);

  return app;
}
