/**
 * The mock server's endpoints as Mock Service Worker handlers, for the demo that runs without a server.
 * They differ from the server only in transport: the API is answered by the server's own request core
 * (api-core.ts) and the developer endpoints by its own endpoints (dev-endpoints.ts: health, outbox,
 * uploads, the staff API of the contract's `staffContract` that the portal's admin area calls, the
 * limits on the calls no token opens), over the demo's bank. What stays here is what Express and multer
 * do on the server: reading the body within the same limits, and keeping the bank (in session storage, as
 * the server keeps it in its state file). The server's OpenAPI docs and validating proxy are not part of
 * the demo.
 */
import { MAX_IMAGE_BYTES, receiveFields, receiveForm, type ReceivedForm } from '@ebank/contract';
import {
  customerOfCall,
  handleApiCall,
  METHOD_NOT_ALLOWED,
  rateLimitRefusal,
  type ApiResult,
} from '@ebank/mock-server/src/http/api-core';
import {
  DEV_BODY_PATHS,
  DEV_ENDPOINTS,
  STAFF_API_PATH,
  STAFF_BODY_LIMIT_BYTES,
  type DevHost,
} from '@ebank/mock-server/src/http/dev-endpoints';
import {
  apiReply,
  errorResult,
  jsonReply,
  REFUSALS,
  resultOfError,
  type Reply,
} from '@ebank/mock-server/src/http/reply';
import { delay, http, HttpResponse, type RequestHandler } from 'msw';
import { namedOperation } from '@ebank/mock-server/src/http/dev-journal';
import { FaultRules } from '@ebank/mock-server/src/http/fault-rules';
import type { DemoBank } from './demo-bank';

export interface DemoHandlerOptions {
  /** The origin the portal calls (its API base is `/`): the page's own. */
  readonly origin: string;
}

/** Every call comes from this one browser (the server counts the limited ones per client address). */
const CLIENT = 'this browser';
/** The server's multipart limits that a browser could reach. */
const MAX_FILES = 3;

/** A reply as the service worker sends it. */
const send = ({ status, headers, body }: Reply) =>
  new HttpResponse(typeof body === 'string' ? body : new Uint8Array(body), { status, headers });

/** The body as the server's transport reads it: either form encoding, or nothing; else an error. */
async function readForm(request: Request): Promise<ReceivedForm | ApiResult> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return errorResult(400, 'The multipart body is malformed', 'invalid_request');
    }
    // multer's limits, met in the order the parts came and before a file's bytes are copied.
    let count = 0;
    for (const [name, value] of form) {
      if (typeof value === 'string') continue;
      if (count++ === MAX_FILES) return errorResult(413, 'Too many files: at most 3', 'payload_too_large');
      if (value.size > MAX_IMAGE_BYTES)
        return errorResult(413, `${name}: must be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`, 'payload_too_large');
    }
    return receiveForm(form);
  }
  const text = await request.text();
  if (type === 'application/x-www-form-urlencoded') {
    if (/%(?![0-9A-Fa-f]{2})/u.test(text))
      return errorResult(400, 'The form body has an invalid percent-escape', 'invalid_request');
    return { fields: receiveFields(new URLSearchParams(text)), files: [] };
  }
  if (type === undefined && text === '') return { fields: {}, files: [] };
  return errorResult(
    415,
    'Send the body as multipart/form-data or application/x-www-form-urlencoded',
    'unsupported_media_type',
  );
}

/** An error the server's body parsers (express.json, express.urlencoded) would answer with. */
const bodyRefusal = (status: 400 | 413) => jsonReply(status === 413 ? REFUSALS.tooLarge : REFUSALS.unreadable);

/** A staff request's body as the server's parsers read it: JSON or a form; else none. */
async function readStaffBody(request: Request): Promise<{ readonly parsed: unknown } | Reply> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (request.body === null || (type !== 'application/json' && type !== 'application/x-www-form-urlencoded'))
    return { parsed: undefined };
  const text = await request.text();
  if (new TextEncoder().encode(text).length > STAFF_BODY_LIMIT_BYTES) return bodyRefusal(413);
  if (type === 'application/x-www-form-urlencoded') {
    return { parsed: receiveFields(new URLSearchParams(text)) };
  }
  if (text.trim() === '') return { parsed: {} };
  // Like express.json (strict): an object or an array only.
  if (!/^\s*[{[]/u.test(text)) return bodyRefusal(400);
  try {
    return { parsed: JSON.parse(text) as unknown };
  } catch {
    return bodyRefusal(400);
  }
}

/** Whether a developer endpoint's request may carry a body (JSON or a form), as on the server. */
const readsBody = (path: string) =>
  path.startsWith(`${STAFF_API_PATH}/`) || DEV_BODY_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/** The Mock Service Worker route method for each method of a developer endpoint. */
const VERBS = { GET: 'get', POST: 'post', DELETE: 'delete' } as const;

export function demoHandlers(demo: DemoBank, { origin }: DemoHandlerOptions): RequestHandler[] {
  const at = (path: string) => `${origin}${path}`;
  // The request journal is kept with the bank (a reload keeps it, as the server's outlives a page).
  const { journal } = demo;
  // The fault rules too (POST /__mock/faults): a test of the demo fails or delays calls as on the server.
  const faults = new FaultRules();
  const host: DevHost = {
    bank: () => demo.current(),
    reset: () => demo.reset(),
    journal,
    snapshots: demo.snapshots,
    restore: (snapshot) => demo.restore(snapshot),
    faults,
  };

  return [
    // --- the API ---------------------------------------------------------------------------------
    http.post(at('/api/users.php'), async ({ request }) => {
      const startedAt = performance.now();
      try {
        const url = new URL(request.url);
        const form = await readForm(request);
        if (!('fields' in form)) return send(apiReply(form));
        const bank = await demo.current();
        const query = receiveFields(url.searchParams);
        const call = { query, fields: form.fields, files: form.files };
        const refused = rateLimitRefusal(bank, call, CLIENT);
        if (refused) {
          journal.record({ call, result: refused, startedAt });
          await demo.save();
          return send(apiReply(refused));
        }
        // The fault rules (POST /__mock/faults), as the server applies them.
        const named = faults.empty ? null : namedOperation(query, form.fields);
        const fault = named === null ? undefined : faults.take(named, Math.random);
        if (fault) {
          if (fault.delayMs > 0) await delay(fault.delayMs);
          if (fault.drop) return HttpResponse.error();
          if (fault.fail) {
            const failed = {
              ...errorResult(fault.fail.status, fault.fail.message, 'simulated_fault'),
              ...(named === null ? {} : await customerOfCall(bank, named, form.fields.token)),
            };
            journal.record({ call, result: failed, startedAt });
            await demo.save();
            return send(apiReply(failed));
          }
        }
        const result = await handleApiCall(bank, { ...call, origin: url.origin });
        journal.record({ call, result, startedAt });
        await demo.save();
        return send(apiReply(result));
      } catch (error) {
        return send(apiReply(resultOfError(error)));
      }
    }),
    http.all(at('/api/users.php'), () => send(apiReply(METHOD_NOT_ALLOWED))),

    // Sandboxes belong to the mock server: here the one bank already lives in this browser.
    http.all(at('/__mock/sandbox*'), () =>
      send(
        jsonReply(
          errorResult(404, 'Sandboxes belong to the mock server: here the bank lives in this browser', 'not_found'),
        ),
      ),
    ),

    // --- developer endpoints ---------------------------------------------------------------------
    ...DEV_ENDPOINTS.map((endpoint) =>
      http[VERBS[endpoint.method]](at(endpoint.path), async ({ request, params }) => {
        const url = new URL(request.url);
        const read = readsBody(endpoint.path) ? await readStaffBody(request) : { parsed: undefined };
        if ('status' in read) return send(read);
        const reply = await endpoint.answer(host, {
          params,
          query: receiveFields(url.searchParams),
          body: read.parsed,
        });
        // The bank is kept after anything but a read, as the server's state file is.
        if (endpoint.method !== 'GET') await demo.save();
        return send(reply);
      }),
    ),
  ];
}
