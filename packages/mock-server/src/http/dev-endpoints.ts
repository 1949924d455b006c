/**
 * The developer endpoints (health, outbox, the uploaded pictures, and the staff API of the contract's
 * `staffContract`: the staff state and decisions, account messages, the request journal of dev-journal.ts,
 * the bank clock of dev-clock.ts, the named snapshots of dev-snapshots.ts, the reset) and the limits on
 * the API calls no token opens, without a web framework: each takes a plain request (path parameters,
 * query, body) and gives a plain reply (status, every header, body). The Express app (app.ts) and the
 * in-browser demo (packages/demo, behind a service worker) are thin adapters over them, so both answer the
 * same bytes with the same headers; each keeps only its transport (reading the body, keeping the bank).
 * What only the server serves (the way from the old staff address to the admin area, the OpenAPI docs,
 * the validating proxy, the web app's files) is not here.
 */
import { sniffImageType, staffContract } from '@ebank/contract';
import type { Bank, LimitedCall } from '../bank/bank';
import { BankError, refuse } from '../bank/errors';
import type { User } from '../bank/model';
import { errorReply, type ApiResult } from './api-core';
import { staffState, uploadPath } from './staff-state';
import { journalEndpoints, type Journal } from './dev-journal';
import { clockEndpoints, CLOCK_PATH } from './dev-clock';
import { snapshotEndpoints, SNAPSHOTS_PATH, type NamedSnapshots } from './dev-snapshots';
import type { BankSnapshot } from '../bank/model';
import { staffEndpoint, type StaffEndpoint } from './staff-endpoint';

/** Headers on everything the server sends (ASVS V3): a strict CSP, no sniffing, no framing, no referrer. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** What an uploaded image is served with: nothing in it may run, load or be framed. */
export const UPLOAD_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A reply as any transport sends it. */
export interface Reply {
  readonly status: number;
  /** Every header of the reply, the security headers included. */
  readonly headers: Readonly<Record<string, string>>;
  /** JSON text, or an image's bytes. */
  readonly body: string | Uint8Array;
}

/** The security headers, then these, then the JSON Content-Type. */
const jsonHeaders = (headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> =>
  Object.freeze({ ...SECURITY_HEADERS, ...headers, 'Content-Type': JSON_TYPE });
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});
/** The headers of a JSON reply with no others, and of an API reply with no others: made once, shared. */
const JSON_HEADERS = jsonHeaders(NO_HEADERS);
const API_HEADERS = jsonHeaders({ 'Cache-Control': 'no-store' });

/** A JSON reply with the security headers (and these, before its Content-Type). */
export const jsonReply = (
  status: number,
  value: unknown,
  headers: Readonly<Record<string, string>> = NO_HEADERS,
): Reply => ({
  status,
  headers: headers === NO_HEADERS ? JSON_HEADERS : jsonHeaders(headers),
  body: JSON.stringify(value),
});

/** An {@link ApiResult} (a reply or an error of the API) as the API sends it: never cached. */
export const apiReply = (result: ApiResult, headers: Readonly<Record<string, string>> = NO_HEADERS): Reply =>
  headers === NO_HEADERS
    ? { status: result.status, headers: API_HEADERS, body: JSON.stringify(result.body) }
    : jsonReply(result.status, result.body, { 'Cache-Control': 'no-store', ...headers });

/** The API's answer to any method but POST. */
export const API_METHOD_NOT_ALLOWED: Reply = apiReply(
  { status: 405, body: errorReply('Use POST for every call', 'method_not_allowed') },
  { Allow: 'POST' },
);

// -------------------------------------------------------------------------------------------------
// the limits on the calls no token opens (docs/decisions/0010)

/** A call as a transport received it, as far as its limits go. */
interface LimitedApiCall {
  readonly query: Readonly<Record<string, unknown>>;
  readonly fields: Readonly<Record<string, unknown>>;
}

/** The marker fields of the two resends, which name no crud. */
const RESEND_MARKERS = ['resendconfirmcode', 'resendforgotcode'] as const;

/**
 * The limits a call counts against, read from its selector as sent (before it is decoded, so that a
 * malformed call counts too): every crud call and the resends; none for a call that a token opens.
 */
export function limitedCallOf(call: LimitedApiCall): LimitedCall | undefined {
  switch (call.query.crud) {
    case 'iduser':
      return 'lookup';
    case 'userlogin':
    case 'verifyuser':
      return 'signIn';
    case 'userforgot':
      // A new passcode with the code or link checks a secret; asking for one e-mails it.
      return call.fields.action === 'reset' ? 'signIn' : 'mail';
    case 'newuser':
      return 'signUp';
    case undefined:
      return RESEND_MARKERS.some((marker) => Object.hasOwn(call.fields, marker)) ? 'mail' : undefined;
    default:
      return undefined;
  }
}

/**
 * The calls no token opens are rate limited per client and per e-mail address, each kind with its own
 * limits (bank/rate-limits.ts): the 429 to answer when this one is over a limit (counting nothing),
 * else undefined (and it is counted). `client` names the caller: the server's client address, or the
 * demo's one browser.
 */
export function rateLimitRefusal(bank: Bank, call: LimitedApiCall, client: string): Reply | undefined {
  const kind = limitedCallOf(call);
  if (kind === undefined) return undefined;
  const { email } = call.fields;
  const refused = bank.admit(kind, client, typeof email === 'string' ? email : '');
  if (!refused) return undefined;
  return apiReply(
    { status: 429, body: errorReply(refused.message, 'rate_limited') },
    { 'Retry-After': String(refused.retryAfterSeconds) },
  );
}

// -------------------------------------------------------------------------------------------------
// the developer endpoints

/** The bank a transport keeps, as the developer endpoints use it. */
export interface DevHost {
  /** The bank as it stands now. */
  bank(): Bank | Promise<Bank>;
  /** Back to the seeded bank. */
  reset(): Promise<void>;
  /** The API calls answered (dev-journal.ts); not part of the bank, so a reset keeps it. */
  readonly journal: Journal;
  /** Replaces the bank with one holding a snapshot's records, on the same clock (dev-snapshots.ts). */
  restore(snapshot: BankSnapshot): Promise<void>;
  /** The named snapshots (dev-snapshots.ts); not part of the bank, so a reset keeps them. */
  readonly snapshots: NamedSnapshots;
}

/** A request to a developer endpoint as a transport received it. */
export interface DevRequest {
  /** The path's parameters (`:id`), decoded. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The URL query (a repeated parameter as an array). */
  readonly query: Readonly<Record<string, unknown>>;
  /** The body as read (JSON, or a form's fields); undefined when there is none. */
  readonly body?: unknown;
}

export interface DevEndpoint {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Its path, with `:name` parameters (the syntax of Express and of Mock Service Worker alike). */
  readonly path: string;
  /** Answers a request; a refusal by the bank is its status and JSON error, any other error a 500. */
  readonly answer: (host: DevHost, request: DevRequest) => Promise<Reply>;
}

/** The limit of a staff request's body (JSON or a form). */
export const STAFF_BODY_LIMIT_BYTES = 16 * 1024;

/** A customer by e-mail address (or by id). */
const customer = (bank: Bank, key: string): User =>
  key.includes('@') ? (bank.findByEmail(key) ?? refuse('not_found', 'No such customer')) : bank.user(key);

const ok = (value: unknown, headers?: Readonly<Record<string, string>>) => jsonReply(200, value, headers);

const param = (request: DevRequest, name: string) => {
  const value = request.params[name];
  return typeof value === 'string' ? value : '';
};

/** The image an upload holds, as the type its bytes show, whatever was claimed or stored with it. */
function uploadReply(bank: Bank, id: string): Reply {
  const upload = bank.upload(id);
  const type = upload ? sniffImageType(upload.bytes) : undefined;
  if (!upload || !type) refuse('not_found', 'No such upload');
  return {
    status: 200,
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': type,
      'Content-Security-Policy': UPLOAD_CSP,
      'Content-Disposition': 'inline; filename="upload"',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Cache-Control': 'private, max-age=3600',
    },
    body: upload.bytes,
  };
}

/** The staff API: every route of the staff contract. */
const staffEndpoints = {
  staffState: staffEndpoint(staffContract.getState)(async (host) => ({
    status: 200,
    body: staffState(await host.bank()),
  })),
  decideKyc: staffEndpoint(staffContract.decideKyc)(async (host, { params }) => {
    const bank = await host.bank();
    const user = customer(bank, params.email);
    bank.decideKyc(user.id, params.decision === 'approve');
    return { status: 200, body: { ok: true, email: user.email, kyc: user.kyc } };
  }),
  decideRequest: staffEndpoint(staffContract.decideRequest)(async (host, { params }) => {
    const decided = (await host.bank()).decideRequest(params.id, params.decision === 'confirm');
    return { status: 200, body: { ok: true, id: decided.id, status: decided.status } };
  }),
  setAccountMessage: staffEndpoint(staffContract.setAccountMessage)(async (host, { params, body }) => {
    const bank = await host.bank();
    const user = customer(bank, params.email);
    bank.setNotice(user.id, body);
    return { status: 200, body: { ok: true, email: user.email, notice: user.notice ?? null } };
  }),
  clearAccountMessage: staffEndpoint(staffContract.clearAccountMessage)(async (host, { params }) => {
    const bank = await host.bank();
    const user = customer(bank, params.email);
    bank.setNotice(user.id, undefined);
    return { status: 200, body: { ok: true, email: user.email, notice: null } };
  }),
  resetBank: staffEndpoint(staffContract.resetBank)(async (host) => {
    await host.reset();
    return { status: 200, body: { ok: true } };
  }),
  ...journalEndpoints(),
  ...clockEndpoints(),
  ...snapshotEndpoints(),
} satisfies Record<string, StaffEndpoint>;

/** A staff endpoint as a developer endpoint: its JSON answer with the security headers. */
const withJsonReply = ({ method, path, answer }: StaffEndpoint): DevEndpoint => ({
  method,
  path,
  answer: async (host, request) => {
    const { status, body, headers } = await answer(host, request);
    return jsonReply(status, body, headers);
  },
});

const endpoints = {
  health: {
    method: 'GET',
    path: '/__mock/health',
    answer: async (host) => ok({ ok: true, clockOffsetMinutes: (await host.bank()).clock.offsetMinutes }),
  },
  outbox: {
    method: 'GET',
    path: '/__mock/outbox',
    answer: async (host, { query }) => {
      const to = typeof query.to === 'string' ? query.to : undefined;
      const messages = (await host.bank()).outboxFor(to);
      return ok(
        messages.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })),
        { 'Cache-Control': 'no-store' },
      );
    },
  },
  upload: {
    method: 'GET',
    path: uploadPath(':id'),
    answer: async (host, request) => uploadReply(await host.bank(), param(request, 'id')),
  },
  ...Object.fromEntries(Object.entries(staffEndpoints).map(([name, endpoint]) => [name, withJsonReply(endpoint)])),
} satisfies Record<string, DevEndpoint>;

/** A refusal by the bank as its status and JSON error; anything else is an internal error of the mock. */
export function errorAsResult(error: unknown): ApiResult {
  if (error instanceof BankError) return { status: error.status, body: errorReply(error.message, error.code) };
  // The details go to the log only; the client gets a fixed message, never a stack.
  console.error(error);
  return { status: 500, body: errorReply('Something went wrong in the mock bank', 'internal') };
}

/** {@link errorAsResult} as a developer endpoint's reply. */
export const errorAsReply = (error: unknown): Reply => {
  const { status, body } = errorAsResult(error);
  return jsonReply(status, body);
};

/** Every developer endpoint, each answering with {@link errorAsReply} for what it refuses. */
export const DEV_ENDPOINTS: readonly DevEndpoint[] = Object.values(endpoints).map((endpoint): DevEndpoint => ({
  ...endpoint,
  answer: async (host, request) => {
    try {
      return await endpoint.answer(host, request);
    } catch (error) {
      return errorAsReply(error);
    }
  },
}));

/** Where the staff state and decisions are (their requests may carry a JSON or form body). */
export const STAFF_API_PATH = '/__mock/staff';

/** The other developer endpoints whose requests may carry a JSON or form body, read as the staff API's. */
export const DEV_BODY_PATHS: readonly string[] = [CLOCK_PATH, SNAPSHOTS_PATH];
