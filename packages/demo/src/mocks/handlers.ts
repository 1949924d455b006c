/**
 * The mock server's endpoints as Mock Service Worker handlers, for the demo that runs without a server:
 * the API (answered by the server's own code, api-core.ts, over the demo's bank), the uploaded pictures,
 * the outbox, the reset, and the staff console's JSON actions (its page is not part of the demo).
 * Each handler reads the request as the server's transport would and answers the same JSON.
 */
import { MAX_IMAGE_BYTES, sniffImageType, type IncomingFile } from '@ebank/contract';
import type { Bank } from '@ebank/mock-server/src/bank/bank';
import { BankError, refuse } from '@ebank/mock-server/src/bank/errors';
import type { User } from '@ebank/mock-server/src/bank/model';
import { errorResult, handleApiCall, type ApiResult } from '@ebank/mock-server/src/http/api-core';
import { staffState } from '@ebank/mock-server/src/http/staff-state';
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { DemoBank } from './demo-bank';

export interface DemoHandlerOptions {
  /** The origin the portal calls (its API base is `/`): the page's own. */
  readonly origin: string;
}

/** Every login lookup comes from this one browser (the server counts them per client address). */
const CLIENT = 'this browser';
/** The server's multipart limits that a browser could reach. */
const MAX_FILES = 3;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new HttpResponse(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });

const answer = (result: ApiResult, headers: Record<string, string> = {}) => json(result.body, result.status, headers);

/** Runs a developer action; a refusal by the bank is answered like the server's error middleware does. */
async function guarded(action: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof BankError) return answer(errorResult(error.status, error.message, error.code));
    console.error(error);
    return answer(errorResult(500, 'Something went wrong in the mock bank', 'internal'));
  }
}

type Values = Record<string, string | string[]>;

/** Adds a value; a repeated name becomes a list, as the server's body parsers make it. */
function add(values: Values, name: string, value: string) {
  const previous = values[name];
  values[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
}

interface Form {
  readonly fields: Values;
  readonly files: IncomingFile[];
}

/** The body as the server's transport reads it: either form encoding, or nothing; else an error. */
async function readForm(request: Request): Promise<Form | ApiResult> {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  const fields: Values = {};
  const files: IncomingFile[] = [];
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return errorResult(400, 'The multipart body is malformed', 'invalid_request');
    }
    for (const [name, value] of form) {
      if (typeof value === 'string') {
        add(fields, name, value);
        continue;
      }
      if (files.length === MAX_FILES) return errorResult(413, 'Too many files: at most 3', 'payload_too_large');
      if (value.size > MAX_IMAGE_BYTES)
        return errorResult(413, `${name}: must be at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`, 'payload_too_large');
      files.push({
        fieldname: name,
        originalname: value.name,
        size: value.size,
        buffer: new Uint8Array(await value.arrayBuffer()),
      });
    }
    return { fields, files };
  }
  const text = await request.text();
  if (type === 'application/x-www-form-urlencoded') {
    if (/%(?![0-9A-Fa-f]{2})/u.test(text))
      return errorResult(400, 'The form body has an invalid percent-escape', 'invalid_request');
    for (const [name, value] of new URLSearchParams(text)) add(fields, name, value);
    return { fields, files };
  }
  if (type === undefined && text === '') return { fields, files };
  return errorResult(
    415,
    'Send the body as multipart/form-data or application/x-www-form-urlencoded',
    'unsupported_media_type',
  );
}

const queryOf = (url: URL): Values => {
  const query: Values = {};
  for (const [name, value] of url.searchParams) add(query, name, value);
  return query;
};

/** A customer by id or by e-mail address (as the staff console names them). */
const customer = (bank: Bank, key: string): User =>
  key.includes('@') ? (bank.findByEmail(key) ?? refuse('not_found', 'No such customer')) : bank.user(key);

const param = (value: string | readonly string[] | undefined) => (typeof value === 'string' ? value : '');

export function demoHandlers(demo: DemoBank, { origin }: DemoHandlerOptions): RequestHandler[] {
  const at = (path: string) => `${origin}${path}`;

  return [
    // --- the API ---------------------------------------------------------------------------------
    http.post(at('/api/users.php'), ({ request }) =>
      guarded(async () => {
        const url = new URL(request.url);
        const form = await readForm(request);
        if (!('fields' in form)) return answer(form);
        const bank = await demo.current();
        const query = queryOf(url);
        if (query.crud === 'iduser') {
          const email = form.fields.email;
          const refused = bank.admitLookup(CLIENT, typeof email === 'string' ? email : '');
          if (refused)
            return answer(errorResult(429, refused.message, 'rate_limited'), {
              'Retry-After': String(refused.retryAfterSeconds),
            });
        }
        const result = await handleApiCall(bank, { query, fields: form.fields, files: form.files, origin: url.origin });
        await demo.save();
        return answer(result);
      }),
    ),
    http.all(at('/api/users.php'), () =>
      answer(errorResult(405, 'Use POST for every call', 'method_not_allowed'), { Allow: 'POST' }),
    ),

    // --- developer endpoints -------------------------------------------------------------------
    http.get(at('/__mock/health'), () => json({ ok: true })),
    http.get(at('/__mock/outbox'), ({ request }) =>
      guarded(async () => {
        const to = new URL(request.url).searchParams.get('to') ?? undefined;
        const bank = await demo.current();
        return json(bank.outboxFor(to).map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })));
      }),
    ),
    http.post(at('/__mock/reset'), () =>
      guarded(async () => {
        await demo.reset();
        return json({ ok: true });
      }),
    ),
    http.get(at('/__mock/uploads/:id'), ({ params }) =>
      guarded(async () => {
        const stored = (await demo.current()).upload(param(params.id));
        // Served only as the image type its bytes show, whatever was claimed or stored with it.
        const type = stored ? sniffImageType(stored.bytes) : undefined;
        if (!stored || !type) return answer(errorResult(404, 'No such upload', 'not_found'));
        return new HttpResponse(new Uint8Array(stored.bytes), {
          headers: {
            'Content-Type': type,
            'Content-Disposition': 'inline; filename="upload"',
            'X-Content-Type-Options': 'nosniff',
            'Cache-Control': 'private, max-age=3600',
          },
        });
      }),
    ),

    // --- the staff console's JSON actions --------------------------------------------------------
    http.get(at('/__mock/staff/state'), () => guarded(async () => json(staffState(await demo.current())))),
    http.post(at('/__mock/staff/kyc/:user/:decision'), ({ params }) =>
      guarded(async () => {
        const decision = param(params.decision);
        if (decision !== 'approve' && decision !== 'decline') refuse('not_found', 'Use approve or decline');
        const bank = await demo.current();
        const user = customer(bank, param(params.user));
        bank.decideKyc(user.id, decision === 'approve');
        await demo.save();
        return json({ ok: true, email: user.email, kyc: user.kyc });
      }),
    ),
    http.post(at('/__mock/staff/requests/:id/:decision'), ({ params }) =>
      guarded(async () => {
        const decision = param(params.decision);
        if (decision !== 'confirm' && decision !== 'decline') refuse('not_found', 'Use confirm or decline');
        const bank = await demo.current();
        const request = bank.decideRequest(param(params.id), decision === 'confirm');
        await demo.save();
        return json({ ok: true, id: request.id, status: request.status });
      }),
    ),
  ];
}
