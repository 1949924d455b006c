/**
 * The validating proxy (MOCK_UPSTREAM): the portal's API calls go on to the real host, byte for byte,
 * and the host's replies come back unchanged; on the way, both are checked against the contract. A
 * request the contract refuses is still forwarded (the point is to see what the host does with it).
 * Every mismatch is one JSON line on stderr and kept in memory for `GET /__mock/proxy/mismatches`
 * (newest first; `DELETE` clears them). With a record folder (MOCK_RECORD_DIR), each exchange the host
 * answered is also written there, masked and pseudonymised (recorder.ts), for `pnpm contract:drift`.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import {
  API_PATH,
  decode,
  ErrorReplySchema,
  hostErrorMessage,
  MAX_IMAGE_BYTES,
  operations,
  receiveFields,
  receiveForm,
  type ErrorReply,
  type OperationName,
  type ReceivedForm,
} from '@ebank/contract';
import type * as z from 'zod/mini';
import { namedOperation } from './dev-journal';
import { createRecorder } from './recorder';

export interface MismatchIssue {
  /** Where in the request or reply, dotted (`ct.whatsapp`); `''` for the whole of it. */
  readonly path: string;
  readonly message: string;
}

export interface Mismatch {
  readonly at: string;
  /** The operation the request names, when it names exactly one. */
  readonly operation: OperationName | null;
  readonly direction: 'request' | 'reply';
  /** The status the portal got (the host's, or 502 when the host could not be reached). */
  readonly status: number;
  readonly message: string;
  readonly issues: readonly MismatchIssue[];
  /** A request mismatch: whether it went on to the host anyway (always, unless the host was down). */
  readonly forwarded?: boolean;
}

/** Three images and the text fields, with room to spare; more is refused before it is read. */
const MAX_BODY_BYTES = 3 * MAX_IMAGE_BYTES + 1024 * 1024;
/** How long the host may take to answer. */
const TIMEOUT_MS = 30_000;
/** How many mismatches are kept (the oldest go first). */
const KEEP = 500;
/** Reply headers passed back to the portal with the body (the status and body are the host's). */
const PASSED_HEADERS = ['content-type', 'cache-control', 'retry-after'] as const;

const zodIssues = (error: z.core.$ZodError): MismatchIssue[] =>
  error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));

/** Reads the body the way the mock's own parsers would: a form in either encoding, with its files. */
async function readForm(contentType: string | undefined, body: Uint8Array): Promise<ReceivedForm | string> {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === undefined && body.length === 0) return { fields: {}, files: [] };
  if (type !== 'multipart/form-data' && type !== 'application/x-www-form-urlencoded')
    return `the body is ${type ?? 'untyped'}; the contract sends multipart/form-data or application/x-www-form-urlencoded`;
  let form: FormData;
  try {
    const request = new globalThis.Request('http://proxy.invalid/', {
      method: 'POST',
      body: body as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': contentType ?? '' },
    });
    form = await request.formData();
  } catch {
    return `the ${type} body cannot be read`;
  }
  return receiveForm(form);
}

/** Checks a reply: the operation's reply for a 2xx, the error shape for a 4xx or 5xx. */
function checkReply(operation: OperationName | null, status: number, text: string): Omit<Mismatch, 'at'> | undefined {
  const mismatch = (message: string, issues: MismatchIssue[]) => ({
    operation,
    direction: 'reply' as const,
    status,
    message,
    issues,
  });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return mismatch('The reply is not JSON', [{ path: '', message: `not JSON: ${JSON.stringify(text.slice(0, 60))}` }]);
  }
  if (status >= 400) {
    const parsed = ErrorReplySchema.safeParse(body);
    return parsed.success ? undefined : mismatch('The error reply is not in the error shape', zodIssues(parsed.error));
  }
  if (status < 200 || status >= 300)
    return mismatch(`The status ${status} is neither a reply nor an error`, [
      { path: '', message: `status ${status}` },
    ]);
  // The host's habit of answering 200 with an error body: the portal copes with it.
  if (hostErrorMessage(body) !== undefined) return undefined;
  if (operation === null)
    return mismatch('A request that names no operation was answered as a success', [
      { path: '', message: 'the contract answers it with a 4xx error' },
    ]);
  const parsed = operations[operation].reply.safeParse(body);
  return parsed.success ? undefined : mismatch(`The reply of ${operation} does not match`, zodIssues(parsed.error));
}

const describeError = (error: unknown) => {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'it did not answer in time';
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return detail ? `${error.message} (${detail})` : error.message;
};

export interface ProxyOptions {
  /** Write each exchange the host answered into this folder (recorder.ts); nothing is written when absent. */
  readonly recordDir?: string | undefined;
}

/** The proxy's two parts. */
export interface ValidatingProxy {
  /** The handlers of `POST /api/users.php`: it is forwarded to `${upstream}api/users.php`. */
  readonly forward: readonly RequestHandler[];
  /** `GET` and `DELETE /__mock/proxy/mismatches`. */
  readonly mismatches: Router;
}

export function validatingProxy(upstream: string, options: ProxyOptions = {}): ValidatingProxy {
  const base = upstream.endsWith('/') ? upstream : `${upstream}/`;
  const mismatches: Mismatch[] = [];
  const recorder = options.recordDir === undefined ? undefined : createRecorder(options.recordDir);

  const report = (mismatch: Omit<Mismatch, 'at'>) => {
    const entry: Mismatch = { at: new Date().toISOString(), ...mismatch };
    mismatches.unshift(entry);
    mismatches.length = Math.min(mismatches.length, KEEP);
    process.stderr.write(`${JSON.stringify(entry)}\n`);
  };

  const rawBody = express.raw({ type: () => true, limit: MAX_BODY_BYTES });

  const forwardCall = async (req: Request, res: Response) => {
    const body: Uint8Array = Buffer.isBuffer(req.body) ? req.body : new Uint8Array(0);
    const at = req.originalUrl.indexOf('?');
    const search = at === -1 ? '' : req.originalUrl.slice(at);
    const contentType = req.headers['content-type'];
    const arrivedAt = new Date();
    // Its place in the recording, taken on arrival: the replay keeps the order the calls came in.
    const seq = await recorder?.nextSeq();

    // The request, as the contract sees it (checked now, reported once the host has answered).
    const form = await readForm(contentType, body);
    // As the mock reads it: a name given twice is an array (`decode` refuses a repeated crud).
    const query = receiveFields(new URLSearchParams(search));
    let operation: OperationName | null;
    let refused: Omit<Mismatch, 'at' | 'status'> | undefined;
    if (typeof form === 'string') {
      operation = namedOperation(query, {});
      refused = {
        operation,
        direction: 'request',
        message: 'The contract refuses this request',
        issues: [{ path: 'content-type', message: form }],
      };
    } else {
      const decoded = decode(query, form.fields, form.files);
      operation = decoded.ok ? decoded.name : namedOperation(query, form.fields);
      if (!decoded.ok)
        refused = {
          operation,
          direction: 'request',
          message: `The contract refuses this request (${decoded.code}: ${decoded.message})`,
          issues:
            decoded.issues.length > 0
              ? decoded.issues.map((i) => ({
                  path: i.field,
                  message: i.message.startsWith(`${i.field}: `) ? i.message.slice(i.field.length + 2) : i.message,
                }))
              : [{ path: '', message: decoded.message }],
        };
    }

    // Forwarded as it came: the same query, body bytes and content type.
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${base}${API_PATH}${search}`, {
        method: 'POST',
        headers: {
          ...(contentType === undefined ? {} : { 'content-type': contentType }),
          accept: req.headers.accept ?? 'application/json',
        },
        ...(body.length > 0 ? { body: body as Uint8Array<ArrayBuffer> } : {}),
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      status = response.status;
      text = bytes.toString('utf8');
      // Written before the reply goes back, so that what the portal has seen is on disk.
      if (recorder !== undefined && seq !== undefined)
        await recorder.record(seq, {
          at: arrivedAt,
          operation,
          contentType,
          query,
          fields: typeof form === 'string' ? {} : form.fields,
          files: typeof form === 'string' ? [] : form.files,
          status,
          text,
        });
      res.status(status);
      for (const name of PASSED_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) res.setHeader(name, value);
      }
      res.end(bytes);
    } catch (error) {
      const reply: ErrorReply = {
        error: true,
        message: `The host at ${base} could not be reached: ${describeError(error)}`,
        code: 'upstream_unreachable',
      };
      res.status(502).json(reply);
      if (refused)
        report({
          ...refused,
          message: `${refused.message}; the host could not be reached`,
          status: 502,
          forwarded: false,
        });
      return;
    }

    if (refused)
      report({ ...refused, message: `${refused.message}; it was forwarded anyway`, status, forwarded: true });
    const replyMismatch = checkReply(operation, status, text);
    if (replyMismatch) report(replyMismatch);
  };

  const router = express.Router();
  router.get('/__mock/proxy/mismatches', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(mismatches);
  });
  router.delete('/__mock/proxy/mismatches', (_req, res) => {
    mismatches.length = 0;
    res.json({ ok: true });
  });
  return { forward: [rawBody, forwardCall], mismatches: router };
}
