/**
 * Staff's sign-in on a shared server (docs/decisions/0047): with a staff key the admin signs in with the
 * key, and nobody else's wrong passwords or calls keep staff out (no lock, no limit per e-mail address);
 * the limit per client still holds. Customers' locks and limits are as before, and without a key the
 * admin's are a customer's.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSCODE } from '../bank/seed';
import { bankOnClock, callFrom } from '../testing/bank-on-clock';
import type { Harness } from '../testing/harness';

const STAFF_KEY = 'a-staff-key-of-32-characters-xyz';
const ADMIN = 'admin@bank.test';
const DEMO = 'demo@bank.test';
const START = Date.UTC(2030, 0, 15, 9, 0, 0);
const LOCKED = 'Too many wrong passcode attempts. Try again in 15 minutes.';

const signIn = (bank: Harness, client: string, email: string, password: string) =>
  callFrom(bank, client, '?crud=userlogin', { email, password, remeber: '0' });
const lookUp = (bank: Harness, client: string, email: string) => callFrom(bank, client, '?crud=iduser', { email });

/** Whether a token opens the developer endpoints as staff's. */
const opensStaffState = async (bank: Harness, token: string | undefined) =>
  (
    await request(bank.server)
      .get('/__mock/staff/state')
      .set('Authorization', `Bearer ${token ?? ''}`)
  ).status === 200;

describe('with a staff key', () => {
  // Reset as staff do on such a server: with the key.
  const { bank } = bankOnClock(START, { access: { staffKey: STAFF_KEY } }, (started) =>
    request(started.server).post('/__mock/reset').set('Authorization', `Bearer ${STAFF_KEY}`).expect(200),
  );

  it("a stranger's wrong passwords do not lock the admin out: the key signs in from another client", async () => {
    for (let i = 0; i < 8; i += 1)
      expect(await signIn(bank(), '127.0.0.2', ADMIN, `guess-${i}`)).toEqual({
        status: 400,
        body: { error: true, message: 'Incorrect passcode.', code: 'invalid' },
      });
    const staff = await signIn(bank(), '127.0.0.3', ADMIN, STAFF_KEY);
    expect(staff.status).toBe(200);
    expect(await opensStaffState(bank(), staff.body.jwt)).toBe(true);
    // From the stranger's client too, and after more wrong passwords.
    await signIn(bank(), '127.0.0.2', ADMIN, ADMIN_PASSWORD);
    expect((await signIn(bank(), '127.0.0.2', ADMIN, STAFF_KEY)).status).toBe(200);
  });

  it("the admin's address used up for sign-ins by strangers: the key still signs in", async () => {
    for (let i = 0; i < 10; i += 1) await signIn(bank(), `127.0.0.${i + 10}`, ADMIN, `guess-${i}`);
    expect(await signIn(bank(), '127.0.0.20', ADMIN, 'one-more-guess')).toMatchObject({
      status: 429,
      body: { message: 'Too many sign-in attempts for this e-mail address. Please wait 60 seconds and try again.' },
    });
    const staff = await signIn(bank(), '127.0.0.21', ADMIN, STAFF_KEY);
    expect(staff.status).toBe(200);
    expect(await opensStaffState(bank(), staff.body.jwt)).toBe(true);
    // Wrong passwords for the address are still limited.
    expect((await signIn(bank(), '127.0.0.22', ADMIN, 'another-guess')).status).toBe(429);
  });

  it("the admin's address used up for lookups (login step 1) by strangers: staff still look it up", async () => {
    for (let i = 0; i < 25; i += 1) await lookUp(bank(), `127.0.0.${i + 10}`, ADMIN);
    expect((await lookUp(bank(), '127.0.0.40', ADMIN)).status).toBe(200);
    // A customer's address is limited as before.
    for (let i = 0; i < 20; i += 1) expect((await lookUp(bank(), `127.0.0.${i + 50}`, DEMO)).status).toBe(200);
    expect((await lookUp(bank(), '127.0.0.80', DEMO)).status).toBe(429);
  });

  it('the key is still limited per client: one client cannot hammer the server with it', async () => {
    for (let i = 0; i < 10; i += 1) expect((await signIn(bank(), '127.0.0.5', ADMIN, STAFF_KEY)).status).toBe(200);
    expect(await signIn(bank(), '127.0.0.5', ADMIN, STAFF_KEY)).toMatchObject({
      status: 429,
      body: { message: 'Too many sign-in attempts from your network. Please wait 60 seconds and try again.' },
    });
  });

  it('customers still lock after five wrong passcodes, and their address is limited even with the key', async () => {
    for (const left of [4, 3, 2, 1])
      expect((await signIn(bank(), '127.0.0.2', DEMO, '000000')).body.message).toBe(
        `Incorrect passcode. ${left} attempt${left === 1 ? '' : 's'} left.`,
      );
    expect(await signIn(bank(), '127.0.0.2', DEMO, '000000')).toMatchObject({ status: 423, body: { message: LOCKED } });
    expect(await signIn(bank(), '127.0.0.3', DEMO, DEMO_PASSCODE)).toMatchObject({ status: 423 });
    // The staff key is no customer's password, and spares no customer's address its limit.
    for (let i = 0; i < 4; i += 1)
      expect((await signIn(bank(), `127.0.0.${i + 10}`, DEMO, STAFF_KEY)).status).toBe(423);
    expect(await signIn(bank(), '127.0.0.30', DEMO, STAFF_KEY)).toMatchObject({
      status: 429,
      body: { message: 'Too many sign-in attempts for this e-mail address. Please wait 60 seconds and try again.' },
    });
  });
});

describe('without a staff key (loopback)', () => {
  const { bank, advance } = bankOnClock(START);

  it("the admin's passcode locks after five wrong ones, as a customer's does, and the address is limited", async () => {
    for (const left of [4, 3, 2, 1])
      expect((await signIn(bank(), '127.0.0.2', ADMIN, 'wrong-password')).body.message).toBe(
        `Incorrect passcode. ${left} attempt${left === 1 ? '' : 's'} left.`,
      );
    expect(await signIn(bank(), '127.0.0.2', ADMIN, 'wrong-password')).toMatchObject({
      status: 423,
      body: { message: LOCKED },
    });
    expect(await signIn(bank(), '127.0.0.3', ADMIN, ADMIN_PASSWORD)).toMatchObject({ status: 423 });
    advance(15 * 60_000);
    const admin = await signIn(bank(), '127.0.0.3', ADMIN, ADMIN_PASSWORD);
    expect(admin.status).toBe(200);
    expect(await opensStaffState(bank(), admin.body.jwt)).toBe(true);
    for (let i = 0; i < 9; i += 1) await signIn(bank(), `127.0.0.${i + 10}`, ADMIN, ADMIN_PASSWORD);
    expect((await signIn(bank(), '127.0.0.30', ADMIN, ADMIN_PASSWORD)).status).toBe(429);
    for (let i = 0; i < 20; i += 1) await lookUp(bank(), `127.0.0.${i + 40}`, ADMIN);
    expect((await lookUp(bank(), '127.0.0.70', ADMIN)).status).toBe(429);
  });
});
