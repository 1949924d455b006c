/**
 * The staff API as the admin area calls it: the contract's staff client (ts-rest, every reply checked
 * against the staff contract) against the real app on a loopback port. The state with its amounts written
 * as the portal writes them, upgrades with their plan's price, the seeded identity documents as images
 * that pass the bank's own upload checks, decisions, account messages, and the staff address leading to
 * the admin area; with a staff key, the admin's token opens the API and nothing else does.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createStaffClient,
  formatMoney,
  inspectImage,
  StaffApiError,
  staffReply,
  type StaffClient,
} from '@ebank/contract';
import { pngBlob } from '@ebank/contract/testing';
import { startBank, type Harness } from '../testing/harness';

const STAFF_KEY = 'a-staff-key-of-32-characters-xyz';

let bank: Harness;
let staff: StaffClient;
beforeAll(async () => {
  bank = await startBank();
  staff = createStaffClient({ baseUrl: bank.base });
});
afterAll(() => bank.close());
beforeEach(() => bank.reset());

const state = () => staffReply(staff.getState());

/** The reason a staff call was refused. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof StaffApiError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, message: error.message };
}

describe('the staff state', () => {
  it('writes every amount as the portal does: grouped, two decimals, the bank currency first', async () => {
    const { customers, requests } = await state();
    expect(customers.find((c) => c.email === 'demo@bank.test')?.balanceText).toBe('$5,120.00');
    expect(requests.find((r) => r.kind === 'fixed-deposit')?.amountText).toBe('$1,000.00');
    for (const c of customers) expect(c.balanceText).toBe(formatMoney(c.balance, '$'));
    for (const r of requests) expect(r.amountText).toBe(formatMoney(r.amount, '$'));
  });

  it("shows an upgrade's plan with its price, and whether the amount paid is below it", async () => {
    const demo = bank.client({ user: await bank.login('demo@bank.test') });
    await demo.call('createUpgrade', { plan: 'Premium', type: 'BTC', amount: 99, depositPic: pngBlob() });
    await demo.call('createUpgrade', { plan: 'Tier 2', type: 'BTC', amount: 49, depositPic: pngBlob() });
    const upgrades = (await state()).requests.filter((r) => r.kind === 'upgrade');
    expect(upgrades).toEqual([
      expect.objectContaining({ plan: 'Tier 2', planPrice: 49, planPriceText: '$49.00', belowPlanPrice: false }),
      expect.objectContaining({ plan: 'Premium', planPrice: 499, planPriceText: '$499.00', belowPlanPrice: true }),
    ]);
    for (const r of (await state()).requests.filter((r) => r.kind !== 'upgrade'))
      expect(r).toMatchObject({ planPrice: null, belowPlanPrice: false });
  });
});

describe('staff decisions through the contract', () => {
  it('approves an identity check once; an unknown customer is a 404', async () => {
    expect(
      await staffReply(staff.decideKyc({ params: { email: 'kyc-pending@bank.test', decision: 'approve' } })),
    ).toEqual({ ok: true, email: 'kyc-pending@bank.test', kyc: 'Verified' });
    expect((await state()).kyc).toEqual([]);
    expect(
      await refusal(staffReply(staff.decideKyc({ params: { email: 'kyc-pending@bank.test', decision: 'approve' } }))),
    ).toEqual({ status: 409, message: 'KYC is Verified, not pending' });
    expect(
      await refusal(staffReply(staff.decideKyc({ params: { email: 'nobody@bank.test', decision: 'decline' } }))),
    ).toEqual({ status: 404, message: 'No such customer' });
  });

  it('confirms a deposit: the balance follows', async () => {
    const deposit = (await state()).requests.find((r) => r.kind === 'crypto-deposit');
    if (!deposit) throw new Error('the seeded bank has a pending crypto deposit');
    expect(await staffReply(staff.decideRequest({ params: { id: deposit.id, decision: 'confirm' } }))).toEqual({
      ok: true,
      id: deposit.id,
      status: 'confirmed',
    });
    const after = (await state()).customers.find((c) => c.email === deposit.email);
    expect(after?.balance).toBe(5120 + deposit.amount);
  });

  it('refuses a decision the contract does not name, with what it takes', async () => {
    const res = await request(bank.server).post('/__mock/staff/kyc/kyc-pending@bank.test/maybe').expect(404);
    expect(res.body).toEqual({ error: true, message: 'Use approve or decline', code: 'not_found' });
    const other = await request(bank.server).post('/__mock/staff/requests/x/approve').expect(404);
    expect(other.body).toMatchObject({ message: 'Use confirm or decline' });
  });

  it('sets an account message (POST, JSON or a form), refuses a bad one, and clears it', async () => {
    expect(
      await staffReply(
        staff.setAccountMessage({ params: { email: 'demo@bank.test' }, body: { head: ' Hold ', body: 'Call us' } }),
      ),
    ).toEqual({ ok: true, email: 'demo@bank.test', notice: { head: 'Hold', body: 'Call us' } });
    await request(bank.server)
      .post('/__mock/staff/customers/nopin@bank.test/notice')
      .type('form')
      .send({ head: 'From a form', body: 'Sent as a form' })
      .expect(200);
    const bad = await request(bank.server)
      .post('/__mock/staff/customers/demo@bank.test/notice')
      .send({ head: '', extra: 1 })
      .expect(400);
    expect((bad.body as { message: string }).message).toBe(
      'head: is required; body: is required; Unrecognized key: "extra"',
    );
    const { customers } = await state();
    expect(customers.find((c) => c.email === 'nopin@bank.test')?.notice).toEqual({
      head: 'From a form',
      body: 'Sent as a form',
    });
    expect(await staffReply(staff.clearAccountMessage({ params: { email: 'demo@bank.test' } }))).toMatchObject({
      notice: null,
    });
    // The old verb is gone: a 405 that names the ones the address takes.
    const put = await request(bank.server).put('/__mock/staff/customers/demo@bank.test/notice').send({}).expect(405);
    expect(put.headers.allow).toBe('POST, DELETE');
  });
});

describe('the journal, the clock, snapshots and the reset through the contract', () => {
  it('each answers as the contract says', async () => {
    await staffReply(staff.clearJournal());
    await bank.login('demo@bank.test');
    const journal = await staffReply(staff.getJournal({ query: { operation: 'login' } }));
    expect(journal).toMatchObject([{ operation: 'login', email: 'demo@bank.test', fields: { password: '***' } }]);
    expect(await refusal(staffReply(staff.getJournal({ query: { status: 'abc' } })))).toEqual({
      status: 400,
      message: 'status: must be an HTTP status such as 200',
    });

    expect(await staffReply(staff.moveClock({ body: { advanceMinutes: 90 } }))).toMatchObject({ offsetMinutes: 90 });
    expect(await refusal(staffReply(staff.moveClock({ body: { advanceMinutes: 0 } })))).toEqual({
      status: 400,
      message: 'advanceMinutes: must be at least 1 minute',
    });
    expect(await staffReply(staff.moveClock({ body: { reset: true } }))).toMatchObject({ offsetMinutes: 0 });

    expect(await staffReply(staff.saveSnapshot({ body: { name: 'before' } }))).toMatchObject({ name: 'before' });
    await staffReply(staff.decideKyc({ params: { email: 'kyc-pending@bank.test', decision: 'approve' } }));
    await staffReply(staff.restoreSnapshot({ params: { name: 'before' } }));
    expect((await state()).kyc).toHaveLength(1);
    expect(await staffReply(staff.listSnapshots())).toMatchObject([{ name: 'before' }]);
    await staffReply(staff.deleteSnapshot({ params: { name: 'before' } }));
    expect(await staffReply(staff.listSnapshots())).toEqual([]);

    await staffReply(staff.decideKyc({ params: { email: 'kyc-pending@bank.test', decision: 'decline' } }));
    expect(await staffReply(staff.resetBank())).toEqual({ ok: true });
    expect((await state()).kyc).toHaveLength(1);
  });
});

describe('the seeded identity documents', () => {
  it('are three different PNG pictures that pass the upload checks', async () => {
    const [pending] = (await state()).kyc;
    expect(pending?.documents).toHaveLength(3);
    const images = await Promise.all(
      (pending?.documents ?? []).map(async (path) => {
        const res = await request(bank.server).get(path).buffer(true).expect(200);
        expect(res.headers['content-type']).toBe('image/png');
        return new Uint8Array(res.body as Buffer);
      }),
    );
    for (const bytes of images) {
      const inspected = inspectImage(bytes);
      expect(inspected).toMatchObject({ type: 'image/png' });
      if (typeof inspected !== 'string') expect(inspected.width).toBeGreaterThanOrEqual(200);
    }
    expect(new Set(images.map((bytes) => Buffer.from(bytes).toString('base64'))).size).toBe(3);
  });
});

describe('the staff address', () => {
  it('leads to the admin area of the portal', async () => {
    await request(bank.server).get('/__mock/staff/').expect(302).expect('Location', '/wp-user/admin/');
    await request(bank.server).get('/__mock/staff').expect(302).expect('Location', '/wp-user/admin/');
  });
});

describe('with a staff key', () => {
  let keyed: Harness;
  beforeAll(async () => {
    keyed = await startBank({ access: { staffKey: STAFF_KEY } });
  });
  afterAll(() => keyed.close());

  it("opens the staff API to an admin's token, and refuses a call without one", async () => {
    const admin = await keyed.login('admin@bank.test', STAFF_KEY);
    const signedIn = createStaffClient({ baseUrl: keyed.base, token: () => admin });
    expect((await staffReply(signedIn.getState())).kyc).toHaveLength(1);
    const anonymous = createStaffClient({ baseUrl: keyed.base, token: () => undefined });
    expect(await refusal(staffReply(anonymous.getState()))).toMatchObject({ status: 401 });
    const customer = await keyed.login('demo@bank.test');
    const wrong = createStaffClient({ baseUrl: keyed.base, token: () => customer });
    expect(await refusal(staffReply(wrong.resetBank()))).toMatchObject({ status: 401 });
  });
});
