/**
 * Changing the e-mail address in settings (`updateemail`) over HTTP: the old address is told, the new
 * one must be confirmed with a code sent to it before the next sign-in (the code confirms it and opens
 * no session: the passcode does), and the account's other sessions end; the session that made the
 * change carries on. It needs a recent sign-in. All of it holds across a restart from
 * the state file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGN_IN_AGAIN } from '@ebank/contract';
import { DEMO_PASSCODE } from '../bank/seed';
import { failure, startBank, type Harness } from '../testing/harness';

const OLD = 'demo@bank.test';
const NEW = 'dana.new@bank.test';
const ENDED = { status: 401, message: 'Your session has ended. Please log in again.' };

/** Signs in at login step 2 as the portal does, and gives the bank's reply. */
const signIn = (bank: Harness, email: string, remeber = false) =>
  bank.client().call('login', { email, password: DEMO_PASSCODE, remeber });

describe('an e-mail change (updateemail)', () => {
  let bank: Harness;
  beforeAll(async () => {
    bank = await startBank();
  });
  afterAll(() => bank.close());
  beforeEach(() => bank.reset());

  it('needs a sign-in in the last 10 minutes: an older session is told to sign in again, and nothing changes', async () => {
    const remembered = bank.client({ user: (await signIn(bank, OLD, true)).jwt });
    const advance = (advanceMinutes: number) => bank.post('__mock/clock', { advanceMinutes });
    expect((await advance(9)).status).toBe(200);
    // Nine minutes after signing in, still recent enough (the same address again changes nothing).
    await expect(remembered.call('changeEmail', { email: OLD })).resolves.toMatchObject({ status: 'success' });
    expect((await advance(2)).status).toBe(200);
    expect(await failure(remembered.call('changeEmail', { email: NEW }))).toMatchObject({
      status: 403,
      message:
        'For your security, sign in again to change your e-mail address: it needs a sign-in in the last 10 minutes.',
      code: SIGN_IN_AGAIN,
    });
    // The session itself is still open; the address, the mail and the other sessions are as they were.
    expect((await remembered.call('getProfile')).data.email).toBe(OLD);
    expect(await bank.outbox(OLD)).toEqual([]);
    expect(await bank.outbox(NEW)).toEqual([]);
    // A fresh sign-in may change it.
    const fresh = bank.client({ user: await bank.login(OLD) });
    await expect(fresh.call('changeEmail', { email: NEW })).resolves.toMatchObject({ status: 'success' });
  });

  it('tells the old address, ends the older sessions, and asks for the new address to be confirmed', async () => {
    const older = bank.client({ user: (await signIn(bank, OLD, true)).jwt });
    const other = bank.client({ user: await bank.login('nopin@bank.test') });
    const current = bank.client({ user: await bank.login(OLD) });
    await expect(older.call('getInstitution')).resolves.toBeTruthy();

    expect(await current.call('changeEmail', { email: NEW })).toEqual({
      status: 'success',
      message: 'Action Successful',
    });

    // The old address is told, with no code or link in the message.
    const [notice] = await bank.outbox(OLD);
    expect(notice).toMatchObject({ to: OLD, kind: 'notice', subject: 'Your e-mail address was changed' });
    expect(notice?.text).toMatch(/If you did not make this change, contact support at once\./u);
    expect(notice?.code).toBeUndefined();
    expect(notice?.link).toBeUndefined();

    // An older session of the customer has ended; another customer's has not.
    expect(await failure(older.call('getInstitution'))).toMatchObject(ENDED);
    await expect(other.call('getInstitution')).resolves.toBeTruthy();

    // The session that made the change carries on, and shows the new address.
    expect((await current.call('getProfile')).data.email).toBe(NEW);

    // Signing in with the new address asks for it to be confirmed, with the code sent there.
    const login = await signIn(bank, NEW);
    expect(login).toMatchObject({
      verified: false,
      email: NEW,
      message: 'Please verify your e-mail address to continue',
    });
    expect(login.jwt).toBeUndefined();
    const [sent] = await bank.outbox(NEW);
    expect(sent).toMatchObject({ to: NEW, kind: 'verify-email' });
    expect(sent?.code).toMatch(/^\d{6}$/u);
    // The old address is unknown now, answered as any address with a wrong passcode.
    expect(await failure(signIn(bank, OLD))).toMatchObject({
      status: 400,
      message: 'Incorrect passcode. 4 attempts left.',
    });

    // The spec's verify step: a new code on request, then the code confirms the address and the
    // passcode opens the account again.
    await bank.client().call('resendConfirmCode', { email: NEW });
    const [resent] = await bank.outbox(NEW);
    const verified = await bank
      .client()
      .call('verifyEmail', { email: NEW, ver_code: resent?.code ?? '', action: 'code' });
    expect(verified).toMatchObject({ status: 'success', verification_status: 'Verified' });
    const fresh = bank.client({ user: (await signIn(bank, NEW)).jwt });
    expect((await fresh.call('getProfile')).data.email).toBe(NEW);
  });

  it('opens no session with the code sent to the new address: the passcode does', async () => {
    const changing = bank.client({ user: await bank.login(OLD) });
    await changing.call('changeEmail', { email: NEW });

    // Whoever reads the new address asks for a code and enters it, with no sign-in and no passcode.
    await bank.client().call('resendConfirmCode', { email: NEW });
    const [sent] = await bank.outbox(NEW);
    const verified = await bank
      .client()
      .call('verifyEmail', { email: NEW, ver_code: sent?.code ?? '', action: 'code' });
    expect(verified).toEqual({
      status: 'success',
      message: 'Your e-mail address is verified',
      verification_status: 'Verified',
    });
    expect(verified.jwt).toBeUndefined();

    // The address is confirmed, and nothing but the passcode opens the account.
    const codeOnly = bank.client({ user: verified.jwt, kyc: verified.jwt });
    expect((await failure(codeOnly.call('getServiceCharge'))).status).toBe(401);
    expect((await failure(codeOnly.call('getInstitution'))).status).toBe(401);
    const signedIn = await signIn(bank, NEW);
    expect(signedIn).toMatchObject({ verified: true, verification_status: 'Verified', message: 'Welcome Back' });
    const fresh = bank.client({ user: signedIn.jwt });
    await expect(fresh.call('getServiceCharge')).resolves.toBeTruthy();
    expect((await fresh.call('getProfile')).data.email).toBe(NEW);
  });

  it('still gives a new customer the temporary token for the identity check', async () => {
    const email = 'newcomer@bank.test';
    await bank.client().call('signup', {
      first_name: 'New',
      last_name: 'Comer',
      username: 'newcomer',
      email,
      password: '246810',
      confirm: '246810',
      fullname: 'New Comer',
    });
    const [sent] = await bank.outbox(email);
    const verified = await bank.client().call('verifyEmail', { email, ver_code: sent?.code ?? '', action: 'code' });
    expect(verified).toMatchObject({ status: 'success', verification_status: 'Not Verified' });
    expect(verified.jwt).toEqual(expect.any(String));
    // It opens the KYC submission only, not the account.
    const kyc = bank.client({ user: verified.jwt, kyc: verified.jwt });
    expect((await failure(kyc.call('getServiceCharge'))).status).toBe(403);
  });

  it('to a taken address is refused and changes nothing; to the same address changes nothing', async () => {
    const older = bank.client({ user: await bank.login(OLD) });
    const current = bank.client({ user: await bank.login(OLD) });
    const before = bank.app.bank().digest();
    expect(await failure(current.call('changeEmail', { email: 'nopin@bank.test' }))).toMatchObject({
      status: 409,
      message: 'An account with this e-mail address already exists',
    });
    await current.call('changeEmail', { email: OLD });
    expect(bank.app.bank().digest()).toBe(before);
    await expect(older.call('getInstitution')).resolves.toBeTruthy();
    expect(await bank.outbox(OLD)).toEqual([]);
  });
});

describe('an e-mail change and the state file', () => {
  let dir: string;
  const running: Harness[] = [];
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-email-change-'));
  });
  afterEach(async () => {
    for (const h of running.splice(0)) {
      h.app.closeState();
      await h.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const start = async () => {
    const h = await startBank({ stateFile: path.join(dir, 'bank.json') });
    running.push(h);
    return h;
  };

  it('keeps its effect across a restart: the older session stays ended, the changing one open', async () => {
    const first = await start();
    const older = await first.login(OLD);
    const current = await first.login(OLD);
    await first.client({ user: current }).call('changeEmail', { email: NEW });
    first.app.closeState();
    await first.close();
    running.splice(0);

    const second = await start();
    expect(await failure(second.client({ user: older }).call('getInstitution'))).toMatchObject(ENDED);
    expect((await second.client({ user: current }).call('getProfile')).data.email).toBe(NEW);
    expect(await signIn(second, NEW)).toMatchObject({ verified: false });
  });
});
