import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@ebank/contract';
import { SAMPLE_PAYEE } from '@ebank/contract/testing';
import { MAX_ADVANCE_MINUTES, MAX_OFFSET_MINUTES } from '../bank/clock';
import { DEMO_PASSCODE, DEMO_PIN } from '../bank/seed';
import { failure, FIXED_START, minutesAfterStart, startBank, type Harness } from '../testing/harness';

const START = FIXED_START;
const at = minutesAfterStart;

let bank: Harness;
beforeAll(async () => {
  bank = await startBank({ now: () => START });
});
afterAll(() => bank.close());
beforeEach(() => bank.reset());

const clock = async () => {
  const reply = await bank.send('/__mock/clock');
  expect(reply.status).toBe(200);
  return (await reply.json()) as unknown;
};
const move = (body: unknown) => bank.post('__mock/clock', body);
const health = async () => (await (await bank.send('/__mock/health')).json()) as unknown;

describe('the bank clock (/__mock/clock)', () => {
  it('tells its offset and the bank time; moves forward; goes back on reset', async () => {
    expect(await clock()).toEqual({ offsetMinutes: 0, now: at(0) });
    const moved = await move({ advanceMinutes: 15 });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('content-type')).toMatch(/^application\/json/u);
    expect(await moved.json()).toEqual({ offsetMinutes: 15, now: at(15) });
    await move({ advanceMinutes: 60 });
    expect(await clock()).toEqual({ offsetMinutes: 75, now: at(75) });
    expect(await health()).toEqual({ ok: true, clockOffsetMinutes: 75 });

    expect(await (await move({ reset: true })).json()).toEqual({ offsetMinutes: 0, now: at(0) });
    expect(await health()).toEqual({ ok: true, clockOffsetMinutes: 0 });
  });

  it('is set back by POST /__mock/reset (a new seeded bank)', async () => {
    await move({ advanceMinutes: 1440 });
    await bank.reset();
    expect(await clock()).toEqual({ offsetMinutes: 0, now: at(0) });
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a number as text', { advanceMinutes: '15' }],
    ['zero minutes', { advanceMinutes: 0 }],
    ['negative minutes', { advanceMinutes: -5 }],
    ['part of a minute', { advanceMinutes: 1.5 }],
    ['more than a year', { advanceMinutes: MAX_ADVANCE_MINUTES + 1 }],
    ['both moves', { advanceMinutes: 5, reset: true }],
    ['an unknown field', { advanceMinutes: 5, by: 'staff' }],
    ['reset: false', { reset: false }],
    ['an array', [15]],
  ])('refuses %s with a 400 JSON error, and moves nothing', async (_what, body) => {
    const reply = await move(body);
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual({ error: true, code: 'invalid', message: expect.any(String) as unknown });
    expect(await clock()).toEqual({ offsetMinutes: 0, now: at(0) });
  });

  it('refuses malformed JSON, a form whose minutes are text, and a move past ten years ahead', async () => {
    const malformed = await bank.send('/__mock/clock', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"advanceMinutes":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: 'The request body could not be read' });
    const form = await bank.send('/__mock/clock', {
      method: 'POST',
      body: new URLSearchParams({ advanceMinutes: '15' }),
    });
    expect(form.status).toBe(400);

    for (let i = 0; i < MAX_OFFSET_MINUTES / MAX_ADVANCE_MINUTES; i++)
      await move({ advanceMinutes: MAX_ADVANCE_MINUTES });
    const past = await move({ advanceMinutes: 1 });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ message: expect.stringMatching(/reset it first/u) as unknown });
    expect(await clock()).toMatchObject({ offsetMinutes: MAX_OFFSET_MINUTES });
  });

  it('answers a method it does not take with 405 and the ones it does, and moves nothing', async () => {
    const put = await bank.send('/__mock/clock', { method: 'PUT', body: '{"advanceMinutes":5}' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, HEAD');
    expect(await put.json()).toEqual({
      error: true,
      message: '/__mock/clock takes GET or POST, not PUT',
      code: 'method_not_allowed',
    });
    expect(await clock()).toMatchObject({ offsetMinutes: 0 });
    const faults = await bank.send('/__mock/faults/fault-1', { method: 'GET' });
    expect(faults.status).toBe(405);
    expect(faults.headers.get('allow')).toBe('DELETE');
  });

  it('ends a session: a token expires once the clock passes its lifetime', async () => {
    const api = bank.client({ user: await bank.login('demo@bank.test') });
    await move({ advanceMinutes: 29 });
    await expect(api.call('getInstitution')).resolves.toBeTruthy();
    await move({ advanceMinutes: 1 });
    const error = await api.call('getInstitution').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401 });
  });

  it('ends a lockout, and expires an e-mailed code; new records carry the bank time', async () => {
    const api = bank.client();
    for (let i = 0; i < 5; i++)
      await api.call('login', { email: 'demo@bank.test', password: '000000', remeber: false }).catch(() => undefined);
    const locked = await api
      .call('login', { email: 'demo@bank.test', password: '123456', remeber: false })
      .catch((e: unknown) => e);
    expect(locked).toMatchObject({ status: 423 });
    await move({ advanceMinutes: 15 });
    await expect(bank.login('demo@bank.test')).resolves.toBeTruthy();

    await api.call('resendConfirmCode', { email: 'unverified@bank.test' });
    const [sent] = await bank.outbox('unverified@bank.test');
    expect(sent?.createdAt).toBe(at(15));
    await move({ advanceMinutes: 30 });
    const expired = await api
      .call('verifyEmail', { email: 'unverified@bank.test', ver_code: sent?.code ?? '', action: 'code' })
      .catch((e: unknown) => e);
    expect(expired).toMatchObject({ message: 'This code has expired. Ask for a new one.' });
  });
});

describe('the bank clock moved forward, then back', () => {
  const A_YEAR = MAX_ADVANCE_MINUTES;
  const ENDED = { status: 401, message: 'Your session has ended. Please log in again.' };
  const LOCKED_15 = (what: string) => ({
    status: 423,
    message: `Too many wrong ${what} attempts. Try again in 15 minutes.`,
  });
  const transfer = (amount: number) => ({ ...SAMPLE_PAYEE, amount });

  it('refuses a move of more than a year with a plain message, and moves nothing', async () => {
    const reply = await move({ advanceMinutes: A_YEAR + 1 });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual({
      error: true,
      code: 'invalid',
      message: `advanceMinutes: can be at most ${A_YEAR} minutes (a year) at a time`,
    });
    expect(await (await move({ advanceMinutes: 2.5 })).json()).toMatchObject({
      message: 'advanceMinutes: must be a whole number of minutes',
    });
    expect(await clock()).toEqual({ offsetMinutes: 0, now: at(0) });
    expect((await move({ advanceMinutes: A_YEAR })).status).toBe(200);
  });

  it("ends a 'Remember me' session signed in a year ahead once the clock goes back", async () => {
    await move({ advanceMinutes: A_YEAR });
    const { jwt } = await bank
      .client()
      .call('login', { email: 'demo@bank.test', password: DEMO_PASSCODE, remeber: true });
    const api = bank.client({ user: jwt });
    await expect(api.call('getInstitution')).resolves.toBeTruthy();
    await move({ reset: true });
    expect(await failure(api.call('getInstitution'))).toMatchObject(ENDED);
    // Signing in again gives a session as usual.
    await expect(
      bank.client({ user: await bank.login('demo@bank.test') }).call('getInstitution'),
    ).resolves.toBeTruthy();
  });

  /** A session of demo@bank.test signed in at the bank's time now (a session from ahead ends on a reset). */
  const signIn = async () => bank.client({ user: await bank.login('demo@bank.test') });

  it('a PIN lock set a year ahead lasts 15 minutes from the reset, then ends', async () => {
    const confirm = async (pin: string) => (await signIn()).call('confirmPin', { pin, extra: transfer(10) });
    await move({ advanceMinutes: A_YEAR });
    for (let i = 0; i < 4; i++) await failure(confirm('0000'));
    expect(await failure(confirm('0000'))).toMatchObject(LOCKED_15('PIN'));
    await move({ reset: true });
    expect(await failure(confirm(DEMO_PIN))).toMatchObject(LOCKED_15('PIN'));
    await move({ advanceMinutes: 14 });
    expect(await failure(confirm(DEMO_PIN))).toMatchObject({ status: 423 });
    await move({ advanceMinutes: 1 });
    await expect(confirm(DEMO_PIN)).resolves.toMatchObject({ status: 'success' });
  });

  it('wrong PINs count in a row across moves shorter than a lock, either way', async () => {
    const confirm = async (pin: string) => (await signIn()).call('confirmPin', { pin, extra: transfer(10) });
    for (const [minutes, left] of [
      [14, 4],
      [14, 3],
      [0, 2],
      [14, 1],
    ] as const) {
      if (minutes === 0) await move({ reset: true });
      else await move({ advanceMinutes: minutes });
      expect(await failure(confirm('0000'))).toMatchObject({
        status: 400,
        message: `Incorrect PIN. ${left} attempt${left === 1 ? '' : 's'} left.`,
      });
    }
    await move({ reset: true });
    expect(await failure(confirm('0000'))).toMatchObject(LOCKED_15('PIN'));
  });

  it('a transfer authorization code sent ahead has expired once the clock goes back; its lock lasts 15 minutes', async () => {
    const confirmCode = async (code: string) =>
      (await signIn()).call('confirmTransferCode', { code, extra: transfer(1500) });
    await move({ advanceMinutes: 60 });
    await (await signIn()).call('confirmPin', { pin: DEMO_PIN, extra: transfer(1500) });
    const [sent] = await bank.outbox('demo@bank.test');
    await move({ reset: true });
    expect(await failure(confirmCode(sent?.code ?? ''))).toMatchObject({
      status: 410,
      message: 'This authorization code has expired. Start the transfer again.',
    });

    await move({ advanceMinutes: A_YEAR });
    await (await signIn()).call('confirmPin', { pin: DEMO_PIN, extra: transfer(1500) });
    const [latest] = await bank.outbox('demo@bank.test');
    const code = latest?.code ?? '';
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) await failure(confirmCode(wrong));
    expect(await failure(confirmCode(wrong))).toMatchObject(LOCKED_15('authorization code'));
    await move({ reset: true });
    expect(await failure(confirmCode(code))).toMatchObject(LOCKED_15('authorization code'));
    await move({ advanceMinutes: 15 });
    expect(await failure(confirmCode(code))).toMatchObject({ status: 410 });
  });
});
