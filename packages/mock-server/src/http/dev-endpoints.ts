/**
 * The developer endpoints (health, the uploaded pictures, and the staff API of the contract's
 * `staffContract`: the staff state and decisions, account messages, the outbox, the request journal of
 * dev-journal.ts, the bank clock of dev-clock.ts, the named snapshots of dev-snapshots.ts, the fault rules
 * of fault-rules.ts, the reset),
 * without a web framework: each takes a plain request (path parameters, query, body) and gives a plain
 * reply (reply.ts). The Express app (app.ts) and the in-browser demo (packages/demo, behind a service
 * worker) are thin adapters over them, so both answer the same bytes with the same headers; each keeps
 * only its transport (reading the body, keeping the bank). What only the server serves (the way from the
 * old staff address to the admin area, the OpenAPI docs, the validating proxy, the web app's files) is
 * not here.
 */
import { sniffImageType, staffContract } from '@ebank/contract';
import type { Bank } from '../bank/bank';
import { refuse } from '../bank/errors';
import type { User } from '../bank/model';
import { jsonReply, NO_STORE, resultOfError, SECURITY_HEADERS, UPLOAD_CSP, type Reply } from './reply';
import { staffState, uploadPath } from './staff-state';
import { journalEndpoints, type Journal } from './dev-journal';
import { clockEndpoints, CLOCK_PATH } from './dev-clock';
import { snapshotEndpoints, SNAPSHOTS_PATH, type NamedSnapshots } from './dev-snapshots';
import type { BankSnapshot } from '../bank/model';
import { staffEndpoint, type StaffEndpoint } from './staff-endpoint';
import type { FaultRules } from './fault-rules';

// -------------------------------------------------------------------------------------------------
// the developer endpoints

/** The bank a transport keeps, as the developer endpoints use it. */
export interface DevHost {
  /** The sandbox's name (null or absent: the default bank, or the in-browser demo's one bank). */
  readonly name?: string | null;
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
  /** The fault rules (fault-rules.ts); not part of the bank, so a reset keeps them. */
  readonly faults: FaultRules;
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

const ok = (body: unknown) => jsonReply({ status: 200, body });

const param = (request: DevRequest, name: string) => {
  const value = request.params[name];
  return typeof value === 'string' ? value : '';
};

/** The image an upload holds, as the type its bytes show, whatever was claimed or stored with it. */
export function uploadReply(bank: Bank, id: string): Reply {
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
    body: staffState(await host.bank(), host.name ?? null),
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
  outbox: staffEndpoint(staffContract.getOutbox, { headers: NO_STORE })(async (host, { query }) => ({
    status: 200,
    body: (await host.bank())
      .outboxFor(query.to)
      .map((message) => ({ ...message, createdAt: new Date(message.createdAt).toISOString() })),
  })),
  faults: staffEndpoint(staffContract.listFaults, { headers: NO_STORE })((host) =>
    Promise.resolve({ status: 200, body: host.faults.list() }),
  ),
  addFault: staffEndpoint(staffContract.addFault)((host, { body }) =>
    Promise.resolve({ status: 201, body: host.faults.add(body) }),
  ),
  clearFaults: staffEndpoint(staffContract.clearFaults)((host) => {
    host.faults.clear();
    return Promise.resolve({ status: 200, body: { ok: true } });
  }),
  removeFault: staffEndpoint(staffContract.removeFault)((host, { params }) => {
    host.faults.remove(params.id);
    return Promise.resolve({ status: 200, body: { ok: true, id: params.id } });
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
  answer: async (host, request) => jsonReply(await answer(host, request)),
});

const endpoints = {
  health: {
    method: 'GET',
    path: '/__mock/health',
    answer: async (host) => ok({ ok: true, clockOffsetMinutes: (await host.bank()).clock.offsetMinutes }),
  },
  upload: {
    method: 'GET',
    path: uploadPath(':id'),
    answer: async (host, request) => uploadReply(await host.bank(), param(request, 'id')),
  },
  ...Object.fromEntries(Object.entries(staffEndpoints).map(([name, endpoint]) => [name, withJsonReply(endpoint)])),
} satisfies Record<string, DevEndpoint>;

/** Every developer endpoint, each answering what it refuses or fails at with {@link resultOfError}. */
export const DEV_ENDPOINTS: readonly DevEndpoint[] = Object.values(endpoints).map((endpoint): DevEndpoint => ({
  ...endpoint,
  answer: async (host, request) => {
    try {
      return await endpoint.answer(host, request);
    } catch (error) {
      return jsonReply(resultOfError(error));
    }
  },
}));

/** Where the fault rules are. */
export const FAULTS_PATH = staffContract.addFault.path;

/** Where the staff state and decisions are (their requests may carry a JSON or form body). */
export const STAFF_API_PATH = '/__mock/staff';

/** The other developer endpoints whose requests may carry a JSON or form body, read as the staff API's. */
export const DEV_BODY_PATHS: readonly string[] = [CLOCK_PATH, SNAPSHOTS_PATH, FAULTS_PATH];
