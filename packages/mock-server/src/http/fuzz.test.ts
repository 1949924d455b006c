/**
 * Fuzzing from the contract (ASVS V5 input handling): for every operation, valid requests from the
 * contract's generators and mutated ones (see ../testing/fuzz.ts), sent as raw HTTP to the app in both
 * form encodings, through supertest (a body cut short, over a socket of its own to the listening server). Valid ones get 2xx or a domain 4xx; mutated ones a 4xx JSON error with a
 * message and no change to the bank; nothing gets a 5xx. Set FUZZ_SEED to replay a run.
 */
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationNames, operations, type Auth, type OperationName, type WireEncoding } from '@ebank/contract';
import { inputArbitrary } from '@ebank/contract/testing';
import {
  mutationArbitrary,
  RawSender,
  shapeOf,
  toRequest,
  validForm,
  type Form,
  type Mutation,
  type MutationKind,
  type RawReply,
  type RawRequest,
} from '../testing/fuzz';
import { sendBytes, startBank, type Harness } from '../testing/harness';

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Valid inputs per operation, each sent in both encodings (operations with files: multipart twice). */
const VALID_INPUTS = 12;
const MUTATED = 260;
/** Requests in flight together; the bank's digest is compared around each batch of mutated ones. */
const BATCH = 40;
const MIN_REQUESTS = 10_000;
const ENCODINGS: readonly WireEncoding[] = ['urlencoded', 'multipart'];
/** Codes of a refusal by the codec or the parsers, which a valid request must never get. */
const MALFORMED_CODES = new Set([
  'invalid_request',
  'no_operation',
  'several_operations',
  'unknown_crud',
  'payload_too_large',
  'unsupported_media_type',
]);

let bank: Harness;
let sender: RawSender;
const totals = { valid: 0, mutated: 0, serverErrors: 0, sent: 0, kinds: new Map<MutationKind, number>() };

/** Sends a request as the fuzzer built it: through supertest, or over a socket when its body is cut short. */
async function send(raw: RawRequest): Promise<RawReply> {
  totals.sent++;
  if (raw.shortBy !== undefined) return sender.send(raw);
  const path = raw.path.startsWith('/') ? raw.path : `/${raw.path}`;
  const res = await sendBytes(request(bank.server).post(path).set(raw.headers), raw.body);
  const { text, headers } = res as { text: unknown; headers: Record<string, unknown> };
  const contentType = headers['content-type'];
  return {
    status: res.status,
    contentType: typeof contentType === 'string' ? contentType : '',
    text: typeof text === 'string' ? text : '',
  };
}

beforeAll(async () => {
  bank = await startBank();
  sender = new RawSender(new URL(bank.base));
});
afterAll(async () => {
  sender.close();
  await bank.close();
});

async function tokenFor(auth: Auth): Promise<string | undefined> {
  if (auth === 'user') return bank.login('demo@bank.test');
  if (auth === 'kyc')
    return (await bank.client().call('login', { email: 'kyc-new@bank.test', password: '123456', remeber: false })).jwt;
  return undefined;
}

/** What is wrong with a reply, or undefined when it is what the request deserves. */
function problemWith(reply: RawReply, request: 'valid' | 'mutated'): string | undefined {
  if (reply.status >= 500) totals.serverErrors++;
  if (reply.status >= 500 || reply.status < 200) return `answered ${reply.status}: ${reply.text.slice(0, 120)}`;
  if (!reply.contentType.startsWith('application/json'))
    return `answered ${reply.status} as '${reply.contentType}': ${reply.text.slice(0, 80)}`;
  let body: { error?: unknown; message?: unknown; code?: unknown };
  try {
    body = JSON.parse(reply.text) as typeof body;
  } catch {
    return `answered ${reply.status} with a body that is not JSON`;
  }
  if (reply.status >= 400) {
    if (body.error !== true || typeof body.message !== 'string' || body.message.trim() === '')
      return `answered ${reply.status} without an error message: ${reply.text.slice(0, 120)}`;
    if (request === 'valid' && typeof body.code === 'string' && MALFORMED_CODES.has(body.code))
      return `a valid request was refused (${reply.status}): ${body.message}`;
    return undefined;
  }
  if (request === 'mutated') return `a mutated request was accepted (${reply.status}): ${reply.text.slice(0, 120)}`;
  return reply.status < 300 ? undefined : `answered ${reply.status}`;
}

const chunks = <T>(items: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

describe('fuzzing every operation from the contract', () => {
  it.each(operationNames.map((name, index) => [name, index] as const))(
    '%s: valid requests are served, mutated ones refused with 4xx JSON and no change',
    async (name: OperationName, index) => {
      await bank.reset();
      const token = await tokenFor(operations[name].auth);
      const seed = SEED + index;
      const inputs = fc.sample(inputArbitrary(name), { numRuns: VALID_INPUTS, seed });
      const valid: { form: Form; encoding: WireEncoding }[] = await Promise.all(
        inputs.flatMap((input) => ENCODINGS.map((encoding) => validForm(name, input, token, encoding))),
      );
      const mutations = fc.sample(
        fc.tuple(
          mutationArbitrary(shapeOf(name)),
          fc.nat({ max: valid.length - 1 }),
          fc.constantFrom<WireEncoding>(...ENCODINGS),
        ),
        { numRuns: MUTATED, seed },
      );
      const failures: string[] = [];
      const describeMutation = ([m, , encoding]: readonly [Mutation, number, WireEncoding]) =>
        `${m.kind} (${m.what}, ${m.encoding ?? encoding})`;

      // Mutated requests first, in batches with nothing else in flight: the bank must not change.
      for (const batch of chunks(mutations, BATCH)) {
        const before = bank.app.bank().digest();
        const replies = await Promise.all(
          batch.map(([mutation, i, encoding]) => send(mutation.apply(valid[i]?.form ?? valid[0]!.form, encoding))),
        );
        if (bank.app.bank().digest() !== before)
          failures.push(
            `the bank changed during a batch of refused requests: ${batch.map(describeMutation).join('; ')}`,
          );
        replies.forEach((reply, k) => {
          const entry = batch[k]!;
          totals.mutated++;
          totals.kinds.set(entry[0].kind, (totals.kinds.get(entry[0].kind) ?? 0) + 1);
          const problem = problemWith(reply, 'mutated');
          if (problem) failures.push(`${describeMutation(entry)}: ${problem}`);
        });
      }

      // Then the valid ones, which reach the handlers with a real token.
      for (const batch of chunks(valid, BATCH)) {
        const replies = await Promise.all(batch.map(({ form, encoding }) => send(toRequest(form, encoding))));
        replies.forEach((reply, k) => {
          totals.valid++;
          const problem = problemWith(reply, 'valid');
          if (problem) failures.push(`valid (${batch[k]?.encoding ?? ''}): ${problem}`);
        });
      }

      expect(failures.slice(0, 8), `${failures.length} failures; replay with FUZZ_SEED=${SEED}`).toEqual([]);
    },
    30_000,
  );

  it(`sent at least ${MIN_REQUESTS} requests, none answered 5xx, and the server still answers`, async () => {
    const health = await request(bank.server).get('/__mock/health');
    console.log(
      `fuzz: ${totals.sent} requests sent (${totals.valid} valid, ${totals.mutated} mutated), ` +
        `${totals.serverErrors} answered 5xx; seed ${SEED}`,
    );
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ ok: true, clockOffsetMinutes: 0 });
    expect(totals.serverErrors).toBe(0);
    expect(totals.sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // Every kind of mutation was exercised, and nested names such as __proto__[polluted] polluted nothing.
    const kinds: MutationKind[] = [
      'missing',
      'duplicated',
      'oversize',
      'wrong-type',
      'nested-name',
      'bad-encoding',
      'truncated',
      'huge-count',
    ];
    for (const kind of kinds) expect(totals.kinds.get(kind) ?? 0, kind).toBeGreaterThan(100);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
