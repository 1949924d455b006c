/**
 * `/api/users.php` on Node's own request and response, without Express: read the body within its
 * limits, parse the form (form.ts), count an e-mail lookup against its rate limit, decode the call
 * with the contract, apply latency and faults, answer through api-core, and send JSON with the
 * security headers, for a success and for every error. The app (app.ts) routes the API here before
 * Express sees the request.
 */
import type http from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import zlib from 'node:zlib';
import { selectorLabel } from '@ebank/contract';
import type { Bank } from '../bank/bank';
import { answerApiCall, decodeApiCall, decodeFailureResult } from './api-core';
import { delayFor, sleep, type LatencyConfig } from './faults';
import { bodyLimit, formKind, FormRefusal, parseForm, REFUSALS, type Form } from './form';
import { sendErrorReply, sendJsonText } from './reply';

/** The API's path as Express routes it: any letter case, an optional trailing slash, then the query. */
const API_URL = /^\/api\/users\.php\/?(?:\?|$)/iu;

/** Whether a request's URL (as on the request line) is the API. */
export const isApiUrl = (url: string | undefined): boolean => url !== undefined && API_URL.test(url);

export interface ApiRouteOptions {
  /** The bank as it stands now (a reset replaces it). */
  readonly bank: () => Bank;
  readonly latency?: LatencyConfig | undefined;
  /** Share of API calls answered with a simulated outage (0 to 1). */
  readonly faultRate?: number | undefined;
  readonly random: () => number;
  /** Check every reply against the contract before sending it (a mismatch is a server bug: 500). */
  readonly validateReplies: boolean;
}

const EMPTY_FORM: Form = { fields: {}, files: [] };

// ------------------------------------------------------------------------------------------------
// reading the body

/** What reading gives: the bytes, a refusal (the rest of the body read and dropped), or undefined when the client went away. */
type Read = Buffer | FormRefusal | undefined;

/** A stream that undoes a content encoding, or undefined for one the API does not take. */
function decoderFor(coding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  if (coding === 'gzip') return zlib.createGunzip();
  if (coding === 'deflate') return zlib.createInflate();
  if (coding === 'br') return zlib.createBrotliDecompress();
  return undefined;
}

/** Reads and drops the rest of a body, then settles with `result` (undefined if the client goes away first). */
function drain(req: http.IncomingMessage, result: FormRefusal): Promise<Read> {
  if (req.complete) return Promise.resolve(result);
  return new Promise((resolve) => {
    const settle = () => {
      req.off('end', settle);
      req.off('close', settle);
      resolve(req.complete ? result : undefined);
    };
    req.on('end', settle);
    req.on('close', settle);
    req.resume();
  });
}

/** Collects a body's chunks up to a limit (bound listeners, not closures: this runs on every call). */
class BodyReader {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private settled = false;

  constructor(
    private readonly req: http.IncomingMessage,
    private readonly limit: number,
    private readonly done: (read: Read) => void,
  ) {
    req.on('data', this.onData.bind(this));
    req.on('end', this.onEnd.bind(this));
    req.on('close', this.onClose.bind(this));
  }

  private onData(chunk: Buffer) {
    this.size += chunk.length;
    if (this.size <= this.limit) this.chunks.push(chunk);
  }

  private onEnd() {
    if (this.settled) return;
    this.settled = true;
    const [only] = this.chunks;
    if (this.size > this.limit) this.done(REFUSALS.tooLarge);
    else this.done(this.chunks.length === 1 && only ? only : Buffer.concat(this.chunks, this.size));
  }

  /** Closed before its end: the client went away. */
  private onClose() {
    if (this.settled || this.req.complete) return;
    this.settled = true;
    this.done(undefined);
  }
}

/**
 * Reads the whole body, at most `limit` bytes once any content encoding (gzip, deflate, br) is
 * undone. A larger body, or one that does not decode, is read to its end and dropped.
 */
function readBody(req: http.IncomingMessage, limit: number): Promise<Read> {
  const coding = req.headers['content-encoding']?.trim().toLowerCase() ?? 'identity';
  if (coding !== 'identity') {
    const decoder = decoderFor(coding);
    return decoder ? readDecoded(req, decoder, limit) : Promise.resolve(REFUSALS.notUtf8Form);
  }
  if (Number(req.headers['content-length']) > limit) return drain(req, REFUSALS.tooLarge);
  return new Promise((resolve) => new BodyReader(req, limit, resolve));
}

function readDecoded(
  req: http.IncomingMessage,
  decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress,
  limit: number,
): Promise<Read> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    /** Stops decoding; the rest of the body is read and dropped before the refusal is answered. */
    const refuse = (refusal: FormRefusal) => {
      if (settled) return;
      settled = true;
      req.unpipe(decoder);
      decoder.destroy();
      void drain(req, refusal).then(resolve);
    };
    decoder.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) refuse(REFUSALS.tooLarge);
      else chunks.push(chunk);
    });
    decoder.on('error', () => {
      refuse(REFUSALS.unreadable);
    });
    decoder.on('end', () => {
      if (settled) return;
      settled = true;
      // Anything after the encoded body is read and dropped.
      req.unpipe(decoder);
      req.resume();
      resolve(Buffer.concat(chunks, size));
    });
    req.on('close', () => {
      if (settled || req.complete) return;
      settled = true;
      decoder.destroy();
      resolve(undefined);
    });
    req.pipe(decoder);
  });
}

/** The request's form (see {@link formKind} for what is taken), or undefined when the client went away mid-body. */
async function readForm(req: http.IncomingMessage): Promise<Form | FormRefusal | undefined> {
  const { headers } = req;
  const hasBody = Boolean(headers['content-length']) || headers['transfer-encoding'] !== undefined;
  const kind = formKind(headers['content-type'], hasBody);
  if (kind instanceof FormRefusal) return kind;
  if (kind.kind === 'none') return EMPTY_FORM;
  const body = await readBody(req, bodyLimit(kind));
  return body === undefined || body instanceof FormRefusal ? body : parseForm(kind, body);
}

// ------------------------------------------------------------------------------------------------
// the route

/** The URL's query as Express's simple parser reads it (a repeated name as an array). */
function queryOf(url: string | undefined): Record<string, unknown> {
  const at = url?.indexOf('?') ?? -1;
  return at === -1 || url === undefined ? {} : parseQuery(url.slice(at + 1));
}

/** `http://host:port`, for links to uploaded pictures. */
function originOf(req: http.IncomingMessage): string {
  const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
  return `${encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
}

const RETRY_AFTER = 'Retry-After';

/** The API's request handler: POST only; every answer is JSON with the security headers. */
export function apiRoute(options: ApiRouteOptions): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  const { latency, faultRate, random, validateReplies } = options;

  async function reply(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const form = await readForm(req);
    // The client went away mid-body: there is no one to answer, and nothing happened.
    if (form === undefined) return;
    if (form instanceof FormRefusal) {
      sendErrorReply(res, form.status, form.message, form.code);
      return;
    }
    const query = queryOf(req.url);

    // Login step 1, the e-mail lookup, is rate limited (docs/decisions/0010).
    if (query.crud === 'iduser') {
      const email = form.fields.email;
      const client = req.socket.remoteAddress ?? 'unknown';
      const refused = options.bank().admitLookup(client, typeof email === 'string' ? email : '');
      if (refused) {
        sendErrorReply(res, 429, refused.message, 'rate_limited', [RETRY_AFTER, String(refused.retryAfterSeconds)]);
        return;
      }
    }

    const decoded = decodeApiCall({ query, fields: form.fields, files: form.files });
    if (latency) {
      const keys = decoded.ok ? [decoded.name, selectorLabel(decoded.operation.selector).replace('crud=', '')] : [];
      const delay = delayFor(latency, keys, random);
      if (delay > 0) await sleep(delay);
    }
    if (!decoded.ok) {
      const failure = decodeFailureResult(decoded);
      sendJsonText(res, failure.status, JSON.stringify(failure.body));
      return;
    }
    if (faultRate && random() < faultRate) {
      sendErrorReply(res, 503, 'The bank is temporarily unavailable (simulated). Please try again.', 'simulated_fault');
      return;
    }
    const result = await answerApiCall(options.bank(), decoded, originOf(req), { validateReplies });
    sendJsonText(res, result.status, JSON.stringify(result.body));
  }

  /** Answers a call; an error of the mock itself is logged, and answered 500 with a fixed message. */
  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    try {
      await reply(req, res);
    } catch (error) {
      // The details go to the log only; the client gets a fixed message, never a stack.
      console.error(error);
      sendErrorReply(res, 500, 'Something went wrong in the mock bank', 'internal');
    }
  }

  return (req, res) => {
    if (req.method !== 'POST') {
      sendErrorReply(res, 405, 'Use POST for every call', 'method_not_allowed', ['Allow', 'POST']);
      return;
    }
    void answer(req, res);
  };
}
