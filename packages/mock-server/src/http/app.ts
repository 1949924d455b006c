/**
 * The Express adapter: one route for the whole API, the developer endpoints, and the built web app.
 * It decodes every request with the contract, asks the bank through the handlers, and answers JSON,
 * also for every error. Building the app has no side effects; only `main.ts` listens.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import {
  decode,
  MAX_IMAGE_BYTES,
  selectorLabel,
  type ErrorReply,
  type IncomingFile,
  type OperationDef,
} from '@ebank/contract';
import type { Bank } from '../bank/bank';
import type { BankConfig } from '../bank/config';
import { BankError } from '../bank/errors';
import { seedBank } from '../bank/seed';
import { TokenSigner } from '../bank/security';
import { delayFor, sleep, type LatencyConfig } from './faults';
import { handlers, type BaseContext } from './handlers';
import { staffRouter } from './staff';

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
}

export interface MockApp extends express.Express {
  /** The bank as it stands now (replaced by POST /__mock/reset). */
  readonly bank: () => Bank;
}

const errorBody = (message: string, code: string, issues?: ErrorReply['issues']): ErrorReply =>
  issues ? { error: true, message, code, issues } : { error: true, message, code };

const sendError = (res: Response, status: number, message: string, code: string, issues?: ErrorReply['issues']) => {
  res.status(status).json(errorBody(message, code, issues));
};

/** Headers on everything the server sends. */
const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
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
  },
}).any();
const formParser: RequestHandler = express.urlencoded({ extended: false, limit: '256kb', parameterLimit: 100 });

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

export async function createApp(options: AppOptions = {}): Promise<MockApp> {
  const signer = new TokenSigner();
  const seedOptions = {
    config: options.bank ?? {},
    signer,
    ...(options.now ? { now: options.now } : {}),
  };
  let bank = await seedBank(seedOptions);
  const random = options.random ?? Math.random;
  const validateReplies = options.validateReplies ?? true;

  const app = express() as unknown as MockApp & express.Express;
  Object.defineProperty(app, 'bank', { value: () => bank });
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use(securityHeaders);

  // --- the API ---------------------------------------------------------------------------------
  app.post('/api/users.php', parseForm, async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    const body: unknown = req.body;
    const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const files = Array.isArray(req.files) ? (req.files as IncomingFile[]) : [];
    const decoded = decode(req.query, fields, files);

    const keys = decoded.ok ? [decoded.name, selectorLabel(decoded.operation.selector).replace('crud=', '')] : [];
    const delay = delayFor(options.latency, keys, random);
    if (delay > 0) await sleep(delay);

    if (!decoded.ok) {
      sendError(res, 400, decoded.message, decoded.code, [...decoded.issues]);
      return;
    }
    if (options.faultRate && random() < options.faultRate) {
      sendError(res, 503, 'The bank is temporarily unavailable (simulated). Please try again.', 'simulated_fault');
      return;
    }
    const operation: OperationDef = decoded.operation;
    const current = bank;
    const base: BaseContext = { bank: current, origin: `${req.protocol}://${req.get('host') ?? 'localhost'}` };
    const context =
      operation.auth === 'none'
        ? base
        : { ...base, user: current.authenticate(decoded.token, operation.auth === 'kyc' ? 'kyc' : 'user') };
    const handler = handlers[decoded.name] as (c: typeof context, i: unknown) => unknown;
    const reply = await handler(context, decoded.input);
    if (validateReplies) {
      const check = operation.reply.safeParse(reply);
      if (!check.success) {
        console.error(`Reply of ${decoded.name} does not match the contract:`, check.error.issues);
        sendError(res, 500, 'The mock bank produced a reply that does not match the contract', 'contract_mismatch');
        return;
      }
    }
    res.json(reply);
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
  app.get('/__mock/uploads/:id', (req, res) => {
    const upload = bank.upload(req.params.id);
    if (!upload) {
      sendError(res, 404, 'No such upload', 'not_found');
      return;
    }
    res.setHeader('Content-Type', upload.mimetype);
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
    res.setHeader('Content-Disposition', 'inline; filename="upload"');
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.end(Buffer.from(upload.bytes));
  });

  // --- the web app ---------------------------------------------------------------------------
  const webRoot = options.webRoot;
  if (webRoot && existsSync(path.join(webRoot, 'index.html'))) {
    app.use('/wp-user', express.static(webRoot, { index: 'index.html', maxAge: '1h' }));
    app.get(/^\/wp-user(\/.*)?$/u, (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(webRoot, 'index.html'));
    });
  }
  app.get('/', (_req, res) => {
    res.redirect('/wp-user/');
  });

  app.use((req, res) => {
    sendError(res, 404, `Nothing at ${req.method} ${req.path}`, 'not_found');
  });

  const onError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof BankError) {
      sendError(res, error.status, error.message, error.code);
      return;
    }
    if (error instanceof multer.MulterError) {
      const field = error.field ? `${error.field}: ` : '';
      const byCode: Partial<Record<multer.ErrorCode, [number, string]>> = {
        LIMIT_FILE_SIZE: [413, `${field}must be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`],
        LIMIT_FIELD_VALUE: [413, `${field}is too long`],
        LIMIT_FIELD_KEY: [413, 'A field name is too long'],
        LIMIT_FILE_COUNT: [413, 'Too many files: at most 3'],
        LIMIT_FIELD_COUNT: [413, 'Too many fields'],
        LIMIT_PART_COUNT: [413, 'Too many parts in the form'],
        LIMIT_UNEXPECTED_FILE: [400, `${field}is not a file field`],
      };
      const [status, message] = byCode[error.code] ?? [400, error.message];
      sendError(res, status, message, 'invalid_request');
      return;
    }
    const e = error as { status?: unknown; statusCode?: unknown; type?: unknown; message?: unknown };
    const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
    if (e.type === 'parameters.too.many') {
      sendError(res, 413, 'Too many fields', 'payload_too_large');
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
    console.error(error);
    sendError(res, 500, 'Something went wrong in the mock bank', 'internal');
  };
  app.use(onError);

  return app;
}
