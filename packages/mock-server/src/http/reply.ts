/**
 * The one reply layer of the mock bank: what every reply carries (the security headers), the JSON error
 * shape, results (a status and a JSON body) and how results and errors become replies (status, every
 * header, body) that any transport sends as they are: the Express app (app.ts), the in-browser demo
 * (packages/demo, behind a service worker) and the raw answers to requests Node's HTTP parser refuses
 * before Express sees them. No transport writes a header or an error of its own.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler, Response } from 'express';
import type { ErrorReply } from '@ebank/contract';
import { BankError } from '../bank/errors';

// -------------------------------------------------------------------------------------------------
// headers

/**
 * The page's Content-Security-Policy: everything from the server itself. `imageOrigins` may show pictures
 * too: with `MOCK_UPSTREAM` the host's replies link the pictures it keeps (a profile picture, a KYC
 * document), which the portal shows from the host.
 */
export const contentSecurityPolicy = (imageOrigins: readonly string[] = []) =>
  `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src ${["'self'", 'data:', 'blob:', ...imageOrigins].join(' ')}; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`;

/** Headers on everything the server sends (ASVS V3): a strict CSP, no sniffing, no framing, no referrer. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy(),
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** What an uploaded image is served with: nothing in it may run, load or be framed. */
export const UPLOAD_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

export const JSON_TYPE = 'application/json; charset=utf-8';

/** The header of what is never cached (every reply of the API, the outbox). */
export const NO_STORE: Readonly<Record<string, string>> = Object.freeze({ 'Cache-Control': 'no-store' });

/**
 * Sets the security headers on every reply of the Express app (those of other routes, the web app's files);
 * pictures may also come from `imageOrigins` ({@link contentSecurityPolicy}).
 */
export function securityHeaders(imageOrigins: readonly string[] = []): RequestHandler {
  const list = Object.entries({ ...SECURITY_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(imageOrigins) });
  return (_req, res, next) => {
    for (const [name, value] of list) res.setHeader(name, value);
    next();
  };
}

// -------------------------------------------------------------------------------------------------
// results and replies

/** A reply as any transport sends it. */
export interface Reply {
  readonly status: number;
  /** Every header of the reply, the security headers included. */
  readonly headers: Readonly<Record<string, string>>;
  /** JSON text, or an image's bytes. */
  readonly body: string | Uint8Array;
}

/** A JSON answer before it is a reply: a status, the body, and headers besides the security headers. */
export interface JsonResult {
  readonly status: number;
  readonly body: unknown;
  /** The body already written as JSON text (a checked reply); written from `body` when absent. */
  readonly json?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The JSON error every refusal answers with. */
export const errorReply = (message: string, code: string, issues?: ErrorReply['issues']): ErrorReply =>
  issues ? { error: true, message, code, issues } : { error: true, message, code };

/** A refusal: this status and its {@link errorReply}. */
export const errorResult = (
  status: number,
  message: string,
  code: string,
  issues?: ErrorReply['issues'],
): JsonResult & { readonly body: ErrorReply } => ({ status, body: errorReply(message, code, issues) });

/** The refusals more than one transport makes, each written once. */
export const REFUSALS = {
  /** A body over its limit. */
  tooLarge: errorResult(413, 'The request is too large', 'payload_too_large'),
  /** A form in another charset or content encoding. */
  notUtf8: errorResult(415, 'Send the form in UTF-8, without a content encoding', 'unsupported_media_type'),
  /** A body its parser could not read. */
  unreadable: errorResult(400, 'The request body could not be read', 'invalid_request'),
  /** Anything that is not a refusal: an internal error of the mock, never with its details. */
  internal: errorResult(500, 'Something went wrong in the mock bank', 'internal'),
} as const;

/**
 * An error as the result to answer with: a refusal by the bank (or by a body parser) with its status and
 * message; anything else is an internal error of the mock, whose details go to the log only.
 */
export function resultOfError(error: unknown): JsonResult {
  if (error instanceof BankError) return errorResult(error.status, error.message, error.code);
  console.error(error);
  return REFUSALS.internal;
}

/** The security headers, then these, then the JSON Content-Type. */
const jsonHeaders = (headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> =>
  Object.freeze({ ...SECURITY_HEADERS, ...headers, 'Content-Type': JSON_TYPE });
/** The headers of a result with none of its own, and of an API reply with none: made once, shared. */
const JSON_HEADERS = jsonHeaders({});
const API_HEADERS = jsonHeaders(NO_STORE);

/** A result as a reply: its status, the security headers and its own, the body as JSON text. */
export const jsonReply = ({ status, body, json, headers }: JsonResult): Reply => ({
  status,
  headers: headers === undefined ? JSON_HEADERS : jsonHeaders(headers),
  body: json ?? JSON.stringify(body),
});

/** A result of the API (an operation's reply or a refusal) as the API sends it: never cached. */
export const apiReply = ({ status, body, json, headers }: JsonResult): Reply => ({
  status,
  headers: headers === undefined ? API_HEADERS : jsonHeaders({ ...NO_STORE, ...headers }),
  body: json ?? JSON.stringify(body),
});

// -------------------------------------------------------------------------------------------------
// Express and raw HTTP

/**
 * Sends a {@link Reply} through Express: its status and headers, with the body's length, in one `writeHead`,
 * then the body. Headers set before (`Allow`, `WWW-Authenticate`, the other routes' security headers) stay;
 * with none set, Node writes the reply's headers as they are, without copying them one by one.
 */
export function sendReply(res: Response, reply: Reply): void {
  const { body } = reply;
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(length) });
  res.end(typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

/** Sends a refusal through Express: {@link errorResult} as a {@link jsonReply}. */
export const sendError = (res: Response, status: number, message: string, code: string) => {
  sendReply(res, jsonReply(errorResult(status, message, code)));
};

/** A JSON error as raw HTTP, for the replies Node's parser makes before Express sees the request. */
function rawReply(reason: string, result: JsonResult): string {
  const { status, headers, body } = apiReply(result);
  const text = typeof body === 'string' ? body : '';
  const all = { ...headers, 'Content-Length': String(Buffer.byteLength(text)), Connection: 'close' };
  const lines = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.join('')}\r\n${text}`;
}

/**
 * Replaces Node's bare `400 Bad Request` (no body, no headers) for requests its HTTP parser refuses
 * (a body shorter than its Content-Length when the connection ends, a malformed request line or
 * header, headers too large, a request too slow) with a JSON error carrying the security headers.
 * Installed on the server where it is created (main.ts, the test harness).
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
        ? rawReply(
            'Request Header Fields Too Large',
            errorResult(431, 'The request headers are too large', 'invalid_request'),
          )
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? rawReply('Request Timeout', errorResult(408, 'The request took too long to arrive', 'invalid_request'))
          : rawReply('Bad Request', errorResult(400, 'The request is malformed or was cut short', 'invalid_request'));
    socket.end(reply, () => socket.destroy());
  });
  return server;
}
