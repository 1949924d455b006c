/**
 * The staff console as the server sends it (staff.ts, staff-page.ts, staff-state.ts): the page, its
 * icon, its amounts written as the portal writes them, and the seeded identity documents as images
 * that pass the bank's own upload checks.
 */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, inspectImage } from '@ebank/contract';
import type { MockApp } from './app';
import { SECURITY_HEADERS } from './dev-endpoints';
import { testApp } from '../testing/harness';

let mock: MockApp;
beforeAll(async () => {
  mock = await testApp();
});

const get = (path: string) => request(mock.express).get(path);

interface StaffState {
  customers: { email: string; balance: number; balanceText: string }[];
  kyc: { email: string; documents: string[] }[];
  requests: { kind: string; amount: number; amountText: string }[];
}
const state = async () => (await get('/__mock/staff/state').expect(200)).body as StaffState;

describe('the staff console page', () => {
  it('links its icon, which is served as SVG with the security headers', async () => {
    const page = await get('/__mock/staff/').expect(200);
    expect(page.text).toContain('<link rel="icon" type="image/svg+xml" href="/__mock/staff/favicon.svg">');

    const icon = await get('/__mock/staff/favicon.svg').buffer(true).expect(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/u);
    expect(String(icon.body)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/u);
    expect(icon.headers['content-security-policy']).toBe(SECURITY_HEADERS['Content-Security-Policy']);
    expect(icon.headers['x-content-type-options']).toBe('nosniff');
  });

  it('fits a phone: a viewport, and narrow-screen rules that turn table rows into cards', async () => {
    const page = await get('/__mock/staff/').expect(200);
    expect(page.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    const css = (await get('/__mock/staff/staff.css').expect(200)).text;
    expect(css).toMatch(/@media \(max-width: [\d.]+rem\) \{[^]*tr \{[^}]*border/u);
  });

  it('shows the written amounts of the state and formats no money itself', async () => {
    const script = (await get('/__mock/staff/staff.js').expect(200)).text;
    expect(script).toContain('r.amountText');
    expect(script).toContain('c.balanceText');
    expect(script).not.toContain('toFixed');
  });
});

describe('the staff state', () => {
  it('writes every amount as the portal does: grouped, two decimals, the bank currency first', async () => {
    const { customers, requests } = await state();
    expect(customers.find((c) => c.email === 'demo@bank.test')?.balanceText).toBe('$5,120.00');
    expect(requests.find((r) => r.kind === 'fixed-deposit')?.amountText).toBe('$1,000.00');
    for (const c of customers) expect(c.balanceText).toBe(formatMoney(c.balance, '$'));
    for (const r of requests) expect(r.amountText).toBe(formatMoney(r.amount, '$'));
  });
});

describe('the seeded identity documents', () => {
  it('are three different PNG pictures that pass the upload checks', async () => {
    const [pending] = (await state()).kyc;
    expect(pending?.documents).toHaveLength(3);
    const images = await Promise.all(
      (pending?.documents ?? []).map(async (path) => {
        const res = await get(path).buffer(true).expect(200);
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
