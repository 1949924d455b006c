/**
 * Fault rules over HTTP (`/__mock/faults`, fault-rules.ts): a test fails, drops or delays an operation's
 * next calls, named by its TypeScript or its wire name; a bad rule is a 400 that says what is wrong and
 * adds nothing.
 */
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSCODE } from '../bank/seed';
import { testApp } from '../testing/harness';
import type { MockApp } from './app';
import { FaultRules, MAX_FAULT_RULES, SIMULATED_FAULT_MESSAGE } from './fault-rules';

let mock: MockApp;
beforeEach(async () => {
  mock = await testApp();
});

const lookup = () =>
  request(mock.express).post('/api/users.php?crud=iduser').type('form').send({ email: 'demo@bank.test' });
const addRule = (rule: unknown) =>
  request(mock.express)
    .post('/__mock/faults')
    .send(rule as object);

describe('/__mock/faults', () => {
  it('fails the next calls of an operation named by its wire name, then lets them through', async () => {
    const added = await addRule({ operation: 'iduser', status: 500, message: 'Core banking is down', times: 2 });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ operation: 'lookupUser', status: 500, times: 2, fired: 0, remaining: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await lookup().expect(500);
      expect(res.body).toMatchObject({ error: true, code: 'simulated_fault', message: 'Core banking is down' });
    }
    await lookup().expect(200);
    // The journal shows the failures as the client saw them.
    const journal = (await request(mock.express).get('/__mock/journal?operation=iduser')).body as { status: number }[];
    expect(journal.map((e) => e.status)).toEqual([200, 500, 500]);
    expect((await request(mock.express).get('/__mock/faults')).body).toMatchObject([{ fired: 2, remaining: 0 }]);
  });

  it("journals a call a rule fails with the customer its token opens, as the bank's answers are", async () => {
    const signedIn = await request(mock.express)
      .post('/api/users.php?crud=userlogin')
      .type('form')
      .send({ email: 'demo@bank.test', password: DEMO_PASSCODE, remeber: 'false' })
      .expect(200);
    const token = (signedIn.body as { jwt: string }).jwt;
    await addRule({ operation: 'getinstituition', times: 1 }).expect(201);
    const read = () => request(mock.express).post('/api/users.php').type('form').send({ getinstituition: '1', token });
    await read().expect(503);
    await read().expect(200);
    const journal = (await request(mock.express).get('/__mock/journal?operation=getinstituition')).body as {
      status: number;
      email: string | null;
    }[];
    expect(journal.map((e) => [e.status, e.email])).toEqual([
      [200, 'demo@bank.test'],
      [503, 'demo@bank.test'],
    ]);
  });

  it('fails with 503 and the usual words when the rule names only the operation (TypeScript name)', async () => {
    await addRule({ operation: 'lookupUser' }).expect(201);
    const res = await lookup().expect(503);
    expect(res.body).toMatchObject({ message: SIMULATED_FAULT_MESSAGE });
    await lookup().expect(503);
  });

  it('delays a call and then lets the bank answer', async () => {
    await addRule({ operation: 'iduser', latencyMs: 150 }).expect(201);
    const started = performance.now();
    await lookup().expect(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('drops a call: the connection closes with no reply', async () => {
    await addRule({ operation: 'userlogin', drop: true, times: 1 }).expect(201);
    const dropped = await request(mock.express)
      .post('/api/users.php?crud=userlogin')
      .type('form')
      .send({ email: 'demo@bank.test', password: DEMO_PASSCODE, remeber: 'false' })
      .then(
        () => 'answered',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    expect(dropped).toMatch(/socket hang up|ECONNRESET/u);
    await request(mock.express)
      .post('/api/users.php?crud=userlogin')
      .type('form')
      .send({ email: 'demo@bank.test', password: DEMO_PASSCODE, remeber: 'false' })
      .expect(200);
  });

  it('removes one rule by its id, leaving the others; an unknown id is a 404 that changes nothing', async () => {
    const first = (await addRule({ operation: 'iduser', status: 500 }).expect(201)).body as { id: string };
    const second = (await addRule({ operation: 'userlogin', drop: true }).expect(201)).body as { id: string };
    await request(mock.express).delete(`/__mock/faults/${first.id}`).expect(200, { ok: true, id: first.id });
    await lookup().expect(200);
    expect((await request(mock.express).get('/__mock/faults')).body).toMatchObject([{ id: second.id }]);
    const gone = await request(mock.express).delete(`/__mock/faults/${first.id}`).expect(404);
    expect(gone.body).toMatchObject({ error: true, message: `No fault rule '${first.id}'` });
    expect((await request(mock.express).get('/__mock/faults')).body).toHaveLength(1);
  });

  it('clears every rule', async () => {
    await addRule({ operation: 'iduser' }).expect(201);
    await request(mock.express).delete('/__mock/faults').expect(200, { ok: true });
    await lookup().expect(200);
    expect((await request(mock.express).get('/__mock/faults')).body).toEqual([]);
  });

  it.each([
    [{}, 'operation: is required'],
    [{ operation: 'getinstitution' }, 'operation: not an operation of the contract (its TypeScript or wire name)'],
    [{ operation: 'iduser', status: 200 }, 'status: must be 400 to 599'],
    [{ operation: 'iduser', rate: 2 }, 'rate: must be a number from 0 to 1'],
    [{ operation: 'iduser', times: 0 }, 'times: must be at least 1'],
    [{ operation: 'iduser', latencyMs: [500, 100] }, 'latencyMs: min must not exceed max'],
    [{ operation: 'iduser', latencyMs: [100, 200, 300] }, 'latencyMs: must be a number of milliseconds or [min, max]'],
    [{ operation: 'iduser', latencyMs: 'soon' }, 'latencyMs: must be a number of milliseconds or [min, max]'],
    [{ operation: 'iduser', latencyMs: 120_000 }, 'latencyMs: must be at most 60000'],
    [{ operation: 'iduser', drop: true, status: 503 }, 'A rule either drops calls or answers a status'],
    [
      { operation: 'iduser', when: 'always' },
      'A rule takes operation, status, message, latencyMs, drop, times and rate only',
    ],
  ])('refuses %j with a 400 that says what is wrong, adding nothing', async (rule, message) => {
    const res = await addRule(rule).expect(400);
    expect(res.body).toMatchObject({ error: true, message });
    expect((await request(mock.express).get('/__mock/faults')).body).toEqual([]);
  });
});

describe('FaultRules', () => {
  it('applies a rule to its share of calls by its rate', () => {
    const rules = new FaultRules();
    rules.add({ operation: 'getInstitution', rate: 0.5 });
    const draws = [0.1, 0.9, 0.4, 0.6];
    const fired = draws.map((draw) => rules.take('getInstitution', () => draw) !== undefined);
    expect(fired).toEqual([true, false, true, false]);
    expect(rules.take('login', () => 0)).toBeUndefined();
  });

  it('keeps a spent rule listed and removable by its id until the room is needed', () => {
    const rules = new FaultRules();
    const spent = rules.add({ operation: 'getInstitution', times: 1 });
    rules.take('getInstitution', () => 0);
    rules.add({ operation: 'login' });
    expect(rules.list().map((rule) => [rule.id, rule.remaining])).toEqual([
      [spent.id, 0],
      ['fault-2', null],
    ]);
    rules.remove(spent.id);
    expect(rules.list().map((rule) => rule.id)).toEqual(['fault-2']);
    // A full set makes room by forgetting the spent rules, then refuses when every rule is live.
    rules.clear();
    const first = rules.add({ operation: 'getInstitution', times: 1 });
    rules.take('getInstitution', () => 0);
    for (let i = 1; i < MAX_FAULT_RULES; i++) rules.add({ operation: 'login' });
    rules.add({ operation: 'login' });
    expect(rules.list().map((rule) => rule.id)).not.toContain(first.id);
    expect(rules.list()).toHaveLength(MAX_FAULT_RULES);
    expect(() => rules.add({ operation: 'login' })).toThrow(/^At most 100 fault rules are kept/u);
  });

  it('draws a delay between a range’s ends', () => {
    const rules = new FaultRules();
    rules.add({ operation: 'getInstitution', latencyMs: [100, 300] });
    expect(rules.take('getInstitution', () => 0.5)).toEqual({ delayMs: 200, drop: false });
  });
});
