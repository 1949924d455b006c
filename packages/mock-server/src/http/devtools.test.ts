import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@ebank/contract';
import { startBank, type Harness } from '../testing/harness';
import { delayFor, parseLatency } from './faults';

let bank: Harness;
beforeAll(async () => {
  bank = await startBank();
});
afterAll(() => bank.close());
beforeEach(() => bank.reset());

const get = async (path: string) => bank.send(`/${path}`);
const send = (method: string, path: string, body?: unknown) =>
  bank.send(`/${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

describe('developer endpoints', () => {
  it('health says ready', async () => {
    expect(await (await get('__mock/health')).json()).toEqual({ ok: true, clockOffsetMinutes: 0 });
  });

  it('the outbox lists messages to an address, newest first, with code and link', async () => {
    await bank.client().call('resendConfirmCode', { email: 'unverified@bank.test' });
    const messages = await bank.outbox('UNVERIFIED@bank.test');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({
      to: 'unverified@bank.test',
      kind: 'verify-email',
      subject: 'Confirm your e-mail address',
    });
    expect(Date.parse(messages[0]?.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(messages[1]?.createdAt ?? ''));
    expect(messages[0]?.text).toContain(messages[0]?.code);
    expect(await bank.outbox('nobody@bank.test')).toEqual([]);
  });

  it('reset brings back the seeded state', async () => {
    const api = bank.client({ user: await bank.login('nopin@bank.test') });
    await api.call('createPin', { pin: '1111' });
    await bank.reset();
    const fresh = bank.client({ user: await bank.login('nopin@bank.test') });
    expect(await fresh.call('checkPin')).toEqual({ haspin: false });
  });
});

describe('the staff API', () => {
  it('lists pending KYC cases and requests, and decides them', async () => {
    const state = (await (await get('__mock/staff/state')).json()) as {
      kyc: { email: string; userId: string }[];
      requests: { id: string; kind: string; email: string }[];
      customers: { email: string }[];
    };
    expect(state.kyc.map((k) => k.email)).toEqual(['kyc-pending@bank.test']);
    expect(state.requests.map((r) => r.kind).sort()).toEqual(['crypto-deposit', 'fixed-deposit', 'transfer']);
    expect(state.customers).toHaveLength(9);
    expect((await send('POST', `__mock/staff/kyc/${state.kyc[0]?.userId ?? ''}/approve`)).status).toBe(200);
    await expect(bank.login('kyc-pending@bank.test')).resolves.toBeTruthy();
    const again = await send('POST', `__mock/staff/kyc/${state.kyc[0]?.userId ?? ''}/approve`);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('KYC is Verified, not pending');

    const transfer = state.requests.find((r) => r.kind === 'transfer');
    expect((await send('POST', `__mock/staff/requests/${transfer?.id ?? ''}/decline`)).status).toBe(200);
    const demo = bank.client({ user: await bank.login('demo@bank.test') });
    expect((await demo.call('getInstitution')).tb.current_balance).toBe(5270);
    expect((await send('POST', '__mock/staff/requests/nope/confirm')).status).toBe(404);
    expect((await send('POST', `__mock/staff/requests/${transfer?.id ?? ''}/maybe`)).status).toBe(404);
  });

  it('declines a KYC case (the customer is sent back to the form) and confirms an upgrade (the plan changes)', async () => {
    expect((await send('POST', '__mock/staff/kyc/kyc-pending@bank.test/decline')).status).toBe(200);
    const login = await bank
      .client()
      .call('login', { email: 'kyc-pending@bank.test', password: '123456', remeber: false });
    expect(login.verification_status).toBe('Declined');

    const demo = bank.client({ user: await bank.login('demo@bank.test') });
    const { pngBlob } = await import('@ebank/contract/testing');
    await demo.call('createUpgrade', { plan: 'Premium', type: 'BTC', amount: 500, depositPic: pngBlob() });
    const state = (await (await get('__mock/staff/state')).json()) as { requests: { id: string; kind: string }[] };
    const upgrade = state.requests.find((r) => r.kind === 'upgrade');
    await send('POST', `__mock/staff/requests/${upgrade?.id ?? ''}/confirm`);
    expect((await demo.call('getInstitution')).u.current_plan).toBe('Premium');
    expect((await demo.call('getUpgradeForm')).transactions[0]).toMatchObject({
      type: 'BTC',
      amount: 500,
      status: 'confirmed',
    });
  });

  it('sets and clears an account message, which the login then shows', async () => {
    const set = await send('POST', '__mock/staff/customers/demo@bank.test/notice', { head: 'Hold', body: 'Call us' });
    expect(set.status).toBe(200);
    const login = () => bank.client().call('login', { email: 'demo@bank.test', password: '123456', remeber: false });
    expect((await login()).ismsg).toEqual({ head: 'Hold', body: 'Call us' });
    const bad = await send('POST', '__mock/staff/customers/demo@bank.test/notice', { head: '' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe('head: is required; body: is required');
    await send('DELETE', '__mock/staff/customers/demo@bank.test/notice');
    expect((await login()).ismsg).toBeUndefined();
  });
});

describe('payment methods by region', () => {
  it('by default: crypto and institutional transfer only (the spec’s choice)', async () => {
    const demo = bank.client({ user: await bank.login('demo@bank.test') });
    expect(await demo.call('getPaymentMethods')).toEqual({
      methods: { bank_transfer: false, card: false, cash: false, crypto: true, institutional: true },
    });
  });

  it('a method switched off by configuration is refused with the spec’s words', async () => {
    const { pngBlob } = await import('@ebank/contract/testing');
    const region = await startBank({
      bank: {
        paymentMethods: { 'bank-transfer': false, card: false, cash: false, crypto: false, institutional: true },
      },
    });
    const demo = region.client({ user: await region.login('demo@bank.test') });
    const error = (await demo
      .call('createCryptoDeposit', { type: 'BTC', amount: 10, depositPic: pngBlob() })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 403, message: 'Not available for your region' });
    expect(await demo.call('getPaymentMethods')).toEqual({
      methods: { bank_transfer: false, card: false, cash: false, crypto: false, institutional: true },
    });
    await region.close();
  });
});

describe('latency and faults for demos', () => {
  it('parses fixed, ranged and per-operation latency', () => {
    expect(parseLatency('300')).toEqual({ global: { min: 300, max: 300 } });
    expect(parseLatency('100-800')).toEqual({ global: { min: 100, max: 800 } });
    const config = parseLatency('getinstituition=1000,iduser=200-400,*=50');
    expect(delayFor(config, ['getInstitution', 'getinstituition'], () => 0.5)).toBe(1000);
    expect(delayFor(config, ['lookupUser', 'iduser'], () => 0.5)).toBe(300);
    expect(delayFor(config, ['getProfile', 'getprofile'], () => 0.5)).toBe(50);
    expect(() => parseLatency('fast')).toThrow("'fast' is not a latency");
    expect(() => parseLatency('9-1')).toThrow('upper bound');
  });

  it('delays and fails calls as configured', async () => {
    const slow = await startBank({ latency: parseLatency('getdocs=150'), faultRate: 0 });
    const started = performance.now();
    await slow.client().call('getDocumentTypes');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await slow.close();

    const broken = await startBank({ faultRate: 1 });
    const error = (await broken
      .client()
      .call('getDocumentTypes')
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      status: 503,
      message: 'The bank is temporarily unavailable (simulated). Please try again.',
    });
    await broken.close();
  });
});
