/**
 * The API's request handling without a web framework: decode the call with the contract, authenticate
 * its token, ask the bank through the handlers, check the reply against the contract, and turn a
 * refusal by the bank into its status and JSON error. The Express app (app.ts) and the in-browser demo
 * (packages/demo, behind a service worker) both answer through it; each keeps its own transport:
 * body parsing, limits, headers, latency and fault injection.
 */
import { LRUCache } from 'lru-cache';
import {
  decode,
  operations,
  type Decoded,
  type DecodeFailure,
  type IncomingFile,
  type OperationName,
} from '@ebank/contract';
import type { Bank, LimitedCall } from '../bank/bank';
import { BankError } from '../bank/errors';
import { handlers } from './handlers';
import { errorResult, type JsonResult } from './reply';

/** A call as a transport received it. */
export interface ApiCall {
  /** The URL query (only `crud` is read; a repeated parameter as an array). */
  readonly query: Readonly<Record<string, unknown>>;
  /** The form's text fields (a repeated field as an array). */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly files: readonly IncomingFile[];
  /** The origin the call was made to (`http://host:port`), for links to uploaded pictures. */
  readonly origin: string;
}

/** What to answer: an HTTP status and the JSON body (the operation's reply, or a refusal). */
export interface ApiResult extends JsonResult {
  /** Whether the reply passed the contract's check (absent when it was not checked); for the journal. */
  readonly replyValid?: boolean;
  /** The customer whose token opened the call (absent when none did); for the journal. */
  readonly email?: string;
}

export interface AnswerOptions {
  /** Check every reply against the contract (a mismatch is a bug of the mock: 500). Default true. */
  readonly validateReplies?: boolean;
}

// -------------------------------------------------------------------------------------------------
// the limits on the calls no token opens (docs/decisions/0010)

/** A call as a transport received it, as far as its limits go. */
type LimitedApiCall = Pick<ApiCall, 'query' | 'fields'>;

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
export function rateLimitRefusal(bank: Bank, call: LimitedApiCall, client: string): ApiResult | undefined {
  const kind = limitedCallOf(call);
  if (kind === undefined) return undefined;
  const { email, password } = call.fields;
  // Login step 2's password, by which staff's sign-in is told (bank/credentials.ts).
  const secret = call.query.crud === 'userlogin' && typeof password === 'string' ? password : undefined;
  const refused = bank.admit(kind, client, typeof email === 'string' ? email : '', secret);
  if (!refused) return undefined;
  return {
    ...errorResult(429, refused.message, 'rate_limited'),
    headers: { 'Retry-After': String(refused.retryAfterSeconds) },
  };
}

// -------------------------------------------------------------------------------------------------
// answering a call

/** The API's answer to any method but POST. */
export const METHOD_NOT_ALLOWED: ApiResult = {
  ...errorResult(405, 'Use POST for every call', 'method_not_allowed'),
  headers: { Allow: 'POST' },
};

/**
 * The customer a call's token opens, if it opens one: for the journal of a call that a fault rule answers
 * in the bank's place, as the bank's own answers carry it.
 */
export async function customerOfCall(bank: Bank, name: OperationName, token: unknown): Promise<{ email?: string }> {
  const { auth } = operations[name];
  if (auth === 'none' || typeof token !== 'string') return {};
  const user = await bank.authenticate(token, auth === 'kyc' ? 'kyc' : 'user').catch(() => undefined);
  return user === undefined ? {} : { email: user.email };
}

/** Names the one operation a call asks for and validates its input (see the contract's `decode`). */
export const decodeApiCall = (call: Pick<ApiCall, 'query' | 'fields' | 'files'>): Decoded | DecodeFailure =>
  decode(call.query, call.fields, call.files);

/** The answer to a call that names no valid operation: 400 with every issue, field by field. */
export const decodeFailureResult = (failure: DecodeFailure): ApiResult =>
  errorResult(400, failure.message, failure.code, [...failure.issues]);

/**
 * Answers a decoded call: authenticates its token for the operation's kind of access, runs the
 * operation's handler, and checks the reply. A refusal by the bank ({@link BankError}) is answered with
 * its status; any other error is thrown to the caller (an internal error of the mock).
 */
/**
 * The replies found to match the contract, as `<operation>\n<JSON text>`: up to about 4 MB of text, the
 * least recently sent forgotten first. Whether a reply matches is a fixed function of the operation and
 * the text the client receives, so a text sent before is not checked again (decision 0039).
 */
const matchingReplies = new LRUCache<string, true>({
  maxSize: 4_000_000,
  sizeCalculation: (_value, key) => key.length,
});

/** What in a reply's JSON text does not match its operation's reply schema (undefined: all of it matches). */
function replyIssues(name: string, schema: Decoded['operation']['reply'], json: string) {
  const key = `${name}\n${json}`;
  if (matchingReplies.has(key)) return undefined;
  const check = schema.safeParse(JSON.parse(json));
  if (!check.success) return check.error.issues;
  matchingReplies.set(key, true);
  return undefined;
}

export async function answerApiCall(
  bank: Bank,
  decoded: Decoded,
  origin: string,
  options: AnswerOptions = {},
): Promise<ApiResult> {
  const stored: string[] = [];
  let customer: { email?: string } = {};
  try {
    const { operation } = decoded;
    const user =
      operation.auth === 'none'
        ? undefined
        : await bank.authenticate(decoded.token, operation.auth === 'kyc' ? 'kyc' : 'user');
    if (user) customer = { email: user.email };
    const context = user ? { bank, origin, stored, user, token: decoded.token ?? '' } : { bank, origin, stored };
    const handler = handlers[decoded.name] as (c: typeof context, i: unknown) => unknown;
    const reply = await handler(context, decoded.input);
    if (options.validateReplies ?? true) {
      const json = JSON.stringify(reply);
      const issues = replyIssues(decoded.name, operation.reply, json);
      if (issues) {
        console.error(`Reply of ${decoded.name} does not match the contract:`, issues);
        return {
          ...errorResult(500, 'The mock bank produced a reply that does not match the contract', 'contract_mismatch'),
          replyValid: false,
          ...customer,
        };
      }
      return { status: 200, body: reply, json, replyValid: true, ...customer };
    }
    return { status: 200, body: reply, ...customer };
  } catch (error) {
    if (error instanceof BankError) {
      // A refused request changes nothing: the files it brought are not kept.
      bank.discardUploads(stored);
      return { ...errorResult(error.status, error.message, error.code), ...customer };
    }
    throw error;
  }
}

/** Decodes and answers a call (for a transport with no latency or fault injection between the two). */
export async function handleApiCall(bank: Bank, call: ApiCall, options: AnswerOptions = {}): Promise<ApiResult> {
  const decoded = decodeApiCall(call);
  if (!decoded.ok) return decodeFailureResult(decoded);
  return answerApiCall(bank, decoded, call.origin, options);
}
