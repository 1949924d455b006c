/**
 * Staff's decision on a KYC case tells the customer by e-mail too, as the under-review screen promises
 * ('We will e-mail you as soon as your account is ready'): the bank's own rule, then over HTTP as the
 * staff API and the developer outbox show it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBank, type Harness } from '../testing/harness';
import type { Bank } from './bank';
import { refused, seededTestBank } from './test-bank';

const PENDING = 'kyc-pending@bank.test';
const LOGIN = 'http://localhost:8080/wp-user/account/login';

describe("the bank's KYC decision", () => {
  let bank: Bank;
  beforeEach(async () => {
    ({ bank } = await seededTestBank());
  });
  const customer = () => bank.findByEmail(PENDING) ?? expect.fail(`the seed has no ${PENDING}`);

  it('e-mails an approval: the account is ready, sign in', () => {
    const before = bank.outboxFor(PENDING).length;
    bank.decideKyc(customer().id, true);
    const sent = bank.outboxFor(PENDING);
    expect(sent).toHaveLength(before + 1);
    expect(sent[0]).toMatchObject({
      to: PENDING,
      kind: 'notice',
      subject: 'Your account is ready',
      text: `We have verified your identity and your account is ready. Sign in with your e-mail address and passcode at ${LOGIN} to start using it.`,
      link: LOGIN,
    });
    expect(sent[0]?.code).toBeUndefined();
  });

  it('e-mails a decline with what to do next: sign in and submit the verification again', () => {
    bank.decideKyc(customer().id, false);
    const [message] = bank.outboxFor(PENDING);
    expect(message).toMatchObject({ to: PENDING, kind: 'notice', subject: 'We could not verify your identity' });
    expect(message?.text).toContain('your account is not ready yet');
    expect(message?.text).toContain(`What to do next: sign in at ${LOGIN} and submit the verification again`);
    expect(message?.link).toBe(LOGIN);
  });

  it('keeps the notification in the portal beside the e-mail', () => {
    bank.decideKyc(customer().id, true);
    expect(bank.notificationsOf(customer().id)[0]).toMatchObject({ title: 'Identity verified' });
  });

  it('sends nothing when the case is not pending', async () => {
    bank.decideKyc(customer().id, true);
    const sent = bank.outboxFor(PENDING);
    expect((await refused(() => bank.decideKyc(customer().id, false))).message).toBe('KYC is Verified, not pending');
    expect(bank.outboxFor(PENDING)).toEqual(sent);
  });

  it("links to the portal's own address", async () => {
    ({ bank } = await seededTestBank({ publicUrl: 'https://portal.example/' }));
    bank.decideKyc(customer().id, true);
    expect(bank.outboxFor(PENDING)[0]?.link).toBe('https://portal.example/wp-user/account/login');
  });
});

describe('over HTTP: staff decide, the outbox has the e-mail', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startBank();
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  it('an approval: the e-mail says the account is ready, and the customer can sign in', async () => {
    expect((await server.post(`__mock/staff/kyc/${PENDING}/approve`)).status).toBe(200);
    const [message] = await server.outbox(PENDING);
    expect(message).toMatchObject({ to: PENDING, kind: 'notice', subject: 'Your account is ready' });
    expect(message?.text).toMatch(/your account is ready\. Sign in /u);
    expect(message?.link).toMatch(/\/wp-user\/account\/login$/u);
    expect(await server.login(PENDING)).toMatch(/.+/u);
  });

  it('a decline: the e-mail says to sign in and submit the verification again', async () => {
    expect((await server.post(`__mock/staff/kyc/${PENDING}/decline`)).status).toBe(200);
    const [message] = await server.outbox(PENDING);
    expect(message).toMatchObject({ to: PENDING, kind: 'notice', subject: 'We could not verify your identity' });
    expect(message?.text).toMatch(/sign in at \S+ and submit the verification again/u);
  });
});
