/** The headers every reply carries, and JSON replies written in one go (one writeHead, one end). */
import type http from 'node:http';
import type { ErrorReply } from '@ebank/contract';
import { errorReply } from './api-core';

/** Headers on everything the server sends (ASVS V3): a strict CSP, no sniffing, no framing, no referrer. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The security headers, a JSON content type and no-store, as a flat `[name, value, ...]` list. */
const JSON_HEADERS: readonly string[] = [
  ...Object.entries(SECURITY_HEADERS).flat(),
  'Content-Type',
  'application/json; charset=utf-8',
  'Cache-Control',
  'no-store',
];

/**
 * Sends a JSON text (already serialised) with the security headers and `Cache-Control: no-store`,
 * plus `extra` headers (a flat `[name, value, ...]` list). Nothing is sent on a reply already sent
 * or a connection already gone.
 */
export function sendJsonText(res: http.ServerResponse, status: number, json: string, extra?: readonly string[]) {
  if (res.headersSent || res.destroyed) return;
  const headers = extra ? [...JSON_HEADERS, ...extra] : JSON_HEADERS.slice();
  headers.push('Content-Length', String(Buffer.byteLength(json)));
  res.writeHead(status, headers);
  res.end(json);
}

/** Sends an {@link ErrorReply}. */
export const sendErrorReply = (
  res: http.ServerResponse,
  status: number,
  message: string,
  code: string,
  extra?: readonly string[],
  issues?: ErrorReply['issues'],
) => {
  sendJsonText(res, status, JSON.stringify(errorReply(message, code, issues)), extra);
};
