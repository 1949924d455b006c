/**
 * The Express adapter: one route for the whole API, the developer endpoints, and the built web app.
 * It decodes every request with the contract, asks the bank through the handlers, and answers JSON,
 * also for every error. Building the app has no side effects; only `main.ts` listens.
 */
import { existsSync } from 'node:fs';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import { MAX_IMAGE_BYTES, selectorLabel, sniffImageType, type ErrorReply, type IncomingFile } from '@ebank/contract';
import type { Bank } from '../bank/bank';
import type { BankConfig } from '../bank/config';
import { BankError } from '../bank/errors';
import { seedBank } from '../bank/seed';
import { TokenSigner } from '../bank/security';
import { delayFor, sleep, type LatencyConfig } from './faults';
import { answerApiCall, decodeApiCall, decodeFailureResult } from './api-core';
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

const errorBody = (message: string, code: string, issues?: ErrorReply['issues']): ErrorReply =>
  issues ? { error: true, message, code, issues } : { error: true, message, code };

const sendError = (res: Response, status: number, message: string, code: string, issues?: ErrorReply['issues']) => {
  res.status(status).json(errorBody(message, code, issues));
};

/** Headers on everything the server sends (ASVS V3): a strict CSP, no sniffing, no framing, no referrer. */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
/** What an uploaded image is served with: nothing in it may run, load or be framed. */
const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  next();
};

const uploadParser = multer({
  storage: multer.memoryStorage(),
  limits: {
    fieldNameSize: 100,
    fieldSize: 64 * 1024,
    fields: 60,
    fileSize: MAX_IMAGE_BYTES,
    files: 3,
    parts: 70,
    headerPairs: 200,
    // No field of the contract has a bracketed name; `a[b]` is refused, never turned into an object.
    fieldNestingDepth: 0,
  },
}).any();
/** A urlencoded body must be well formed: every `%` starts a hex escape, and the bytes are UTF-8. */
class MalformedFormError extends Error {
  readonly status = 400;
  readonly type = 'form.malformed';
}
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });
function checkUrlencoded(_req: unknown, _res: unknown, body: Buffer, encoding: string | null) {
  if (/%(?![0-9A-Fa-f]{2})/u.test(body.toString('latin1')))
    throw new MalformedFormError('The form body has an invalid percent-escape');
  if (encoding !== null && encoding.toLowerCase() !== 'utf-8') return;
  try {
    decodeURIComponent(STRICT_UTF8.decode(body));
  } catch {
    throw new MalformedFormError('The form body is not valid UTF-8');
  }
}
const formParser: RequestHandler = express.urlencoded({
  extended: false,
  limit: '256kb',
  parameterLimit: 100,
  verify: checkUrlencoded,
});

/** Parses either form encoding; anything else is refused before it is read. */
const parseForm: RequestHandler = (req, res, next) => {
  if (req.is('multipart/form-data')) {
    uploadParser(req, res, next);
    return;
  }
  if (req.is('application/x-www-form-urlencoded')) {
    formParser(req, res, next);
    return;
  }
  if (
    req.headers['content-type'] === undefined &&
    !req.headers['content-length'] &&
    !req.headers['transfer-encoding']
  ) {
    next();
    return;
  }
  sendError(
    res,
    415,
    'Send the body as multipart/form-data or application/x-www-form-urlencoded',
    'unsupported_media_type',
  );
};

/** A JSON error as raw HTTP, for the replies Node's parser makes before Express sees the request. */
function rawErrorReply(status: number, reason: string, message: string, code: string): string {
  const body = JSON.stringify(errorBody(message, code));
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

  // --- rate limit of login step 1, the e-mail lookup (docs/decisions/0010) -------------------------
  const limitLookups: RequestHandler = (req, res, next) => {
    if (req.query.crud !== 'iduser') {
      next();
      return;
    }
    const body: unknown = req.body;
    const email = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).email : undefined;
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const refused = bank.admitLookup(client, typeof email === 'string' ? email : '');
    if (!refused) {
      next();
      return;
    }
    res.setHeader('Retry-After', String(refused.retryAfterSeconds));
    res.setHeader('Cache-Control', 'no-store');
    sendError(res, 429, refused.message, 'rate_limited');
  };

  // --- the validating proxy (MOCK_UPSTREAM): the API goes to the real host instead ---------------
  if (options.upstream) app.use(validatingProxy(options.upstream));

  // --- the API ---------------------------------------------------------------------------------
  app.post('/api/users.php', parseForm, limitLookups, async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    const body: unknown = req.body;
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const files = Array.isArray(req.files) ? (req.files as IncomingFile[]) : [];
    const decoded = decodeApiCall({ query: req.query, fields, files });

    const keys = decoded.ok ? [decoded.name, selectorLabel(decoded.operation.selector).replace('crud=', '')] : [];
    const delay = delayFor(options.latency, keys, random);
    if (delay > 0) await sleep(delay);

    if (!decoded.ok) {
      const failure = decodeFailureResult(decoded);
      res.status(failure.status).json(failure.body);
      return;
    }
    if (options.faultRate && random() < options.faultRate) {
      sendError(res, 503, 'The bank is temporarily unavailable (simulated). Please try again.', 'simulated_fault');
      return;
    }
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const result = await answerApiCall(bank, decoded, origin, { validateReplies });
    res.status(result.status).json(result.body);
  });
  app.all('/api/users.php', (_req, res) => {
    res.setHeader('Allow', 'POST');
    sendError(res, 405, 'Use POST for every call', 'method_not_allowed');
  });

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
    if (error instanceof multer.MulterError) {
      const field = error.field ? `${error.field}: ` : '';
      const byCode: Readonly<Record<string, [number, string]>> = {
        LIMIT_FILE_SIZE: [413, `${field}must be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`],
        LIMIT_FIELD_VALUE: [413, `${field}is too long`],
        LIMIT_FIELD_KEY: [413, 'A field name is too long'],
        LIMIT_FILE_COUNT: [413, 'Too many files: at most 3'],
        LIMIT_FIELD_COUNT: [413, 'Too many fields'],
        LIMIT_PART_COUNT: [413, 'Too many parts in the form'],
        LIMIT_UNEXPECTED_FILE: [400, `${field}is not a file field`],
        LIMIT_FIELD_NESTING: [400, `${field}is not a field name: names carry no brackets`],
        LIMIT_FIELD_ARRAY_INDEX: [400, `${field}is not a field name: names carry no brackets`],
        INVALID_FIELD_NAME: [400, `${field}is not a field name`],
        MISSING_FIELD_NAME: [400, 'A part of the form has no field name'],
      };
      const [status, message] = byCode[error.code] ?? [400, 'The multipart body is malformed'];
      sendError(res, status, message, status === 413 ? 'payload_too_large' : 'invalid_request');
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
    if (error instanceof MalformedFormError) {
      sendError(res, 400, error.message, 'invalid_request');
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
    if (typeof e.message === 'string' && /multipart|boundary|unexpected end of form|malformed/iu.test(e.message)) {
      sendError(res, 400, 'The multipart body is malformed', 'invalid_request');
      return;
    }
    // The details go to the log only; the client gets a fixed message, never a stack.
    console.error(error);
    sendError(res, 500, 'Something went wrong in the mock bank', 'internal');
  };
  app.use(onError);

  return app;
}
