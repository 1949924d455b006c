/**
 * Guessing over HTTP (RTS 2018/389 art. 4: at most five failed attempts in a row, then a block; ASVS 5.0
 * V6 anti-automation): each factor locks after five wrong answers, the right answer is refused during
 * the lock, a new token or a new code does not reset the count, and the lock ends on time. The e-mail
 * lookup of login step 1 is rate limited per client address and per looked-up address.
 */
import http from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_PATH } from '@ebank/contract';
import { DEFAULT_BANK_CONFIG } from '../bank/config';
import { DEMO_PASSCODE, DEMO_PIN } from '../bank/seed';
import { failure, startBank, type Harness } from '../testing/harness';
import { SAMPLE_PAYEE } from '@ebank/contract/testing';

const MINUTE = 60_000;
const START = Date.UTC(2030, 0, 15, 9, 0, 0);
let clock = START;
let bank: Harness;
beforeAll(async () => {
  bank = await startBank({
    now: () => clock,
    bank: {
      lookupLimits: { perClient: { max: 10, windowSeconds: 60 }, perEmail: { max: 5, windowSeconds: 60 } },
      // Guesses sent at once reach the lock here; their rate is limited in rate-limits.test.ts.
      signInLimits: { perClient: { max: null, windowSeconds: 60 }, perEmail: { max: null, windowSeconds: 60 } },
    },
  });
});
afterAll(() => bank.close());
beforeEach(async () => {
  clock = START;
  await bank.reset();
});

/** The error a call fails with. */
/** A code of the same length that is not `code`. */
const wrong = (code: string) => `${(Number(code.slice(0, 1)) + 1) % 10}${code.slice(1)}`;

const codeSentTo = async (email: string, kind: string) => {
  const message = (await bank.outbox(email)).find((m) => m.kind === kind);
  if (!message?.code) throw new Error(`no ${kind} code for ${email}`);
  return message.code;
};

const LOCKED_15 = (what: string) => `Too many wrong ${what} attempts. Try again in 15 minutes.`;

const transfer = {
  ...SAMPLE_PAYEE,
  amount: 2000,
};

describe('five wrong answers in a row lock the factor', () => {
  it('passcode: at login and in settings alike; the right passcode is refused until the lock ends', async () => {
    const api = bank.client();
    const earlier = bank.client({ user: await bank.login('demo@bank.test') });
    const login = (password: string) => api.call('login', { email: 'demo@bank.test', password, remeber: false });
    // Two wrong in settings and three at login are five in a row.
    for (const left of [4, 3])
      expect(
        await failure(earlier.call('changePasscode', { c_pwd: '000000', n_pwd: '111111', con_pwd: '111111' })),
      ).toMatchObject({ status: 400, message: `Incorrect current passcode. ${left} attempts left.` });
    for (const left of [2, 1])
      expect(await failure(login('000000'))).toMatchObject({
        status: 400,
        message: `Incorrect passcode. ${left} attempt${left === 1 ? '' : 's'} left.`,
      });
    expect(await failure(login('000000'))).toMatchObject({ status: 423, message: LOCKED_15('passcode') });

    expect(await failure(login(DEMO_PASSCODE))).toMatchObject({ status: 423, message: LOCKED_15('passcode') });
    expect(
      await failure(earlier.call('changePasscode', { c_pwd: DEMO_PASSCODE, n_pwd: '111111', con_pwd: '111111' })),
    ).toMatchObject({ status: 423 });
    clock += 5 * MINUTE;
    expect(await failure(login(DEMO_PASSCODE))).toMatchObject({
      status: 423,
      message: 'Too many wrong passcode attempts. Try again in 10 minutes.',
    });
    // A new reset code does not end the lock either; only using it would (the owner proves the mailbox).
    await api.call('forgotPasscode', { action: 'code', email: 'demo@bank.test' });
    expect(await failure(login(DEMO_PASSCODE))).toMatchObject({ status: 423 });

    clock += 10 * MINUTE;
    await expect(login(DEMO_PASSCODE)).resolves.toMatchObject({ message: 'Welcome Back' });
    // A success ends the run: the count starts again from five.
    expect(await failure(login('000000'))).toMatchObject({ message: 'Incorrect passcode. 4 attempts left.' });
  });

  it('PIN: a new login does not reset the count; the right PIN is refused during the lock', async () => {
    const first = bank.client({ user: await bank.login('demo@bank.test') });
    const confirm = (api: typeof first, pin: string) =>
      api.call('confirmPin', { pin, extra: { ...transfer, amount: 10 } });
    for (const left of [4, 3, 2, 1])
      expect(await failure(confirm(first, '0000'))).toMatchObject({
        status: 400,
        message: `Incorrect PIN. ${left} attempt${left === 1 ? '' : 's'} left.`,
      });
    const second = bank.client({ user: await bank.login('demo@bank.test') });
    expect(await failure(confirm(second, '0000'))).toMatchObject({ status: 423, message: LOCKED_15('PIN') });

    expect(await failure(confirm(second, DEMO_PIN))).toMatchObject({ status: 423, message: LOCKED_15('PIN') });
    expect(await failure(second.call('changePin', { c_pwd: DEMO_PIN, n_pwd: '4321', con_pwd: '4321' }))).toMatchObject({
      status: 423,
    });
    clock += 15 * MINUTE - 1;
    expect(await failure(confirm(second, DEMO_PIN))).toMatchObject({ status: 423 });
    clock += 1;
    await expect(confirm(second, DEMO_PIN)).resolves.toMatchObject({ status: 'success' });
  });

  it('e-mail verification code: a new code does not reset the count', async () => {
    const api = bank.client();
    const email = 'unverified@bank.test';
    await api.call('resendConfirmCode', { email });
    const first = await codeSentTo(email, 'verify-email');
    const verify = (code: string) => api.call('verifyEmail', { email, ver_code: code, action: 'code' });
    for (const left of [4, 3, 2, 1])
      expect(await failure(verify(wrong(first)))).toMatchObject({
        status: 400,
        message: `Invalid code. ${left} attempt${left === 1 ? '' : 's'} left.`,
      });
    await api.call('resendConfirmCode', { email });
    const second = await codeSentTo(email, 'verify-email');
    expect(await failure(verify(wrong(second)))).toMatchObject({
      status: 423,
      message: LOCKED_15('verification code'),
    });
    expect(await failure(verify(second))).toMatchObject({ status: 423, message: LOCKED_15('verification code') });
    clock += 15 * MINUTE;
    await expect(verify(second)).resolves.toMatchObject({ status: 'success', jwt: expect.any(String) as string });
  });

  it('passcode reset code: a new code does not reset the count; the code or the link is refused during the lock', async () => {
    const api = bank.client();
    const email = 'demo@bank.test';
    await api.call('forgotPasscode', { action: 'code', email });
    const first = await codeSentTo(email, 'reset-passcode');
    const reset = (code: string) =>
      api.call('forgotPasscode', { action: 'reset', email, reset_code: code, new_password: '222222' });
    for (const left of [4, 3, 2, 1])
      expect(await failure(reset(wrong(first)))).toMatchObject({
        status: 400,
        message: `Invalid reset code. ${left} attempt${left === 1 ? '' : 's'} left.`,
      });
    await api.call('resendForgotCode', { email });
    const [latest] = await bank.outbox(email);
    const second = latest?.code ?? '';
    const link = latest?.link?.split('/').at(-1) ?? '';
    expect(await failure(reset(wrong(second)))).toMatchObject({ status: 423, message: LOCKED_15('reset code') });
    expect(await failure(reset(second))).toMatchObject({ status: 423 });
    expect(await failure(reset(link))).toMatchObject({ status: 423 });
    clock += 15 * MINUTE;
    await expect(reset(second)).resolves.toMatchObject({ status: 'success' });
    await expect(api.call('login', { email, password: '222222', remeber: false })).resolves.toMatchObject({
      jwt: expect.any(String) as string,
    });
  });

  it('transfer authorization code: a new code (PIN again) or a new login does not reset the count', async () => {
    const api = bank.client({ user: await bank.login('demo@bank.test') });
    const askCode = async () => {
      const reply = await api.call('confirmPin', { pin: DEMO_PIN, extra: transfer });
      expect(reply.requiresanother?.head).toBe('Transfer Authorization Code is required');
      return codeSentTo('demo@bank.test', 'transfer-code');
    };
    const enter = (client: typeof api, code: string) => client.call('confirmTransferCode', { code, extra: transfer });
    const first = await askCode();
    for (const left of [4, 3])
      expect(await failure(enter(api, wrong(first)))).toMatchObject({
        status: 400,
        message: `Incorrect authorization code. ${left} attempts left.`,
      });
    const second = await askCode();
    expect(await failure(enter(api, wrong(second)))).toMatchObject({
      message: 'Incorrect authorization code. 2 attempts left.',
    });
    const again = bank.client({ user: await bank.login('demo@bank.test') });
    expect(await failure(enter(again, wrong(second)))).toMatchObject({
      message: 'Incorrect authorization code. 1 attempt left.',
    });
    expect(await failure(enter(again, wrong(second)))).toMatchObject({
      status: 423,
      message: LOCKED_15('authorization code'),
    });
    expect(await failure(enter(again, second))).toMatchObject({ status: 423 });
    const third = await askCode();
    expect(await failure(enter(api, third))).toMatchObject({ status: 423 });
    expect(await failure(api.call('createTransfer', { ...transfer, extra: transfer }))).toMatchObject({ status: 403 });

    clock += 15 * MINUTE;
    // The lock is over; the code sent during it has expired (10 minutes), so the customer asks again.
    expect(await failure(enter(api, third))).toMatchObject({ status: 410 });
    await enter(api, await askCode());
    await expect(api.call('createTransfer', { ...transfer, extra: transfer })).resolves.toMatchObject({
      icon: 'success',
    });
  });

  it('five wrong answers counted together lock at once, even when sent at the same time', async () => {
    const api = bank.client();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        failure(api.call('login', { email: 'demo@bank.test', password: '000000', remeber: false })),
      ),
    );
    const statuses = replies.map((e) => e.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 423)).toHaveLength(16);
    expect(
      await failure(api.call('login', { email: 'demo@bank.test', password: DEMO_PASSCODE, remeber: false })),
    ).toMatchObject({ status: 423 });

    const user = bank.client({ user: await bank.login('nopin@bank.test') });
    await user.call('createPin', { pin: DEMO_PIN });
    const pins = await Promise.all(
      Array.from({ length: 20 }, () =>
        failure(user.call('confirmPin', { pin: '0000', extra: { ...transfer, amount: 10 } })),
      ),
    );
    expect(pins.filter((e) => e.status === 400)).toHaveLength(4);
    expect(pins.filter((e) => e.status === 423)).toHaveLength(16);
  });
});

// --- the e-mail lookup ------------------------------------------------------------------------------------

interface Raw {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: { error?: boolean; message?: string; code?: string; role?: string; user?: unknown };
}

/** Login step 1 from a given loopback address (the whole 127/8 is this machine), through supertest. */
async function lookupFrom(localAddress: string, email: string, app = bank.app): Promise<Raw> {
  const agent = new http.Agent({ localAddress });
  try {
    const res = await request(app.express).post(`/${API_PATH}?crud=iduser`).agent(agent).type('form').send({ email });
    return { status: res.status, retryAfter: res.headers['retry-after'], body: res.body as Raw['body'] };
  } finally {
    agent.destroy();
  }
}

describe('login step 1 (the e-mail lookup) is rate limited', () => {
  it('per client address: the 11th lookup in a minute gets a 429 with Retry-After; other addresses go on', async () => {
    const emails = Array.from({ length: 10 }, (_, i) => (i % 2 ? `person${i}@example.test` : 'demo@bank.test'));
    // demo 5 times (its own limit), unknown addresses the other 5.
    for (const email of emails) expect((await lookupFrom('127.0.0.1', email)).status).toBeLessThan(429);
    const refused = await lookupFrom('127.0.0.1', 'nopin@bank.test');
    expect(refused).toEqual({
      status: 429,
      retryAfter: '60',
      body: {
        error: true,
        code: 'rate_limited',
        message: 'Too many sign-in attempts from your network. Please wait 60 seconds and try again.',
      },
    });
    expect((await lookupFrom('127.0.0.2', 'nopin@bank.test')).status).toBe(200);

    clock += 20_000;
    expect((await lookupFrom('127.0.0.1', 'nopin@bank.test')).retryAfter).toBe('40');
    clock += 40_000;
    expect(await lookupFrom('127.0.0.1', 'nopin@bank.test')).toMatchObject({ status: 200, body: { role: 'user' } });
  });

  it('per looked-up address over all clients, known or unknown alike', async () => {
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']) {
      expect((await lookupFrom(address, 'demo@bank.test')).status).toBe(200);
      expect((await lookupFrom(address, 'nobody@example.test')).status).toBe(404);
    }
    for (const email of ['demo@bank.test', 'Demo@Bank.test', 'nobody@example.test']) {
      const refused = await lookupFrom('127.0.0.7', email);
      expect(refused).toMatchObject({
        status: 429,
        retryAfter: '60',
        body: { message: 'Too many sign-in attempts for this e-mail address. Please wait 60 seconds and try again.' },
      });
    }
    expect((await lookupFrom('127.0.0.7', 'nopin@bank.test')).status).toBe(200);
    // Refused lookups are not counted: the limit frees exactly one window after the first lookups.
    clock += 60_000;
    expect((await lookupFrom('127.0.0.7', 'demo@bank.test')).status).toBe(200);
  });

  it('an unknown address gets the same 404 whatever it is; a known one only the role, picture and name', async () => {
    const unknown = await Promise.all(
      ['nobody@example.test', 'ceo@bank.test', 'x@y.co'].map((email) => lookupFrom('127.0.0.1', email)),
    );
    for (const reply of unknown)
      expect(reply).toEqual({
        status: 404,
        retryAfter: undefined,
        body: { error: true, code: 'not_found', message: 'We could not find an account with that e-mail address' },
      });
    const known = await lookupFrom('127.0.0.1', 'demo@bank.test');
    expect(known).toEqual({
      status: 200,
      retryAfter: undefined,
      body: { role: 'user', user: { picture: null, fullname: 'Dana Demo' } },
    });
  });

  it('the default limits let people and the browser tests through: 30 a minute from one address, 20 per e-mail', async () => {
    expect(DEFAULT_BANK_CONFIG.lookupLimits).toEqual({
      perClient: { max: 30, windowSeconds: 60 },
      perEmail: { max: 20, windowSeconds: 60 },
    });
    const defaults = await startBank({ now: () => clock });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1)
        statuses.push(
          (await lookupFrom('127.0.0.1', i < 20 ? 'demo@bank.test' : `p${i}@example.test`, defaults.app)).status,
        );
      expect(statuses.filter((s) => s === 429)).toEqual([]);
      expect((await lookupFrom('127.0.0.1', 'nopin@bank.test', defaults.app)).status).toBe(429);
      expect((await lookupFrom('127.0.0.2', 'demo@bank.test', defaults.app)).status).toBe(429);
      // The developer reset starts the counts again.
      await defaults.reset();
      expect((await lookupFrom('127.0.0.1', 'demo@bank.test', defaults.app)).status).toBe(200);
    } finally {
      await defaults.close();
    }
  });
});
