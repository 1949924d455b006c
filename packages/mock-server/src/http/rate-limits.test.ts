/**
 * The calls no token opens are rate limited per client address and per e-mail address over all clients,
 * each kind with its own limits (bank/rate-limits.ts), at the server's defaults: login step 2 and the
 * checks of e-mailed codes (10 a minute), the e-mails of codes and links (reset requests and the two
 * resends: 5 per address and 20 per client in 15 minutes), sign-ups (20 per client in 10 minutes). Over a
 * limit: a 429 JSON error with Retry-After and a plain sentence, and nothing is done (no hash, no e-mail).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSCODE } from '../bank/seed';
import { bankOnClock, callFrom, type RawReply } from '../testing/bank-on-clock';
import { failure } from '../testing/harness';

const START = Date.UTC(2030, 0, 15, 9, 0, 0);
const { bank, advance } = bankOnClock(START);

/** A call from a given loopback address, as a form. */
const from = (localAddress: string, query: string, fields: Record<string, string>) =>
  callFrom(bank(), localAddress, query, fields);

const login = (client: string, email: string, password = DEMO_PASSCODE) =>
  from(client, '?crud=userlogin', { email, password, remeber: '0' });
const tooMany = (what: string, who: string, wait: string, retryAfter: string): RawReply => ({
  status: 429,
  retryAfter,
  body: { error: true, code: 'rate_limited', message: `${what} ${who}. Please wait ${wait} and try again.` },
});

describe('login step 2 (each try a slow hash)', () => {
  it('the 11th try for one address in a minute, from any client, gets a 429 with Retry-After and costs no hash', async () => {
    for (let i = 0; i < 10; i += 1) expect((await login(`127.0.0.${i + 2}`, 'demo@bank.test')).status).toBe(200);
    const changes = bank().app.bank().changes;
    const refused = await login('127.0.0.30', 'Demo@Bank.test');
    expect(refused).toEqual(tooMany('Too many sign-in attempts', 'for this e-mail address', '60 seconds', '60'));
    // The bank was not asked: no passcode was hashed, nothing was counted.
    expect(bank().app.bank().changes).toBe(changes);
    expect((await login('127.0.0.30', 'nopin@bank.test')).status).toBe(200);
    advance(30_000);
    expect((await login('127.0.0.30', 'demo@bank.test')).retryAfter).toBe('30');
    advance(30_000);
    expect((await login('127.0.0.30', 'demo@bank.test')).status).toBe(200);
  });

  it('the 11th try from one client in a minute gets a 429, whatever the address; other clients go on', async () => {
    for (let i = 0; i < 10; i += 1) expect((await login('127.0.0.1', `person${i}@example.test`)).status).toBe(400);
    expect(await login('127.0.0.1', 'demo@bank.test')).toEqual(
      tooMany('Too many sign-in attempts', 'from your network', '60 seconds', '60'),
    );
    expect((await login('127.0.0.2', 'demo@bank.test')).status).toBe(200);
  });

  it('the portal is told the plain sentence', async () => {
    const api = bank().client();
    for (let i = 0; i < 10; i += 1)
      await api.call('login', { email: 'demo@bank.test', password: DEMO_PASSCODE, remeber: false });
    expect(
      await failure(api.call('login', { email: 'demo@bank.test', password: DEMO_PASSCODE, remeber: false })),
    ).toMatchObject({
      status: 429,
      message: 'Too many sign-in attempts from your network. Please wait 60 seconds and try again.',
    });
  });
});

describe('e-mailed codes and links: reset requests and the two resends', () => {
  const resetRequest = (client: string, email: string) => from(client, '?crud=userforgot', { action: 'code', email });
  const resendReset = (client: string, email: string) => from(client, '', { resendforgotcode: '1', email });
  const resendVerify = (client: string, email: string) => from(client, '', { resendconfirmcode: '1', email });

  it('5 for one address in 15 minutes, all three counted together, from any client; the 6th sends nothing', async () => {
    const email = 'unverified@bank.test';
    const sent = (await bank().outbox(email)).length;
    for (const [i, call] of [resetRequest, resendReset, resendVerify, resetRequest, resendVerify].entries())
      expect((await call(`127.0.0.${i + 2}`, email)).status).toBe(200);
    expect(await bank().outbox(email)).toHaveLength(sent + 5);
    for (const call of [resetRequest, resendReset, resendVerify])
      expect(await call('127.0.0.20', 'Unverified@Bank.test')).toEqual(
        tooMany('Too many e-mails requested', 'for this e-mail address', '15 minutes', '900'),
      );
    expect(await bank().outbox(email)).toHaveLength(sent + 5);
    // Unknown addresses count alike, and each address on its own.
    for (let i = 0; i < 5; i += 1) expect((await resetRequest('127.0.0.21', 'nobody@example.test')).status).toBe(200);
    expect((await resetRequest('127.0.0.21', 'nobody@example.test')).status).toBe(429);
    expect((await resetRequest('127.0.0.21', 'demo@bank.test')).status).toBe(200);
    advance(15 * 60_000);
    expect((await resendVerify('127.0.0.20', email)).status).toBe(200);
  });

  it('20 from one client in 15 minutes, whatever the addresses', async () => {
    for (let i = 0; i < 20; i += 1) expect((await resendReset('127.0.0.1', `p${i}@example.test`)).status).toBe(200);
    expect(await resetRequest('127.0.0.1', 'demo@bank.test')).toEqual(
      tooMany('Too many e-mails requested', 'from your network', '15 minutes', '900'),
    );
    expect((await resetRequest('127.0.0.2', 'demo@bank.test')).status).toBe(200);
  });
});

describe('every call no token opens goes through a limit', () => {
  it('the e-mail verification code and the reset code count with login step 2', async () => {
    const email = 'unverified@bank.test';
    for (let i = 0; i < 4; i += 1)
      expect((await from('127.0.0.1', '?crud=verifyuser', { email, ver_code: '000000', action: 'code' })).status).toBe(
        400,
      );
    for (let i = 0; i < 4; i += 1)
      expect(
        (
          await from('127.0.0.1', '?crud=userforgot', {
            action: 'reset',
            email,
            reset_code: '000000',
            new_password: '246810',
          })
        ).status,
      ).toBe(400);
    expect((await login('127.0.0.1', email)).status).toBe(200);
    expect((await login('127.0.0.1', email)).status).toBe(200);
    const refused = await from('127.0.0.1', '?crud=verifyuser', { email, ver_code: '000000', action: 'code' });
    expect(refused).toEqual(tooMany('Too many sign-in attempts', 'from your network', '60 seconds', '60'));
  });

  it('sign-ups: 20 from one client in 10 minutes', async () => {
    const signup = (client: string, i: number) =>
      from(client, '?crud=newuser', {
        first_name: 'Sam',
        last_name: `Same${i}`,
        username: `sam${i}`,
        email: `sam${i}@example.test`,
        password: '123456',
        confirm: '123456',
        fullname: `Sam Same${i}`,
      });
    for (let i = 0; i < 20; i += 1) expect((await signup('127.0.0.1', i)).status).toBe(200);
    expect(await signup('127.0.0.1', 20)).toEqual(
      tooMany('Too many sign-ups', 'from your network', '10 minutes', '600'),
    );
    expect((await signup('127.0.0.2', 20)).status).toBe(200);
  });

  it('a call a token opens is not counted', async () => {
    const token = await bank().login('demo@bank.test');
    for (let i = 0; i < 30; i += 1)
      expect((await from('127.0.0.1', '', { getinstituition: '1', token })).status).toBe(200);
  });
});
