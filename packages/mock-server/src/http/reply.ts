/**
 * The security headers on every reply (their values are in dev-endpoints.ts), JSON errors, the
 * replies of the transport-free endpoints, and the JSON answers to requests Node's HTTP parser
 * refuses before Express sees them.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler, Response } from 'express';
import type { ErrorReply } from '@ebank/contract';
import { errorReply } from './api-core';
import { SECURITY_HEADERS, type Reply } from './dev-endpoints';

const SECURITY_HEADER_LIST = Object.entries(SECURITY_HEADERS);

/** Sets the security headers on every reply. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of SECURITY_HEADER_LIST) res.setHeader(name, value);
  next();
};

/** Sends an {@link ErrorReply} with this status. */
export const sendError = (
  res: Response,
  status: number,
  message: string,
  code: string,
  issues?: ErrorReply['issues'],
) => {
  res.status(status).json(errorReply(message, code, issues));
};

/** Sends a {@link Reply} of the transport-free endpoints (dev-endpoints.ts): its status, headers and body. */
export function sendReply(res: Response, reply: Reply): void {
  res.status(reply.status);
  const { headers } = reply;
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    // A header already set to the same value (the security headers, on every reply) keeps its place.
    if (value !== undefined && res.getHeader(name) !== value) res.setHeader(name, value);
  }
  const { body } = reply;
  res.end(typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

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
        ? rawErrorReply(431, 'Request Header Fields Too Large', 'The request headers are too large', 'invalid_request')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? rawErrorReply(408, 'Request Timeout', 'The request took too long to arrive', 'invalid_request')
          : rawErrorReply(400, 'Bad Request', 'The request is malformed or was cut short', 'invalid_request');
    socket.end(reply, () => socket.destroy());
  });
  return server;
}
