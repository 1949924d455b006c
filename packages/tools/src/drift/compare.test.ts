/** What counts as drift between a recorded reply and a replayed one. */
import { describe, expect, it } from 'vitest';
import { compareReplies, textAgrees, type CompareContext } from './compare';
import { DEFAULT_PSEUDONYM_PATTERN } from './recording';

const context = (pseudonymised: string[] = []): CompareContext => ({
  pseudonymised: new Set(pseudonymised),
  pseudonym: new RegExp(DEFAULT_PSEUDONYM_PATTERN, 'gu'),
});
const reply = (body: unknown, status = 200) => ({ status, body: body as never, json: true });

describe('compareReplies', () => {
  it('finds nothing when only ids, times, tokens, balances and list lengths differ', () => {
    const recorded = { id: '1', created_at: 'a', jwt: '***', tb: { current_balance: 10 }, list: [{ status: 'ok' }] };
    const replayed = {
      id: '2',
      created_at: 'b',
      jwt: 'x.y.z',
      tb: { current_balance: 7 },
      list: [{ status: 'ok' }, { status: 'no' }],
    };
    expect(compareReplies(reply(recorded), reply(replayed), context())).toEqual([]);
  });

  it('reports the status, fees and percentages, statuses and messages that differ', () => {
    expect(
      compareReplies(
        reply({ percent: { percent: 10 }, icon: 'success', message: 'Done', fee: '1.00' }),
        reply({ percent: { percent: 5 }, icon: 'error', message: 'Refused', fee: 1 }, 400),
        context(),
      ),
    ).toEqual([
      { kind: 'status', path: 'status', recorded: '200', replayed: '400' },
      { kind: 'value', path: 'body.percent.percent', recorded: '10', replayed: '5' },
      { kind: 'value', path: 'body.icon', recorded: '"success"', replayed: '"error"' },
      { kind: 'value', path: 'body.message', recorded: '"Done"', replayed: '"Refused"' },
    ]);
  });

  it("compares values in a list's items only on the same record: other rows are state, a status of the same row is drift", () => {
    const row = (name: string, amount: number | string, status: string) => ({
      name,
      date: '2026-11-20T10:00:00Z',
      amount,
      transaction_type: 'debit',
      status,
    });
    // Other rows at the same places (the host's bank is not the mock's): only their shapes are compared.
    expect(
      compareReplies(
        reply({ transactions: [row('Rent', 900, 'confirmed'), row('Coffee', 4, 'pending')] }),
        reply({ transactions: [row('Transfer to Sam Lee', 150, 'pending'), row('Coffee', 4, 'pending')] }),
        context(),
      ),
    ).toEqual([]);
    // The same row, another status.
    expect(
      compareReplies(
        reply({ transactions: [row('Rent', 900, 'confirmed')] }),
        reply({ transactions: [row('Rent', '900.00', 'pending')] }),
        context(),
      ),
    ).toEqual([{ kind: 'value', path: 'body.transactions.0.status', recorded: '"confirmed"', replayed: '"pending"' }]);
    // Notifications are told apart by their ids; the notices a submission gives (no id) by their place.
    expect(
      compareReplies(
        reply({ notifications: [{ id: '7', title: 'Deposit confirmed', body: 'Your deposit was confirmed.' }] }),
        reply({ notifications: [{ id: '12', title: 'Welcome', body: 'Your account is ready.' }] }),
        context(),
      ),
    ).toEqual([]);
    expect(
      compareReplies(
        reply({ icon: 'success', trx_notif: [{ title: 'Transfer submitted', body: 'Awaiting confirmation.' }] }),
        reply({ icon: 'success', trx_notif: [{ title: 'Transfer sent', body: 'Awaiting confirmation.' }] }),
        context(),
      ),
    ).toEqual([
      { kind: 'value', path: 'body.trx_notif.0.title', recorded: '"Transfer submitted"', replayed: '"Transfer sent"' },
    ]);
    // A shape that differs in another row is still drift.
    expect(
      compareReplies(
        reply({ transactions: [row('Rent', 900, 'confirmed')] }),
        reply({ transactions: [{ ...row('Coffee', 4, 'pending'), amount: 'four' }] }),
        context(),
      ),
    ).toEqual([
      { kind: 'shape', path: 'body.transactions.0.amount', recorded: 'number 900', replayed: 'string "four"' },
    ]);
  });

  it('reports the shape: a key on one side only, another type; null and absent are the same', () => {
    expect(
      compareReplies(
        reply({ a: { b: 1 }, gone: 'x', none: null, list: [{ n: 1 }] }),
        reply({ a: { b: 'text' }, added: true, list: [{ n: 2, extra: [] }] }),
        context(),
      ),
    ).toEqual([
      { kind: 'shape', path: 'body.a.b', recorded: 'number 1', replayed: 'string "text"' },
      { kind: 'shape', path: 'body.gone', recorded: 'string "x"', replayed: '(absent)' },
      { kind: 'shape', path: 'body.list.0.extra', recorded: '(absent)', replayed: 'a list' },
      { kind: 'shape', path: 'body.added', recorded: '(absent)', replayed: 'boolean true' },
    ]);
    expect(compareReplies(reply({ pic: 'http://x/p.png' }), reply({ pic: null }), context())).toEqual([
      { kind: 'shape', path: 'body.pic', recorded: 'string "http://x/p.png"', replayed: 'null' },
    ]);
    expect(compareReplies({ status: 200, body: null, json: false }, reply({}), context())).toEqual([
      { kind: 'shape', path: 'body', recorded: 'not JSON', replayed: 'JSON' },
    ]);
  });

  it('ignores pseudonymised values, and reads a pseudonym in a message as any text', () => {
    expect(
      compareReplies(
        reply({
          data: { fullname: 'anon-0123abcd' },
          message: 'Sent to anon-0123abcd, code to anon-89abcdef@example.invalid.',
        }),
        reply({ data: { fullname: 'Dana Demo' }, message: 'Sent to Dana Demo, code to d***@bank.test.' }),
        context(['reply.body.data.fullname']),
      ),
    ).toEqual([]);
    expect(textAgrees('Sent to anon-0123abcd.', 'Paid to Dana.', /anon-[0-9a-f]{8}/gu)).toBe(false);
    expect(textAgrees('Plain', 'Plain.', /anon-[0-9a-f]{8}/gu)).toBe(false);
  });
});
