/**
 * A fake bank behind `fetch`: it reads each request exactly as the real server does, with the
 * contract's `decode`, and answers from per-operation handlers. A request the contract refuses is
 * answered 400 and recorded in `rejected`, so a test sees when the app sends something malformed.
 */
import { decode, receiveForm, type Decoded, type OperationName } from '@ebank/contract';
import { vi } from 'vitest';

type CallOf<K extends OperationName> = Extract<Decoded, { name: K }>;

/** What a handler may answer: a JSON body (status 200), a full `Response`, or no reply at all. */
export type BankAnswer = Response | NetworkFailure | object;

export type BankHandlers = { [K in OperationName]?: (call: CallOf<K>) => BankAnswer | Promise<BankAnswer> };

/** Answer with no reply at all, as when the network is down. */
export const NETWORK_FAILURE: unique symbol = Symbol('network failure');
type NetworkFailure = typeof NETWORK_FAILURE;

/** The bank's error shape; an empty message is a failure "without a message". */
export const errorReply = (message = '', status = 400, code = 'test_error') =>
  Response.json({ error: true, message, code }, { status });

export function installFakeBank(handlers: BankHandlers = {}) {
  const calls: Decoded[] = [];
  const rejected: string[] = [];

  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(new URL(url instanceof Request ? url.url : url, window.location.href), init);
    const { fields, files } = await receiveForm(await request.formData());
    const decoded = decode(Object.fromEntries(new URL(request.url).searchParams), fields, files);
    if (!decoded.ok) {
      rejected.push(decoded.message);
      return errorReply(decoded.message, 400);
    }
    calls.push(decoded);
    const handler = handlers[decoded.name] as ((call: Decoded) => BankAnswer | Promise<BankAnswer>) | undefined;
    if (handler === undefined) return errorReply(`The fake bank has no answer for ${decoded.name}`, 501);
    const answer = await handler(decoded);
    if (answer === NETWORK_FAILURE) throw new TypeError('Failed to fetch');
    return answer instanceof Response ? answer : Response.json(answer);
  });

  vi.stubGlobal('fetch', fetch);

  return {
    fetch,
    calls,
    rejected,
    /** The decoded calls of one operation, typed. */
    callsTo<K extends OperationName>(name: K): CallOf<K>[] {
      return calls.filter((call): call is CallOf<K> => call.name === name);
    },
  };
}
