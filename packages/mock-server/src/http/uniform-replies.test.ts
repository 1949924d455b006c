/**
 * Which e-mail addresses have an account is shown by login step 1 only, by design and rate limited
 * (docs/decisions/0010). Login step 2 (`crud=userlogin`), the e-mail verification (`crud=verifyuser`)
 * and the passcode reset (`crud=userforgot`, asking for a code and using one) answer a known address
 * and an unknown one with the same status and the same bytes, wrong answer after wrong answer, through
 * the lock after the fifth, up to the rate limit's 429.
 */
import http from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATH } from '@ebank/contract';
import { startBank, type Harness } from '../testing/harness';

const START = Date.UTC(2030, 0, 15, 9, 0, 0);
let bank: Harness;
beforeAll(async () => {
  bank = await startBank({ now: () => START });
});
afterAll(() => bank.close());
beforeEach(() => bank.reset());

interface Raw {
  readonly status: number;
  readonly retryAfter: string | undefined;
  /** The body's bytes, as text. */
  readonly text: string;
}

/** Each address is tried from a loopback address of its own (the whole 127/8 is this machine). */
let nextClient = 2;

/** `tries` calls, from one client of their own, as forms through supertest. */
async function replies(tries: number, query: string, fields: Record<string, string>): Promise<Raw[]> {
  const agent = new http.Agent({ localAddress: `127.0.0.${nextClient++ % 250}` });
  const all: Raw[] = [];
  try {
    for (let i = 0; i < tries; i += 1) {
      const res = await request(bank.app.express).post(`/${API_PATH}${query}`).agent(agent).type('form').send(fields);
      all.push({ status: res.status, retryAfter: res.headers['retry-after'], text: res.text });
    }
  } finally {
    agent.destroy();
  }
  return all;
}

const UNKNOWN = 'nobody@example.test';
const statuses = (all: readonly Raw[]) => all.map((r) => r.status);

/** A code of the same length that is not `code`. */
const wrong = (code: string) => `${(Number(code.slice(0, 1)) + 1) % 10}${code.slice(1)}`;

describe('a known and an unknown address get the same status and bytes', () => {
  it('login step 2: a wrong passcode, through the lock, to the 429', async () => {
    const login = (email: string) => replies(11, '?crud=userlogin', { email, password: '000000', remeber: '0' });
    const unknown = await login(UNKNOWN);
    expect(statuses(unknown)).toEqual([400, 400, 400, 400, 423, 423, 423, 423, 423, 423, 429]);
    expect(JSON.parse(unknown[0]?.text ?? '')).toEqual({
      error: true,
      code: 'invalid',
      message: 'Incorrect passcode. 4 attempts left.',
    });
    expect(unknown.at(-1)?.retryAfter).toBe('60');
    for (const email of ['demo@bank.test', 'admin@bank.test', 'unverified@bank.test', 'Notice@Bank.test'])
      expect(await login(email), email).toEqual(unknown);
  });

  it('the e-mail verification: a wrong code, whether the address is unverified, verified or unknown', async () => {
    const sent = (await bank.outbox('unverified@bank.test'))[0]?.code ?? '';
    const verify = (email: string) => replies(11, '?crud=verifyuser', { email, ver_code: wrong(sent), action: 'code' });
    const unknown = await verify(UNKNOWN);
    expect(statuses(unknown)).toEqual([400, 400, 400, 400, 423, 423, 423, 423, 423, 423, 429]);
    expect(JSON.parse(unknown[0]?.text ?? '')).toEqual({
      error: true,
      code: 'invalid',
      message: 'Invalid code. 4 attempts left.',
    });
    for (const email of ['unverified@bank.test', 'demo@bank.test', 'kyc-new@bank.test'])
      expect(await verify(email), email).toEqual(unknown);
  });

  it('a reset request: the same answer, and the same 429 past five in 15 minutes', async () => {
    const ask = (email: string) => replies(6, '?crud=userforgot', { action: 'code', email });
    const unknown = await ask(UNKNOWN);
    expect(statuses(unknown)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(JSON.parse(unknown[0]?.text ?? '')).toEqual({
      status: 'success',
      message: 'Check your Email for further instructions.',
    });
    expect(unknown.at(-1)?.retryAfter).toBe('900');
    expect(await ask('demo@bank.test')).toEqual(unknown);
    expect(await bank.outbox('demo@bank.test')).toHaveLength(5);
  });

  it('a reset with a wrong code or link, whether a reset is waiting or not', async () => {
    await replies(1, '?crud=userforgot', { action: 'code', email: 'demo@bank.test' });
    await replies(1, '?crud=userforgot', { action: 'code', email: UNKNOWN });
    const sent = (await bank.outbox('demo@bank.test'))[0]?.code ?? '';
    const reset = (email: string, code: string) =>
      replies(11, '?crud=userforgot', { action: 'reset', email, reset_code: code, new_password: '246810' });
    const unknown = await reset(UNKNOWN, wrong(sent));
    expect(statuses(unknown)).toEqual([400, 400, 400, 400, 423, 423, 423, 423, 423, 423, 429]);
    expect(JSON.parse(unknown[0]?.text ?? '')).toEqual({
      error: true,
      code: 'invalid',
      message: 'Invalid reset code. 4 attempts left.',
    });
    // A reset waiting (demo), none (nopin), and a link of the right shape that is no link of theirs.
    expect(await reset('demo@bank.test', wrong(sent)), 'demo').toEqual(unknown);
    expect(await reset('nopin@bank.test', wrong(sent)), 'nopin').toEqual(unknown);
    const link = 'x'.repeat(32);
    expect(await reset('kyc-new@bank.test', link)).toEqual(await reset('someone@example.test', link));
  });
});

describe('what only the holder of a code or link is told', () => {
  it('a link already used says so: no one else can send it', async () => {
    const email = 'demo@bank.test';
    await replies(1, '?crud=userforgot', { action: 'code', email });
    const link = (await bank.outbox(email))[0]?.link?.split('/').at(-1) ?? '';
    const use = () =>
      replies(1, '?crud=userforgot', { action: 'reset', email, reset_code: link, new_password: '246810' });
    expect(statuses(await use())).toEqual([200]);
    const [again] = await use();
    expect(again?.status).toBe(410);
    expect(JSON.parse(again?.text ?? '')).toMatchObject({
      message: 'This reset code has already been used. Ask for a new one if you need it.',
    });
  });
});
