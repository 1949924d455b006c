/**
 * The comparison on small fixture contracts, one case per rule: operations added, removed or renamed on
 * the wire; request fields and files; reply fields; enums; optional or required; nested objects, arrays,
 * discriminated unions and the lenient reply forms; and what is no change (a description, an example).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { flag, imageFile, json, maybe, money, num, operations, str, text, type OperationDef } from '@ebank/contract';
import { wireJsonSchema } from '../openapi';
import { crud, marker, operation, operationOf } from '../../../contract/src/route';
import { diffContracts, diffFiles, type ContractOperations } from './diff';
import { shareFieldMeta } from './load';
import { diffSchemas } from './schema-diff';

type Meta = Parameters<typeof operation>[0];
type Schemas = Parameters<typeof operation>[1];

/** One fixture operation, built with the contract's own helper. */
const op = (schemas: Schemas, meta: Partial<Meta> = {}): OperationDef =>
  operationOf(
    operation({ selector: marker('thing'), auth: 'user', kind: 'mutation', summary: 'A thing', ...meta }, schemas),
  );

const reply = z.object({ status: str });

/** The changes between two versions of one operation `thing`, without the operation's name. */
const diffThing = (base: OperationDef, head: OperationDef) =>
  diffContracts({ thing: base }, { thing: head }).map(({ operation: _, ...change }) => change);

const requestDiff = (base: z.core.$ZodType, head: z.core.$ZodType) =>
  diffSchemas(wireJsonSchema(base), wireJsonSchema(head), 'request');
const replyDiff = (base: z.core.$ZodType, head: z.core.$ZodType) =>
  diffSchemas(wireJsonSchema(base), wireJsonSchema(head), 'reply');

describe('operations', () => {
  const base: ContractOperations = { thing: op({ reply }) };

  it('an added operation breaks the host, a removed one the portal', () => {
    const other = op({ reply }, { selector: marker('other') });
    expect(diffContracts(base, { ...base, other })).toEqual([
      { operation: 'other', path: 'operation', change: 'operation added', class: 'host' },
    ]);
    expect(diffContracts({ ...base, other }, base)).toEqual([
      { operation: 'other', path: 'operation', change: 'operation removed', class: 'portal' },
    ]);
  });

  it('a selector, token or kind changed breaks both', () => {
    const head = op({ reply }, { selector: crud('thing'), auth: 'none', kind: 'query' });
    expect(diffThing(op({ reply }), head)).toEqual([
      { path: 'selector', change: 'selector changed: thing → crud=thing', class: 'both' },
      { path: 'auth', change: 'token changed: user → none', class: 'both' },
      { path: 'kind', change: 'kind changed: mutation → query', class: 'both' },
    ]);
  });

  it('the whole contract compared with itself has no changes', () => {
    const live: ContractOperations = operations;
    expect(diffContracts(live, live)).toEqual([]);
  });
});

describe('request fields', () => {
  const amount = { amount: money() };
  const base = op({ request: z.strictObject({ ...amount, note: z.optional(text()) }), reply });

  it('a required field added breaks both, an optional one is compatible', () => {
    const head = op({
      request: z.strictObject({ ...amount, note: z.optional(text()), iban: text(), memo: z.optional(text()) }),
      reply,
    });
    expect(diffThing(base, head)).toEqual([
      { path: 'request.iban', change: 'required field added', class: 'both' },
      { path: 'request.memo', change: 'optional field added', class: 'compatible' },
    ]);
  });

  it('a field removed breaks the portal when the object is strict, else it is compatible', () => {
    expect(diffThing(base, op({ request: z.strictObject(amount), reply }))).toEqual([
      { path: 'request.note', change: 'field removed (was optional)', class: 'portal' },
    ]);
    const loose = requestDiff(z.object({ ...amount, note: text() }), z.object(amount));
    expect(loose).toEqual([
      { path: 'request.note', change: 'field removed (was required; extra fields are allowed)', class: 'compatible' },
    ]);
  });

  it('optional to required breaks the portal, required to optional the host', () => {
    const head = op({ request: z.strictObject({ amount: z.optional(money()), note: text() }), reply });
    expect(diffThing(base, head)).toEqual([
      { path: 'request.amount', change: 'required → optional', class: 'host' },
      { path: 'request.note', change: 'optional → required', class: 'portal' },
    ]);
  });

  it('an enum value added breaks the host, one removed the portal', () => {
    const before = z.strictObject({ currency: z.enum(['EUR', 'USD']) });
    expect(requestDiff(before, z.strictObject({ currency: z.enum(['EUR', 'USD', 'GBP']) }))).toEqual([
      { path: 'request.currency', change: 'enum value added: "GBP"', class: 'host' },
    ]);
    expect(requestDiff(before, z.strictObject({ currency: z.enum(['EUR']) }))).toEqual([
      { path: 'request.currency', change: 'enum value removed: "USD"', class: 'portal' },
    ]);
  });

  it('a type changed breaks both', () => {
    expect(requestDiff(z.strictObject({ n: z.string() }), z.strictObject({ n: z.number() }))).toEqual([
      { path: 'request.n', change: 'type changed: string → number', class: 'both' },
    ]);
  });

  it('limits: a longer maximum breaks the host, a shorter one the portal; a new pattern the portal', () => {
    expect(
      diffThing(
        op({ request: z.strictObject({ t: text({ max: 10 }) }), reply }),
        op({ request: z.strictObject({ t: text({ max: 20 }) }), reply }),
      ),
    ).toEqual([{ path: 'request.t', change: 'maxLength 10 → 20', class: 'host' }]);
    expect(
      requestDiff(
        z.strictObject({ t: z.string().check(z.maxLength(20)) }),
        z.strictObject({ t: z.string().check(z.maxLength(10)) }),
      ),
    ).toEqual([{ path: 'request.t', change: 'maxLength 20 → 10', class: 'portal' }]);
    expect(
      requestDiff(z.strictObject({ t: z.string() }), z.strictObject({ t: z.string().check(z.regex(/^\d+$/u)) })),
    ).toEqual([{ path: 'request.t', change: 'pattern added: "^\\\\d+$"', class: 'portal' }]);
  });

  it('a JSON field is compared inside: its document is a nested object', () => {
    const inner = (extra: z.core.$ZodLooseShape) => json(z.strictObject({ amount: money(), ...extra }));
    const base = op({ request: z.strictObject({ extra: inner({}) }), reply });
    const head = op({ request: z.strictObject({ extra: inner({ fee: money() }) }), reply });
    expect(diffThing(base, head)).toEqual([
      { path: 'request.extra.fee', change: 'required field added', class: 'both' },
    ]);
  });

  it('a discriminated union is compared variant by variant', () => {
    const code = z.strictObject({ action: z.literal('code'), email: text() });
    const reset = z.strictObject({ action: z.literal('reset'), email: text(), code: text() });
    const base = op({ request: z.discriminatedUnion('action', [code, reset]), reply });
    const resend = z.strictObject({ action: z.literal('resend'), email: text() });
    const resetWithPin = z.strictObject({ action: z.literal('reset'), email: text(), code: text(), pin: text() });
    expect(
      diffThing(base, op({ request: z.discriminatedUnion('action', [code, resetWithPin, resend]), reply })),
    ).toEqual([
      { path: 'request[action=reset].pin', change: 'required field added', class: 'both' },
      { path: 'request[action=resend]', change: 'variant added', class: 'host' },
    ]);
    expect(diffThing(base, op({ request: z.discriminatedUnion('action', [code]), reply }))).toEqual([
      // One variant left: one object whose `action` is one value, still told apart by it.
      { path: 'request[action=reset]', change: 'variant removed', class: 'portal' },
    ]);
  });

  it('the same field twice is no change, nor a description or an example alone', () => {
    expect(requestDiff(z.strictObject({ f: flag() }), z.strictObject({ f: flag() }))).toEqual([]);
    expect(
      requestDiff(
        z.strictObject({
          t: z.string().check(z.describe('Old words'), z.meta({ examples: ['a'] })),
        }),
        z.strictObject({
          t: z.string().check(z.describe('New words'), z.meta({ examples: ['b'] })),
        }),
      ),
    ).toEqual([]);
  });
});

describe('files', () => {
  const base = { pic: imageFile() };

  it('a required file added breaks both, an optional one is compatible, a removed one breaks the portal', () => {
    expect(diffFiles(base, { ...base, back: imageFile(), extra: imageFile(false) })).toEqual([
      { path: 'files.back', change: 'required file added', class: 'both' },
      { path: 'files.extra', change: 'optional file added', class: 'compatible' },
    ]);
    expect(diffFiles(base, {})).toEqual([{ path: 'files.pic', change: 'file removed', class: 'portal' }]);
  });

  it('optional to required breaks the portal; more types or a higher limit the host, fewer or lower the portal', () => {
    expect(diffFiles({ pic: imageFile(false) }, base)).toEqual([
      { path: 'files.pic', change: 'optional → required', class: 'portal' },
    ]);
    expect(diffFiles(base, { pic: imageFile(false) })).toEqual([
      { path: 'files.pic', change: 'required → optional', class: 'host' },
    ]);
    const png = { ...imageFile(), types: ['image/png'] as const, maxBytes: 1024 * 1024 };
    expect(diffFiles(base, { pic: png })).toEqual([
      { path: 'files.pic', change: 'file types removed: image/jpeg, image/gif, image/webp', class: 'portal' },
      { path: 'files.pic', change: 'size limit 5 MB → 1 MB', class: 'portal' },
    ]);
    expect(diffFiles({ pic: png }, base)).toEqual([
      { path: 'files.pic', change: 'file types added: image/jpeg, image/gif, image/webp', class: 'host' },
      { path: 'files.pic', change: 'size limit 1 MB → 5 MB', class: 'host' },
    ]);
  });

  it('an operation with a file changed says so under files.', () => {
    const before = op({ request: z.strictObject({ amount: money() }), files: base, reply });
    const after = op({ request: z.strictObject({ amount: money() }), files: {}, reply });
    expect(diffThing(before, after)).toEqual([{ path: 'files.pic', change: 'file removed', class: 'portal' }]);
  });
});

describe('reply fields', () => {
  const row = z.object({ id: str, status: z.enum(['Pending', 'Done']), note: maybe(str) });
  const base = z.object({ data: z.array(row), total: num });

  it('a required field added breaks the host, an optional one is compatible', () => {
    expect(replyDiff(base, z.extend(base, { currency: str, hint: maybe(str) }))).toEqual([
      { path: 'reply.currency', change: 'required field added', class: 'host' },
      { path: 'reply.hint', change: 'optional field added', class: 'compatible' },
    ]);
  });

  it('a field removed breaks the portal when it was required, not when it was optional', () => {
    const head = z.object({ data: z.array(z.omit(row, { id: true, note: true })), total: num });
    expect(replyDiff(base, head)).toEqual([
      { path: 'reply.data[].id', change: 'field removed (was required)', class: 'portal' },
      { path: 'reply.data[].note', change: 'field removed (was optional)', class: 'compatible' },
    ]);
  });

  it('required to optional breaks the portal, optional to required the host', () => {
    const head = z.object({ data: z.array(z.extend(row, { id: z.optional(str), note: str })), total: num });
    expect(replyDiff(base, head)).toEqual([
      { path: 'reply.data[].id', change: 'required → optional', class: 'portal' },
      { path: 'reply.data[].note', change: 'optional → required', class: 'host' },
      { path: 'reply.data[].note', change: 'no longer accepts null', class: 'host' },
    ]);
  });

  it('an enum value added breaks the portal, one removed the host', () => {
    const added = z.extend(row, { status: z.enum(['Pending', 'Done', 'Failed']) });
    expect(replyDiff(base, z.extend(base, { data: z.array(added) }))).toEqual([
      { path: 'reply.data[].status', change: 'enum value added: "Failed"', class: 'portal' },
    ]);
    const removed = z.extend(row, { status: z.enum(['Done']) });
    expect(replyDiff(base, z.extend(base, { data: z.array(removed) }))).toEqual([
      { path: 'reply.data[].status', change: 'enum value removed: "Pending"', class: 'host' },
    ]);
  });

  it('a type changed breaks both; a lenient form dropped or added is narrower or wider', () => {
    expect(replyDiff(base, z.extend(base, { total: z.boolean() }))).toEqual([
      { path: 'reply.total', change: 'type changed: number | string → boolean', class: 'both' },
    ]);
    // `str` (text or a number) becomes plain text: a host still sending a number no longer satisfies it.
    expect(replyDiff(z.object({ id: str }), z.object({ id: z.string() }))).toEqual([
      { path: 'reply.id', change: 'no longer accepts a number', class: 'host' },
    ]);
    // And null allowed: a portal built on the old contract does not expect it.
    expect(replyDiff(z.object({ id: str }), z.object({ id: z.nullable(str) }))).toEqual([
      { path: 'reply.id', change: 'now also accepts null', class: 'portal' },
    ]);
  });

  it('an operation whose reply changed says so under reply.', () => {
    const head = op({ reply: z.object({ status: str, code: str }) });
    expect(diffThing(op({ reply }), head)).toEqual([
      { path: 'reply.code', change: 'required field added', class: 'host' },
    ]);
  });
});

describe('field descriptions of a contract loaded from another commit', () => {
  it('are shared with the working tree, so the same field gives the same JSON Schema', () => {
    // A field as another copy of fields.ts builds it: its own registry, which openapi.ts does not read.
    const registry = z.registry<{ kind: 'text'; min: number; max: number; multiline: boolean }>();
    const field = z.string().check(z.maxLength(30));
    registry.add(field, { kind: 'text', min: 1, max: 30, multiline: false });
    const loaded: ContractOperations = { thing: op({ request: z.strictObject({ t: field }), reply }) };
    const live: ContractOperations = { thing: op({ request: z.strictObject({ t: text({ max: 30 }) }), reply }) };
    expect(diffContracts(loaded, live)).toEqual([
      { operation: 'thing', path: 'request.t', change: 'minLength 1 added', class: 'portal' },
    ]);
    shareFieldMeta(loaded, registry);
    expect(diffContracts(loaded, live)).toEqual([]);
  });
});
