/**
 * The request journal on its own (dev-journal.ts): every secret of every operation masked, files shown
 * by name, type and size, the bound, the newest first, the filters, and the entries of calls that
 * named no operation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  encode,
  fieldMeta,
  operationNames,
  operations,
  selectorLabel,
  TOKEN_FIELD,
  type IncomingFile,
  type OperationName,
} from '@ebank/contract';
import { inputArbitrary, receive, sampleImages } from '@ebank/contract/testing';
import { BankError } from '../bank/errors';
import { isSecretField, Journal, JOURNAL_LIMIT, MASK, type AnsweredCall, type JournalEntry } from './dev-journal';

const TOKEN = 'header.claims.signature';

/** The fields of an operation's request schema (every variant of a union) that are of the digits kind. */
function digitFields(schema: z.core.$ZodType): string[] {
  if (schema instanceof z.ZodMiniDiscriminatedUnion) return schema.def.options.flatMap((o) => digitFields(o));
  if (!(schema instanceof z.ZodMiniObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodMiniType>).flatMap(([name, field]) => {
    const inner = field instanceof z.ZodMiniOptional || field instanceof z.ZodMiniDefault ? field.def.innerType : field;
    return fieldMeta.get(inner)?.kind === 'digits' ? [name] : [];
  });
}

const ok = { status: 200, body: {}, replyValid: true } as const;
/** Records a call and reads its entry back, as GET /__mock/journal shows it. */
function recorded(journal: Journal, call: AnsweredCall): JournalEntry {
  journal.record(call);
  const [entry] = journal.list();
  if (!entry) throw new Error('The call was not recorded');
  return entry;
}

const answered = (call: Partial<AnsweredCall['call']>, result: AnsweredCall['result'] = ok): AnsweredCall => ({
  call: { query: {}, fields: {}, files: [], ...call },
  result,
  startedAt: performance.now(),
});

describe('masking: every secret of every operation', () => {
  it.each(operationNames)('%s', async (name: OperationName) => {
    const operation = operations[name];
    const secrets = new Set([...digitFields(operation.request), TOKEN_FIELD]);
    const samples = fc.sample(inputArbitrary(name), { numRuns: 6, seed: 7 });
    for (const input of samples) {
      const wire = await receive(encode(name, input, { token: TOKEN }));
      const journal = new Journal();
      const entry = recorded(journal, answered(wire));

      expect(entry.operation).toBe(name);
      expect(entry.selector).toBe(selectorLabel(operation.selector));
      for (const [field, value] of Object.entries(wire.fields)) {
        const shown = entry.fields[field];
        if (secrets.has(field) || isSecretField(name, field)) expect(shown, field).toBe(MASK);
        else expect(shown, field).toBe(value);
      }
      for (const field of secrets) if (field in wire.fields) expect(entry.fields[field], field).toBe(MASK);
      for (const file of wire.files)
        expect(entry.fields[file.fieldname]).toEqual({
          name: file.originalname,
          type: expect.stringMatching(/^image\//u) as unknown,
          size: file.size,
        });
      // No file's bytes, and no token, anywhere in the entry.
      expect(JSON.stringify(entry)).not.toContain(TOKEN);
    }
  });

  it('masks exactly the passcodes, PINs, codes, passwords and the token of the whole contract', async () => {
    const masked = new Set<string>();
    for (const name of operationNames) {
      for (const input of fc.sample(inputArbitrary(name), { numRuns: 12, seed: 3 })) {
        const wire = await receive(encode(name, input, { token: TOKEN }));
        const entry = recorded(new Journal(), answered(wire));
        for (const [field, value] of Object.entries(entry.fields)) if (value === MASK) masked.add(field);
      }
    }
    expect([...masked].sort()).toEqual(
      [
        'c_pwd',
        'code',
        'con_pwd',
        'confirm',
        'n_pwd',
        'new_password',
        'password',
        'pin',
        'reset_code',
        'token',
        'ver_code',
      ].sort(),
    );
  });

  it('masks secret-looking fields of a call that names no operation, but not marker flags', () => {
    const entry = recorded(
      new Journal(),
      answered({
        fields: {
          password: 'hunter2',
          pin: '1234',
          confirm: '123456',
          email: 'a@b.test',
          pincheck: '1',
          updatepin: '1',
        },
      }),
    );
    expect(entry.operation).toBeNull();
    expect(entry.fields).toEqual({
      password: MASK,
      pin: MASK,
      confirm: MASK,
      email: 'a@b.test',
      pincheck: '1',
      updatepin: '1',
    });
  });

  it('shows a field named __proto__ as a field like any other', () => {
    const fields = JSON.parse('{"__proto__":"x","email":"a@b.test"}') as Record<string, unknown>;
    const entry = recorded(new Journal(), answered({ fields }));
    expect(Object.keys(entry.fields)).toEqual(['__proto__', 'email']);
    expect(JSON.stringify(entry.fields)).toBe('{"__proto__":"x","email":"a@b.test"}');
    expect(Object.getPrototypeOf(entry.fields)).toBe(Object.prototype);
  });

  it('masks every copy of a repeated secret, and shows files by name, type and size only', () => {
    const png: IncomingFile = {
      fieldname: 'depositPic',
      originalname: 'proof.png',
      size: sampleImages['image/png'].length,
      buffer: sampleImages['image/png'],
    };
    const text: IncomingFile = {
      fieldname: 'depositPic',
      originalname: 'notes.txt',
      size: 3,
      buffer: Uint8Array.of(1),
    };
    const entry = recorded(new Journal(), answered({ fields: { pin: ['1111', '2222'] }, files: [png, text] }));
    expect(entry.fields).toEqual({
      pin: [MASK, MASK],
      depositPic: [
        { name: 'proof.png', type: 'image/png', size: png.size },
        { name: 'notes.txt', type: null, size: 3 },
      ],
    });
  });
});

describe('the entries', () => {
  it('name the operation of an invalid call, and none for a call that names none or several', () => {
    const journal = new Journal();
    const invalid = recorded(
      journal,
      answered(
        { query: { crud: 'userlogin' }, fields: { email: 'x' } },
        { status: 400, body: { error: true, message: 'm' } },
      ),
    );
    expect(invalid).toMatchObject({ operation: 'login', selector: 'crud=userlogin', status: 400, replyValid: true });
    const none = recorded(journal, answered({ fields: {} }, { status: 400, body: { error: true, message: 'm' } }));
    expect(none).toMatchObject({ operation: null, selector: null, email: null });
    const several = recorded(
      journal,
      answered({ fields: { getprofile: '1', getcontact: '1' } }, { status: 400, body: {} }),
    );
    expect(several).toMatchObject({ operation: null, selector: null, replyValid: false });
    const unknownCrud = recorded(
      journal,
      answered({ query: { crud: 'nope' } }, { status: 400, body: '{"error":true,"message":"m"}' }),
    );
    expect(unknownCrud).toMatchObject({ operation: null, replyValid: true });
  });

  it('take the customer from the token, else from the e-mail field; and the reply check as made', () => {
    const journal = new Journal();
    expect(
      recorded(journal, answered({ fields: { getprofile: '1', token: TOKEN } }, { ...ok, email: 'demo@bank.test' })),
    ).toMatchObject({ email: 'demo@bank.test', operation: 'getProfile', replyValid: true });
    expect(
      recorded(
        journal,
        answered({ query: { crud: 'iduser' }, fields: { email: 'who@bank.test' } }, { status: 200, body: {} }),
      ),
    ).toMatchObject({ email: 'who@bank.test', replyValid: null });
    expect(
      recorded(journal, answered({ fields: { getprofile: '1' } }, { status: 500, body: {}, replyValid: false })),
    ).toMatchObject({ email: null, replyValid: false });
  });

  it('say when the call came in, and how long it took', () => {
    const journal = new Journal({ now: () => Date.parse('2030-01-02T03:04:05.000Z') });
    const entry = recorded(journal, { ...answered({}), startedAt: performance.now() - 250 });
    expect(entry.durationMs).toBeGreaterThanOrEqual(250);
    expect(entry.durationMs).toBeLessThan(5000);
    expect(Date.parse(entry.at)).toBeCloseTo(Date.parse('2030-01-02T03:04:05.000Z') - entry.durationMs, -1);
    expect(entry.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/u);
  });
});

describe('the journal', () => {
  const lookup = (email: string, status = 200) =>
    answered({ query: { crud: 'iduser' }, fields: { email } }, { status, body: {} });

  it('keeps the latest calls only, newest first', () => {
    const journal = new Journal({ limit: 3 });
    for (let i = 1; i <= 5; i++) journal.record(lookup(`u${i}@bank.test`));
    expect(journal.list().map((e) => e.email)).toEqual(['u5@bank.test', 'u4@bank.test', 'u3@bank.test']);
  });

  it('gives the newest call alone, across the ring’s wrap, and none once cleared', () => {
    const journal = new Journal({ limit: 3 });
    expect(journal.latest()).toBeUndefined();
    for (let i = 1; i <= 5; i++) {
      journal.record(lookup(`u${i}@bank.test`));
      expect(journal.latest()).toEqual(journal.list()[0]);
    }
    expect(journal.latest()?.email).toBe('u5@bank.test');
    journal.clear();
    expect(journal.latest()).toBeUndefined();
  });

  it(`keeps ${JOURNAL_LIMIT} by default`, () => {
    const journal = new Journal();
    for (let i = 0; i < JOURNAL_LIMIT + 20; i++) journal.record(lookup(`u${i}@bank.test`));
    const all = journal.list();
    expect(all).toHaveLength(JOURNAL_LIMIT);
    expect(all[0]?.email).toBe(`u${JOURNAL_LIMIT + 19}@bank.test`);
  });

  it('filters by operation, e-mail (in any case) and status, together', () => {
    const journal = new Journal();
    journal.record(lookup('a@bank.test'));
    journal.record(lookup('b@bank.test', 429));
    journal.record(
      answered({ query: { crud: 'userlogin' }, fields: { email: 'a@bank.test' } }, { status: 401, body: {} }),
    );
    const emails = (query: Record<string, unknown>) => journal.list(Journal.filter(query)).map((e) => e.email);
    expect(emails({ operation: 'lookupUser' })).toEqual(['b@bank.test', 'a@bank.test']);
    expect(emails({ email: 'a@bank.test' })).toEqual(['a@bank.test', 'a@bank.test']);
    expect(emails({ email: ' A@Bank.TEST ' })).toEqual(['a@bank.test', 'a@bank.test']);
    expect(emails({ email: 'c@bank.test' })).toEqual([]);
    expect(emails({ status: '429' })).toEqual(['b@bank.test']);
    expect(emails({ operation: 'lookupUser', email: 'a@bank.test', status: '200' })).toEqual(['a@bank.test']);
    expect(emails({ operation: '', email: '', status: '' })).toHaveLength(3);
  });

  it('takes the wire name the network tab shows as well as the TypeScript name', () => {
    const journal = new Journal();
    journal.record(lookup('a@bank.test'));
    journal.record(
      answered({ query: { crud: 'userlogin' }, fields: { email: 'b@bank.test' } }, { status: 401, body: {} }),
    );
    const emails = (query: Record<string, unknown>) => journal.list(Journal.filter(query)).map((e) => e.email);
    expect(emails({ operation: 'userlogin' })).toEqual(['b@bank.test']);
    expect(emails({ operation: 'crud=userlogin' })).toEqual(['b@bank.test']);
    expect(emails({ operation: 'login' })).toEqual(['b@bank.test']);
    expect(Journal.filter({ operation: 'userlogin' })).toEqual({ operation: 'login' });
  });

  it('refuses a bad filter with a 400 that says what is wrong', () => {
    const refusal = (query: Record<string, unknown>) => {
      try {
        Journal.filter(query);
      } catch (error) {
        if (error instanceof BankError) return { status: error.status, message: error.message };
      }
      return undefined;
    };
    expect(refusal({ status: 'ok' })).toEqual({ status: 400, message: 'status: must be an HTTP status such as 200' });
    expect(refusal({ status: '42' })?.status).toBe(400);
    expect(refusal({ operation: 'getinstitution' })?.message).toBe(
      'operation: not an operation of the contract (its TypeScript name, such as login, or its wire name, such as userlogin)',
    );
    expect(refusal({ email: ['a@bank.test', 'b@bank.test'] })).toEqual({ status: 400, message: 'email: give it once' });
    expect(refusal({ who: 'me' })).toEqual({ status: 400, message: 'Filter by operation, email or status only' });
  });

  it('shows a call as it was when recorded, however late the journal is read, and the same entry on every read', () => {
    let now = Date.parse('2030-01-02T03:04:05.000Z');
    const journal = new Journal({ now: () => now });
    const fields: Record<string, unknown> = { email: 'a@bank.test', password: 'hunter2' };
    journal.record(answered({ query: { crud: 'userlogin' }, fields }, { status: 401, body: {} }));
    now += 60_000;
    fields.email = 'b@bank.test';
    fields.password = 'changed';
    const [entry] = journal.list();
    expect(entry).toMatchObject({ operation: 'login', email: 'a@bank.test', status: 401 });
    expect(entry?.fields).toEqual({ email: 'a@bank.test', password: MASK });
    expect(Date.parse(entry?.at ?? '')).toBeCloseTo(
      Date.parse('2030-01-02T03:04:05.000Z') - (entry?.durationMs ?? 0),
      -1,
    );
    expect(journal.list()[0]).toBe(entry);
  });

  it('keeps the latest calls in order across clears and many rounds of its bound', () => {
    const journal = new Journal({ limit: 4 });
    for (let i = 0; i < 11; i++) journal.record(lookup(`u${i}@bank.test`));
    expect(journal.list().map((e) => e.email)).toEqual(['u10', 'u9', 'u8', 'u7'].map((u) => `${u}@bank.test`));
    journal.clear();
    for (let i = 0; i < 2; i++) journal.record(lookup(`v${i}@bank.test`));
    expect(journal.list().map((e) => e.email)).toEqual(['v1@bank.test', 'v0@bank.test']);
    expect(new Journal({ limit: 0 }).list()).toEqual([]);
  });

  it('is emptied by clear', () => {
    const journal = new Journal();
    journal.record(lookup('a@bank.test'));
    journal.clear();
    expect(journal.list()).toEqual([]);
  });
});
