/**
 * The replay: each recorded request, in the order the proxy received them, sent again to a mock, and its
 * reply compared with the recorded one (compare.ts). Secrets were masked when recorded, and a persona is
 * named only by the pseudonym of its e-mail address, so the replay signs in on the mock with the address
 * given for that persona (--email; the demo persona by default) and puts that sign-in's token in each
 * request's `token` field, the passcode or PIN in a masked passcode or PIN field, and the address where
 * the recording has the persona's pseudonym. A request whose token the host refused (a 401: the session
 * had ended) is sent with a token the mock must refuse too, so that the two refusals are compared. A file
 * is replaced by a small image of the recorded type. A request holding a masked one-time code (an e-mail
 * or transfer code, a reset code) cannot be replayed and is skipped.
 */
import {
  API_PATH,
  createApiClient,
  fieldMeta,
  isApiError,
  operationNamed,
  operations,
  TOKEN_FIELD,
  type FieldMeta,
  type OperationName,
} from '@ebank/contract';
import { sampleImages } from '@ebank/contract/testing/images';
import * as z from 'zod/mini';
import { valuesAt, valuesFromOf } from '../openapi';
import { compareReplies, type Difference } from './compare';
import { MASK, type Exchange, type Json, type Recording } from './recording';
import { fetchInSandbox } from '../sandbox-fetch';
import { networkReason } from '../conformance/check';

/** The persona signed in when no address is given. */
export const DEFAULT_PERSONA = { email: 'demo@bank.test', passcode: '123456', pin: '1234' } as const;

/**
 * What the replay sends for a token the host refused. Any token the mock did not sign is refused as an
 * ended session is (tokens.ts: the same 401 and message), and a mock cannot sign this one: it is no JWT.
 */
export const REFUSED_TOKEN = 'contract-drift-refused-token';

export interface ReplayOptions {
  readonly recording: Recording;
  /** The mock's API base (the calls go to `${base}api/users.php`). */
  readonly base: string;
  /**
   * The addresses the recorded personas sign in with on the mock, in the order the recording lists them
   * (default: the demo persona's). Personas past the list, and requests whose persona the recording
   * cannot place, use the first.
   */
  readonly emails?: readonly string[] | undefined;
  /** The personas' passcode and PIN on the mock (default the seeded ones: 123456, 1234). */
  readonly passcode?: string | undefined;
  readonly pin?: string | undefined;
  /**
   * The mock's sandbox to replay in (every request names it in the `X-Mock-Sandbox` header), so that the
   * replay's writes change neither the mock's default bank nor another run's; none names the default bank.
   */
  readonly sandbox?: string | undefined;
  readonly fetch?: typeof fetch | undefined;
}

/** The replay could not start: nothing answered at the mock's address, or it refused a persona's sign-in. */
export class ReplayStopped extends Error {
  override readonly name = 'ReplayStopped';
}

const unreachable = (base: string, why?: string) =>
  new ReplayStopped(
    `Nothing answered at ${base}${why === undefined ? '' : ` (${why})`}: is the mock running, and listening there?`,
  );

export interface ExchangeResult {
  readonly seq: number;
  readonly operation: string;
  readonly wire: string;
  /** The replayed reply's status; undefined when nothing was sent. */
  readonly status: number | undefined;
  readonly recordedStatus: number;
  /** Why it was not sent. */
  readonly skipped?: string;
  readonly differences: readonly Difference[];
}

const unwrap = (schema: z.core.$ZodType): z.core.$ZodType =>
  schema instanceof z.ZodMiniOptional || schema instanceof z.ZodMiniDefault ? unwrap(schema.def.innerType) : schema;

/** The field builder's description of a request field of an operation. */
function metaOf(schema: z.core.$ZodType, field: string): FieldMeta | undefined {
  if (schema instanceof z.ZodMiniDiscriminatedUnion) {
    for (const option of schema.def.options) {
      const found = metaOf(option, field);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!(schema instanceof z.ZodMiniObject)) return undefined;
  const shape = schema.shape as Record<string, z.core.$ZodType>;
  const one = shape[field];
  return one === undefined ? undefined : fieldMeta.get(unwrap(one));
}

type Secret = { readonly use: 'pin' | 'passcode' } | { readonly skip: string };

/** What a masked field held: a PIN (four digits), a passcode, or a one-time code that cannot be replayed. */
function maskedSecret(operation: OperationName | undefined, field: string): Secret {
  if (/code/iu.test(field)) return { skip: `the one-time code in '${field}' was masked when recorded` };
  const meta = operation === undefined ? undefined : metaOf(operations[operation].request, field);
  if (meta?.kind === 'digits' && meta.length === 4) return { use: 'pin' };
  if (/pin/iu.test(field) && meta === undefined) return { use: 'pin' };
  return { use: 'passcode' };
}

const isFile = (value: Json): value is { name: string; type: string | null; size: number } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof value.name === 'string' &&
  typeof value.size === 'number' &&
  (typeof value.type === 'string' || value.type === null);

const imageOf = (type: string | null): Uint8Array<ArrayBuffer> => {
  const sample =
    type !== null && Object.hasOwn(sampleImages, type) ? sampleImages[type as keyof typeof sampleImages] : undefined;
  return new Uint8Array(sample ?? new Uint8Array(0));
};

interface Built {
  readonly search: string;
  readonly body: URLSearchParams | FormData;
}

/** The request to send again, with the secrets and the persona's address put back; or why it cannot be sent. */
function rebuild(
  exchange: Exchange,
  put: { readonly token: string | undefined; readonly pin: string; readonly passcode: string },
  emailOf: ReadonlyMap<string, string>,
  replies: ReadonlyMap<string, { readonly recorded: Json; readonly replayed: Json }>,
): Built | { readonly skip: string } {
  const operation = exchange.operation === null ? undefined : operationNamed(exchange.operation);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(exchange.request.query))
    for (const one of Array.isArray(value) ? value : [value])
      params.append(key, typeof one === 'string' ? one : JSON.stringify(one));

  const entries: [string, string | File][] = [];
  for (const [field, value] of Object.entries(exchange.request.fields)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (isFile(one)) {
        entries.push([field, new File([imageOf(one.type)], one.name, one.type === null ? {} : { type: one.type })]);
        continue;
      }
      if (typeof one !== 'string') {
        entries.push([field, JSON.stringify(one)]);
        continue;
      }
      if (one !== MASK) {
        entries.push([field, emailOf.get(one) ?? fromReplayedReply(operation, field, one, replies) ?? one]);
        continue;
      }
      if (field === TOKEN_FIELD) {
        if (put.token === undefined) return { skip: 'the sign-in on the mock gave no token' };
        entries.push([field, put.token]);
        continue;
      }
      const secret = maskedSecret(operation, field);
      if ('skip' in secret) return secret;
      entries.push([field, secret.use === 'pin' ? put.pin : put.passcode]);
    }
  }
  const multipart =
    exchange.request.contentType === 'multipart/form-data' || entries.some(([, value]) => typeof value !== 'string');
  if (multipart) {
    const form = new FormData();
    for (const [key, value] of entries) form.append(key, value);
    return { search: params.size > 0 ? `?${params}` : '', body: form };
  }
  const body = new URLSearchParams();
  for (const [key, value] of entries) if (typeof value === 'string') body.append(key, value);
  return { search: params.size > 0 ? `?${params}` : '', body };
}

/**
 * A value the host had listed in an earlier reply (a notification's id, as `x-values-from` says), put back as
 * the one the mock listed in the same place of its reply to the same request: ids differ from bank to bank.
 */
function fromReplayedReply(
  operation: OperationName | undefined,
  field: string,
  value: string,
  replies: ReadonlyMap<string, { readonly recorded: Json; readonly replayed: Json }>,
): string | undefined {
  const from = operation === undefined ? undefined : valuesFromOf(operation, field);
  const pair = from === undefined ? undefined : replies.get(from.operationId);
  if (from === undefined || pair === undefined) return undefined;
  const index = valuesAt(pair.recorded, from.path).indexOf(value);
  const replayed = index < 0 ? undefined : valuesAt(pair.replayed, from.path)[index];
  return typeof replayed === 'string' ? replayed : undefined;
}

/** How a row names an exchange's operation and how the wire names it. */
const namesOf = (exchange: Exchange) => ({
  operation: exchange.operation ?? 'unnamed',
  wire:
    exchange.wire ?? (typeof exchange.request.query.crud === 'string' ? `crud=${exchange.request.query.crud}` : '-'),
});

/**
 * The address each recorded persona signs in with on the mock: the n-th of `emails` for the n-th persona
 * the recording lists, the first for the personas past the list; and the address for the requests whose
 * persona the recording cannot place (`fallback`). The recording holds no address to sign in with.
 */
export function signInAddresses(
  recording: Pick<Recording, 'personas'>,
  emails: readonly string[] | undefined,
): { readonly byPseudonym: ReadonlyMap<string, string>; readonly fallback: string } {
  const given = emails !== undefined && emails.length > 0 ? emails : [DEFAULT_PERSONA.email];
  const fallback = given[0] ?? DEFAULT_PERSONA.email;
  return {
    byPseudonym: new Map(recording.personas.map((p, i) => [p.pseudonym, given[i] ?? fallback])),
    fallback,
  };
}

/** Replays every exchange of the recording, in order; one result per exchange. */
export async function replayRecording(options: ReplayOptions): Promise<ExchangeResult[]> {
  const base = options.base.endsWith('/') ? options.base : `${options.base}/`;
  const doFetch = fetchInSandbox(options.fetch, options.sandbox);
  const passcode = options.passcode ?? DEFAULT_PERSONA.passcode;
  const pin = options.pin ?? DEFAULT_PERSONA.pin;
  const { recording } = options;
  const { byPseudonym: emailOf, fallback } = signInAddresses(recording, options.emails);
  const client = createApiClient({ baseUrl: base, fetch: doFetch, token: () => undefined });

  /**
   * Why the mock refused a persona's sign-in, as the replay's stop. The mock answers an unknown address as a
   * wrong passcode (it does not tell who has an account), which would send the caller after the passcode:
   * its e-mail lookup says whether the address is known.
   */
  const refusedSignIn = async (email: string, why: string) => {
    const unknown = await client.call('lookupUser', { email }).then(
      () => false,
      (lookup: unknown) => isApiError(lookup) && lookup.code === 'not_found',
    );
    return new ReplayStopped(
      unknown
        ? `No account on the mock at ${base} uses ${email}: name the mock's personas with --email (default ${DEFAULT_PERSONA.email})`
        : `The mock at ${base} refused the sign-in of ${email}: ${why}`,
    );
  };

  /** Each persona's token on the mock, signed in once when first needed. */
  const tokens = new Map<string, Promise<string | undefined>>();
  const tokenOf = (email: string) => {
    let token = tokens.get(email);
    if (token === undefined) {
      token = client.call('login', { email, password: passcode, remeber: false }).then(
        (reply) => reply.jwt,
        async (error: unknown) => {
          // A replay with no session would report every operation as drifting: it stops, saying why.
          if (isApiError(error) && error.kind === 'network') throw unreachable(base);
          throw await refusedSignIn(email, error instanceof Error ? error.message : String(error));
        },
      );
      tokens.set(email, token);
    }
    return token;
  };

  /** The latest recorded and replayed reply of each operation, for the values later requests take from them. */
  const replies = new Map<string, { readonly recorded: Json; readonly replayed: Json }>();
  let answered = false;
  const results: ExchangeResult[] = [];
  for (const exchange of recording.exchanges) {
    const names = namesOf(exchange);
    const recordedStatus = exchange.reply.status;
    const needsToken = exchange.request.fields[TOKEN_FIELD] === MASK;
    // A token the host refused (the session had ended) stands for one the mock must refuse as well: a
    // fresh token would turn the recorded refusal into a 200 and report drift where there is none.
    const refused = needsToken && recordedStatus === 401;
    const persona = exchange.persona === null ? fallback : (emailOf.get(exchange.persona) ?? fallback);
    const token = refused ? REFUSED_TOKEN : needsToken ? await tokenOf(persona) : undefined;
    const built = rebuild(exchange, { token, pin, passcode }, emailOf, replies);
    if ('skip' in built) {
      results.push({
        seq: exchange.seq,
        ...names,
        status: undefined,
        recordedStatus,
        skipped: built.skip,
        differences: [],
      });
      continue;
    }
    let status: number;
    let text: string;
    try {
      const response = await doFetch(`${base}${API_PATH}${built.search}`, { method: 'POST', body: built.body });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // The network's own words (connect ECONNREFUSED ...), as the contract check says them.
      const why = networkReason(error);
      if (!answered) throw unreachable(base, why);
      results.push({
        seq: exchange.seq,
        ...names,
        status: undefined,
        recordedStatus,
        differences: [
          { kind: 'status', path: 'status', recorded: String(recordedStatus), replayed: `no reply (${why})` },
        ],
      });
      continue;
    }
    answered = true;
    let body: Json = null;
    let json = true;
    try {
      body = JSON.parse(text) as Json;
    } catch {
      json = false;
    }
    // A replayed sign-in of a persona gives the token the following requests use, as it did when recorded.
    if (exchange.operation === 'login' && typeof body === 'object' && body !== null && !Array.isArray(body)) {
      const jwt = body.jwt;
      const email = exchange.request.fields.email;
      const persona = typeof email === 'string' ? emailOf.get(email) : undefined;
      if (typeof jwt === 'string' && jwt !== '' && persona !== undefined) tokens.set(persona, Promise.resolve(jwt));
      // One the host let in and the mock does not: the persona cannot sign in there, and trying again
      // would only count another wrong passcode against it.
      if (persona !== undefined && recordedStatus === 200 && status !== 200) {
        throw await refusedSignIn(persona, typeof body.message === 'string' ? body.message : `HTTP ${String(status)}`);
      }
    }
    if (exchange.operation !== null) replies.set(exchange.operation, { recorded: exchange.reply.body, replayed: body });
    const differences = compareReplies(
      exchange.reply,
      { status, body, json },
      {
        pseudonymised: new Set(exchange.pseudonymised),
        pseudonym: recording.pseudonym,
      },
    );
    results.push({ seq: exchange.seq, ...names, status, recordedStatus, differences });
  }
  return results;
}

/** One row per operation, in the order each first appears in the recording. */
export interface DriftRow {
  readonly operation: string;
  readonly wire: string;
  /** Exchanges recorded, and how many of them were replayed. */
  readonly exchanges: number;
  readonly replayed: number;
  /** Why some were not replayed (each reason once). */
  readonly skipped: readonly string[];
  /** The differences found, each with the exchange it was found in. */
  readonly differences: readonly (Difference & { readonly seq: number })[];
  /** No difference (an operation none of whose exchanges could be replayed has none either). */
  readonly ok: boolean;
}

export function driftRows(results: readonly ExchangeResult[]): DriftRow[] {
  const byOperation = new Map<string, ExchangeResult[]>();
  for (const result of results)
    byOperation.set(result.operation, [...(byOperation.get(result.operation) ?? []), result]);
  return [...byOperation.values()].map((list) => {
    const differences = list.flatMap((r) => r.differences.map((d) => ({ ...d, seq: r.seq })));
    return {
      operation: list[0]?.operation ?? 'unnamed',
      wire: list[0]?.wire ?? '-',
      exchanges: list.length,
      replayed: list.filter((r) => r.skipped === undefined).length,
      skipped: [...new Set(list.flatMap((r) => (r.skipped === undefined ? [] : [r.skipped])))],
      differences,
      ok: differences.length === 0,
    };
  });
}

export const noDrift = (rows: readonly DriftRow[]) => rows.every((row) => row.ok);
