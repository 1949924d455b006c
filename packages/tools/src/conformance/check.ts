/**
 * The conformance check: signs in, fires every operation of the contract at a host exactly as the
 * portal sends it (the same client, the same encoder, the same bytes), and checks every reply against
 * the contract: the operation's reply schema for a 2xx, the error shape for a 4xx. Four requests the
 * contract refuses (no marker, two markers, a bad token, an unknown crud) must be refused in the
 * error shape. The result is one row per request; the command line (command.ts) prints them as a
 * table or as JSON, and writes them as a JUnit report.
 *
 * Inputs are the contract's own generators with a fixed seed, made right where the host would refuse
 * them for business reasons (the account's PIN, a coin type and plan the host offers, the profile as
 * it is). Writes go after the reads and change as little as they can: the e-mail, PIN and passcode
 * are "changed" to what they are, the profile is sent back as it was read.
 */
import fc from 'fast-check';
import * as z from 'zod/mini';
import {
  API_PATH,
  createApiClient,
  encode,
  ErrorReplySchema,
  hostErrorMessage,
  operationNames,
  operations,
  selectorLabel,
  TransferFieldsSchema,
  type CallArgs,
  type OperationDef,
  type OperationInput,
  type OperationName,
  type OperationReply,
  type Operations,
  type WireEncoding,
} from '@ebank/contract';
import { inputArbitrary, schemaArbitrary } from '@ebank/contract/testing';
import { fetchInSandbox } from '../sandbox-fetch';

/** The demo persona of the mock bank, used when no account is given. */
export const DEMO_ACCOUNT = { email: 'demo@bank.test', passcode: '123456', pin: '1234' } as const;
/** The generators' seed: the same inputs on every run. */
export const DEFAULT_SEED = 42;
/** The amount of every payment, deposit and transfer the check makes. */
export const CHECK_AMOUNT = 10;

/** A plan request (fixed deposit, upgrade) with the first plan and coin the bank's form offers. */
const withPlan = <T extends { plan: string; type: string }>(
  sample: T,
  form: { readonly plans: readonly { readonly plan_name: string }[]; readonly names: readonly string[] } | undefined,
): T => ({
  ...sample,
  plan: form?.plans[0]?.plan_name ?? sample.plan,
  type: form?.names[0] ?? sample.type,
  amount: CHECK_AMOUNT,
});

export interface CheckOptions {
  /** The API base (the host's address, ending with `/`; added when missing). */
  readonly base: string;
  readonly email?: string | undefined;
  readonly passcode?: string | undefined;
  /** The account's transaction PIN, for the transfer's confirmation and the PIN "change". */
  readonly pin?: string | undefined;
  /** Fire only the queries (and the sign-in): nothing on the account changes. */
  readonly readOnly?: boolean | undefined;
  /** Body encoding when no file is sent (the portal's default is urlencoded). */
  readonly encoding?: WireEncoding | undefined;
  readonly seed?: number | undefined;
  /** Send every request to this sandbox of the mock (`X-Mock-Sandbox`), which the mock makes at its first use. */
  readonly sandbox?: string | undefined;
  readonly fetch?: typeof fetch | undefined;
  /** Told of every row as it is made, with how long its request took (0 when nothing was sent). */
  readonly onRow?: ((row: CheckRow, durationMs: number) => void) | undefined;
}

/**
 * What a reply was checked against: the operation's reply schema, the error shape (a 4xx), the host's
 * habit of answering 200 with an error body, or nothing (no reply, or not fired).
 */
export type CheckedAgainst = 'reply' | 'error' | 'host-error' | 'none';

export interface CheckRow {
  /** The operation's name, or `refusal: ...` for a request the contract refuses. */
  readonly operation: string;
  /** How the request names it on the wire (`getinstituition`, `crud=iduser`). */
  readonly wire: string;
  /** The reply's HTTP status; undefined when there was no reply. */
  readonly status: number | undefined;
  readonly ok: boolean;
  readonly checkedAgainst: CheckedAgainst;
  /** What does not match, one `path: message` per zod issue (or why the row failed). */
  readonly issues: readonly string[];
  /** The message of an error reply, when the host refused the call. */
  readonly note?: string;
  /**
   * Not sent because an earlier step failed (the sign-in gave no token). The row fails like any other;
   * the cause is that step's own row, so reports may list it as skipped rather than as a failure.
   */
  readonly skipped?: true;
}

/** A row with how long its request took, in milliseconds (0 when nothing was sent). */
export interface TimedRow extends CheckRow {
  readonly durationMs: number;
}

/** The labels of the requests the contract refuses. */
export const REFUSALS = {
  noMarker: 'refusal: no marker',
  twoMarkers: 'refusal: two markers',
  badToken: 'refusal: bad token',
  unknownCrud: 'refusal: unknown crud',
} as const;

/** A run that stopped before it could check anything worth a row: one line, and the advice after it. */
export class CheckStopped extends Error {
  constructor(
    message: string,
    /** The line that follows the message: that nothing was checked, and what to look at. */
    readonly advice: string,
    /** Why, as a word (the JUnit report's error type). */
    readonly kind: 'unreachable' | 'not-found',
  ) {
    super(message);
    this.name = 'CheckStopped';
  }
}

/**
 * Nothing answered the check's first request at the host's address (nothing listens there, the name does
 * not resolve, the TLS handshake fails): no operation could be checked, so the run stops there instead of
 * giving every row the same failure. A host that has answered once and then stops keeps its rows.
 */
export class HostUnreachable extends CheckStopped {
  constructor(
    /** The API base, as checked. */
    readonly base: string,
    /** What the network said, such as `connect ECONNREFUSED 127.0.0.1:8080`. */
    readonly reason: string,
  ) {
    const port = URL.canParse(base) ? new URL(base).port : '';
    // fetch refuses the ports the fetch standard blocks (9, 25, 6000, ...) without trying them.
    super(
      `Nothing answered at ${base}: ${reason}`,
      reason === 'bad port'
        ? `No operation was checked: fetch never connects to port ${port}, one the fetch standard blocks; use another.`
        : 'No operation was checked: is the host running, and listening at that address?',
      'unreachable',
    );
    this.name = 'HostUnreachable';
  }
}

/**
 * The sign-in was answered 404: most likely the API is not at this base (the server answers, but not
 * there), else the account is unknown. Every call that needs a token would be skipped and the rest would
 * be judged against a page that is not the API, so the run stops there.
 */
export class SignInNotFound extends CheckStopped {
  constructor(
    readonly base: string,
    /** What the reply said, if it said anything. */
    readonly reply: string | undefined,
  ) {
    super(
      `The sign-in at ${base}${API_PATH} was answered 404${reply === undefined ? '' : `: ${reply}`}`,
      `No operation was checked: is ${base} the API's base (the calls go to ${base}${API_PATH}), and the account's address right?`,
      'not-found',
    );
    this.name = 'SignInNotFound';
  }
}

/**
 * What went wrong on the network, from fetch's error: the innermost cause (fetch's own message is only
 * "fetch failed"), every attempt's when several addresses were tried.
 */
export function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.cause !== undefined) return networkReason(error.cause);
  if (error instanceof AggregateError && error.errors.length > 0)
    return [...new Set(error.errors.map(networkReason))].join('; ');
  const code: unknown = Reflect.get(error, 'code');
  return error.message || (typeof code === 'string' ? code : error.name);
}

/** The label of the row that says the sign-in gave no user token. */
export const SIGN_IN_ROW = 'sign-in';

/** Operations fired while signing in, in every mode. */
export const SIGN_IN: readonly OperationName[] = ['lookupUser', 'login'];

/**
 * The order of the writes: the ones that change least first, the transfer's steps in their order,
 * the sign-up before the calls that need its e-mail, and the passcode last. A write missing here
 * (a new operation) is fired after these.
 */
export const WRITE_ORDER: readonly OperationName[] = [
  'markNotificationRead',
  'updateProfile',
  'updateProfilePicture',
  'changeEmail',
  'createPin',
  'changePin',
  'confirmPin',
  'createTransfer',
  'confirmTransferCode',
  'createPayment',
  'createFixedDeposit',
  'createUpgrade',
  'createCryptoDeposit',
  'submitVerification',
  'signup',
  'resendConfirmCode',
  'verifyEmail',
  'forgotPasscode',
  'resendForgotCode',
  'changePasscode',
];

/** The operations a run fires, in order: the sign-in, every query, then (unless read-only) the writes. */
export function planOperations(readOnly: boolean): OperationName[] {
  const queries = operationNames.filter((name) => operations[name].kind === 'query' && !SIGN_IN.includes(name));
  if (readOnly) return [...SIGN_IN, ...queries];
  const writes = operationNames.filter((name) => operations[name].kind === 'mutation' && !SIGN_IN.includes(name));
  const rank = (name: OperationName) => {
    const i = WRITE_ORDER.indexOf(name);
    return i === -1 ? WRITE_ORDER.length : i;
  };
  return [...SIGN_IN, ...queries, ...writes.sort((a, b) => rank(a) - rank(b))];
}

// ------------------------------------------------------------------------------------------------
// judging replies

interface Exchange {
  readonly status: number;
  readonly text: string;
}

type Verdict = Omit<CheckRow, 'operation' | 'wire'>;

const zodIssues = (error: z.core.$ZodError) =>
  error.issues.map((i) => `${i.path.map(String).join('.') || '(body)'}: ${i.message}`);

const describeError = (error: unknown) =>
  error instanceof Error
    ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
    : String(error);

function parseJson(text: string): { readonly ok: true; readonly value: unknown } | { readonly ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

const notJson = (exchange: Exchange): Verdict => ({
  status: exchange.status,
  ok: false,
  checkedAgainst: 'none',
  issues: [`(body): the reply is not JSON (${JSON.stringify(exchange.text.slice(0, 40))})`],
});

const noReply = (failure: unknown): Verdict => ({
  status: undefined,
  ok: false,
  checkedAgainst: 'none',
  issues: [`no reply: ${describeError(failure)}`],
});

const withNote = (verdict: Verdict, note: string | undefined): Verdict =>
  note === undefined || note === '' ? verdict : { ...verdict, note };

/** A 4xx must carry the error shape. */
function judgeError(exchange: Exchange, body: unknown): Verdict {
  const parsed = ErrorReplySchema.safeParse(body);
  const verdict: Verdict = {
    status: exchange.status,
    ok: parsed.success,
    checkedAgainst: 'error',
    issues: parsed.success ? [] : zodIssues(parsed.error),
  };
  return withNote(verdict, hostErrorMessage(body));
}

/** A call: a 2xx matches the operation's reply (or is the host's 200-with-error), a 4xx the error shape. */
export function judgeCall(operation: OperationDef, exchange: Exchange | undefined, failure?: unknown): Verdict {
  if (exchange === undefined) return noReply(failure);
  const json = parseJson(exchange.text);
  if (!json.ok) return notJson(exchange);
  const { status } = exchange;
  if (status >= 200 && status < 300) {
    const hostError = hostErrorMessage(json.value);
    if (hostError !== undefined)
      return withNote({ status, ok: true, checkedAgainst: 'host-error', issues: [] }, hostError);
    const parsed = operation.reply.safeParse(json.value);
    return {
      status,
      ok: parsed.success,
      checkedAgainst: 'reply',
      issues: parsed.success ? [] : zodIssues(parsed.error),
    };
  }
  if (status >= 400 && status < 500) return judgeError(exchange, json.value);
  const shape = ErrorReplySchema.safeParse(json.value);
  return withNote(
    {
      status,
      ok: false,
      checkedAgainst: 'error',
      issues: [
        `(status): ${status} is neither a reply (2xx) nor a refusal (4xx)`,
        ...(shape.success ? [] : zodIssues(shape.error)),
      ],
    },
    hostErrorMessage(json.value),
  );
}

/** A request the contract refuses: a 4xx in the error shape, or the host's 200-with-error. */
export function judgeRefusal(exchange: Exchange | undefined, failure?: unknown): Verdict {
  if (exchange === undefined) return noReply(failure);
  const json = parseJson(exchange.text);
  if (!json.ok) return notJson(exchange);
  const { status } = exchange;
  if (status >= 400 && status < 500) return judgeError(exchange, json.value);
  const hostError = hostErrorMessage(json.value);
  if (status >= 200 && status < 300 && hostError !== undefined)
    return withNote({ status, ok: true, checkedAgainst: 'host-error', issues: [] }, hostError);
  return {
    status,
    ok: false,
    checkedAgainst: 'none',
    issues: [`(status): expected a refusal (a 4xx error, or 200 with an error body), got ${status}`],
  };
}

// ------------------------------------------------------------------------------------------------
// inputs

type Input<K extends OperationName> = OperationInput<Operations[K]>;
type Replies = { -readonly [K in OperationName]?: OperationReply<Operations[K]> };

interface Session {
  readonly email: string;
  readonly passcode: string;
  readonly pin: string;
  /** The typed replies so far, for the inputs that depend on them. */
  readonly replies: Replies;
}

/** Makes a generated input right where the host would refuse it for business reasons. */
type Prepare = { readonly [K in OperationName]?: (sample: Input<K>, session: Session) => Input<K> };

/** Keeps only the values a field accepts (a host may hold values the contract would not take back). */
function accepted(schema: z.ZodMiniType, value: unknown): value is string {
  return typeof value === 'string' && z.safeDecode(schema, value).success;
}

function prepareFor(seed: number): Prepare {
  const payee = fc.sample(schemaArbitrary(TransferFieldsSchema), { numRuns: 1, seed })[0] as Omit<
    Input<'createTransfer'>,
    'extra'
  >;
  const transfer = { ...payee, amount: CHECK_AMOUNT };
  const sameSecret = (value: string) => ({ c_pwd: value, n_pwd: value, con_pwd: value });
  let signupEmail: string | undefined;

  return {
    lookupUser: (_, s) => ({ email: s.email }),
    login: (_, s) => ({ email: s.email, password: s.passcode, remeber: false }),
    markNotificationRead: (sample, s) => {
      const list = s.replies.getNotifications?.notifications ?? [];
      const target = list.find((n) => n.wasread === 'no') ?? list[0];
      return target ? { id: target.id } : sample;
    },
    updateProfile: (sample, s) => {
      // The profile as it is: nothing changes.
      const profile = s.replies.getProfile?.data;
      if (!profile) return sample;
      const shape = operations.updateProfile.request.shape;
      const input: Record<string, string> = {};
      for (const [key, schema] of Object.entries(shape) as [keyof typeof shape, z.ZodMiniType][]) {
        const value = profile[key];
        if (accepted(schema, value)) input[key] = value;
      }
      return { ...input, fullname: input.fullname ?? sample.fullname };
    },
    changeEmail: (_, s) => ({ email: s.email }),
    changePasscode: (sample, s) => (/^\d{6}$/u.test(s.passcode) ? sameSecret(s.passcode) : sample),
    changePin: (_, s) => sameSecret(s.pin),
    createPin: (_, s) => ({ pin: s.pin }),
    confirmPin: (_, s) => ({ pin: s.pin, extra: transfer }),
    createTransfer: () => ({ ...transfer, extra: transfer }),
    confirmTransferCode: (sample) => ({ code: sample.code, extra: transfer }),
    createPayment: (sample, s) => {
      const form = s.replies.getPaymentForm;
      return {
        ...sample,
        purpose: form?.purposes[0]?.purpose_name ?? sample.purpose,
        type: form?.names[0] ?? sample.type,
        amount: CHECK_AMOUNT,
      };
    },
    createFixedDeposit: (sample, s) => withPlan(sample, s.replies.getFixedDepositForm),
    createUpgrade: (sample, s) => withPlan(sample, s.replies.getUpgradeForm),
    createCryptoDeposit: (sample, s) => {
      const form = s.replies.getCryptoDepositForm;
      const type = form?.names[0] ?? sample.type;
      const address = form?.addresses2[type];
      const { address: _generated, ...rest } = sample;
      return { ...rest, type, amount: CHECK_AMOUNT, ...(address === undefined ? {} : { address }) };
    },
    submitVerification: (sample, s) => ({
      ...sample,
      type: s.replies.getDocumentTypes?.docs[0]?.doc_name ?? sample.type,
    }),
    signup: (sample) => {
      signupEmail = sample.email;
      return { ...sample, password: '654321', confirm: '654321' };
    },
    resendConfirmCode: (sample) => ({ email: signupEmail ?? sample.email }),
    verifyEmail: (sample) => ({ ...sample, email: signupEmail ?? sample.email }),
    forgotPasscode: (_, s) => ({ action: 'code', email: s.email }),
    resendForgotCode: (_, s) => ({ email: s.email }),
  };
}

// ------------------------------------------------------------------------------------------------
// the run

/** An unknown crud value, for the refusal. */
const UNKNOWN_CRUD = 'conformance-unknown';
/** What each refusal sends, for its wire label. */
const REFUSAL_WIRE: Readonly<Record<keyof typeof REFUSALS, string>> = {
  noMarker: 'token only',
  twoMarkers: `${selectorLabel(operations.getInstitution.selector)}+${selectorLabel(operations.getProfile.selector)}`,
  badToken: selectorLabel(operations.getInstitution.selector),
  unknownCrud: `crud=${UNKNOWN_CRUD}`,
};

/**
 * Runs the check and returns one row per request, in the order they were sent; throws
 * {@link HostUnreachable} when nothing answers the first request, {@link SignInNotFound} when the sign-in
 * is answered 404.
 */
export async function runConformance(options: CheckOptions): Promise<CheckRow[]> {
  const base = options.base.endsWith('/') ? options.base : `${options.base}/`;
  const doFetch = fetchInSandbox(options.fetch, options.sandbox);
  const seed = options.seed ?? DEFAULT_SEED;
  const session: Session = {
    email: options.email ?? DEMO_ACCOUNT.email,
    passcode: options.passcode ?? DEMO_ACCOUNT.passcode,
    pin: options.pin ?? DEMO_ACCOUNT.pin,
    replies: {},
  };
  const prepare = prepareFor(seed);
  const tokens: { user?: string | undefined; kyc?: string | undefined } = {};
  const rows: CheckRow[] = [];
  /** Whether the host has answered a request yet (with any status). */
  let answered = false;
  /** A request that got no reply: when none has had one, nothing answers at the address at all. */
  const noReplyYet = (failure: unknown) => {
    if (!answered) throw new HostUnreachable(base, networkReason(failure));
  };
  /** Adds a row; `since` is when its request was sent (`performance.now()`), if one was. */
  const push = (row: CheckRow, since?: number) => {
    rows.push(row);
    options.onRow?.(row, since === undefined ? 0 : performance.now() - since);
  };

  /** Fires one operation through the portal's own client and judges the raw reply. */
  async function fire(name: OperationName): Promise<void> {
    const operation: OperationDef = operations[name];
    const wire = selectorLabel(operation.selector);
    if (operation.auth === 'user' && tokens.user === undefined) {
      push({
        operation: name,
        wire,
        status: undefined,
        ok: false,
        checkedAgainst: 'none',
        issues: ['not fired: the sign-in gave no token'],
        skipped: true,
      });
      return;
    }
    const sample: unknown = fc.sample(inputArbitrary(name), { numRuns: 1, seed })[0];
    const make = prepare[name] as ((sample: unknown, session: Session) => unknown) | undefined;
    const input = make ? make(sample, session) : sample;

    let exchange: Exchange | undefined;
    let failure: unknown;
    const client = createApiClient({
      baseUrl: base,
      ...(options.encoding ? { encoding: options.encoding } : {}),
      token: (auth) => (auth === 'kyc' ? tokens.kyc : tokens.user),
      fetch: async (url, init) => {
        let response: Response;
        try {
          response = await doFetch(url, init);
        } catch (error) {
          failure = error;
          throw error;
        }
        answered = true;
        let text: string;
        try {
          text = await response.text();
        } catch (error) {
          // The reply broke off: sent and answered, but no whole body to judge.
          failure = error;
          throw error;
        }
        exchange = { status: response.status, text };
        const empty = [101, 204, 205, 304].includes(response.status);
        return new Response(empty ? null : text, { status: response.status, headers: response.headers });
      },
    });
    const sentAt = performance.now();
    try {
      const reply = await client.call(name, ...([input] as CallArgs<OperationName>));
      (session.replies as Record<string, unknown>)[name] = reply;
    } catch (error) {
      if (exchange === undefined && failure === undefined) {
        // The client refused the input before sending: the check's own input is wrong.
        push({
          operation: name,
          wire,
          status: undefined,
          ok: false,
          checkedAgainst: 'none',
          issues: [`not sent: ${describeError(error)}`],
        });
        return;
      }
    }
    if (exchange === undefined) noReplyYet(failure);
    push({ operation: name, wire, ...judgeCall(operation, exchange, failure) }, sentAt);
  }

  /** Sends a request the contract refuses, built from the portal's encoding of a real call. */
  async function refuse(label: keyof typeof REFUSALS): Promise<void> {
    const encoding = options.encoding ?? 'urlencoded';
    const token = tokens.user ?? tokens.kyc;
    const request =
      label === 'unknownCrud'
        ? encode('lookupUser', { email: session.email }, { encoding })
        : encode('getInstitution', {}, { token: label === 'badToken' ? 'conformance-bad-token' : token, encoding });
    const body = request.body;
    const institution = operations.getInstitution.selector.marker;
    if (label === 'noMarker') body.delete(institution);
    if (label === 'twoMarkers') body.append(operations.getProfile.selector.marker, '1');
    const search = label === 'unknownCrud' ? `?crud=${UNKNOWN_CRUD}` : request.search;

    let exchange: Exchange | undefined;
    let failure: unknown;
    const sentAt = performance.now();
    try {
      const response = await doFetch(`${base}${API_PATH}${search}`, {
        method: 'POST',
        body,
        headers: { Accept: 'application/json' },
      });
      answered = true;
      exchange = { status: response.status, text: await response.text() };
    } catch (error) {
      failure = error;
    }
    if (exchange === undefined) noReplyYet(failure);
    push({ operation: REFUSALS[label], wire: REFUSAL_WIRE[label], ...judgeRefusal(exchange, failure) }, sentAt);
  }

  const plan = planOperations(options.readOnly ?? false);
  const lastRead = plan.findLast((n) => operations[n].kind === 'query');
  for (const name of plan) {
    await fire(name);
    if (name === 'login') {
      const login = session.replies.login;
      const isUserToken =
        login?.role === 'admin' || login?.verification_status === undefined || login.verification_status === 'Verified';
      if (login?.jwt !== undefined) {
        if (isUserToken) tokens.user = login.jwt;
        else tokens.kyc = login.jwt;
      }
      if (tokens.user === undefined) {
        const why = login?.message ?? rows.at(-1)?.note ?? 'the login was refused';
        if (rows.at(-1)?.status === 404) throw new SignInNotFound(base, rows.at(-1)?.note);
        push({
          operation: SIGN_IN_ROW,
          wire: 'crud=userlogin',
          status: undefined,
          ok: false,
          checkedAgainst: 'none',
          issues: [`no user token for ${session.email}: ${why}`],
        });
      }
    }
    // The refusals go right after the reads, while the token is fresh and before anything changes.
    if (name === lastRead) {
      for (const label of Object.keys(REFUSALS) as (keyof typeof REFUSALS)[]) await refuse(label);
    }
  }
  return rows;
}

/** Whether every row passed. */
export const allPass = (rows: readonly CheckRow[]) => rows.length > 0 && rows.every((row) => row.ok);
