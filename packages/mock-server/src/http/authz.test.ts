/**
 * The authorization matrix (ASVS 5.0 V6/V7, DESIGN "a token opens only its own user's data"): every
 * operation of the contract's table, called over HTTP with every kind of token. Only what the spec
 * allows passes; every refusal is a 4xx JSON error with a message and changes nothing; a customer's
 * token never brings back another customer's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATH,
  encode,
  operationNames,
  operations,
  TransferFieldsSchema,
  type OperationDef,
  type OperationInput,
  type OperationName,
  type Operations,
} from '@ebank/contract';
import { inputArbitrary, schemaArbitrary } from '@ebank/contract/testing';
import fc from 'fast-check';
import { DEMO_PASSCODE, DEMO_PIN, ADMIN_PASSWORD } from '../bank/seed';
import { TokenSigner, type TokenScope } from '../bank/security';
import { startBank, type Harness } from '../testing/harness';

const MINUTE = 60_000;
const START = Date.UTC(2030, 0, 15, 9, 0, 0);
let clock = START;
let bank: Harness;
beforeAll(async () => {
  bank = await startBank({ now: () => clock });
});
afterAll(() => bank.close());

const KINDS = ['user', 'none', 'garbage', 'forged', 'expired', 'other', 'kyc', 'admin'] as const;
type Kind = (typeof KINDS)[number];
const KIND_LABEL: Record<Kind, string> = {
  user: "the customer's own token",
  none: 'no token',
  garbage: 'a garbage token',
  forged: 'a token of valid shape signed with another key',
  expired: 'an expired token',
  other: "another customer's token",
  kyc: 'the temporary KYC token',
  admin: "a staff member's token",
};

const DEMO = 'demo@bank.test';
const NOPIN = 'nopin@bank.test';
const KYC_NEW = 'kyc-new@bank.test';
const ADMIN = 'admin@bank.test';

/** Whose operation it is (A) and whose token is "another customer's" (B). */
const people = (name: OperationName) =>
  // Creating a PIN needs a customer without one.
  name === 'createPin' ? { a: NOPIN, b: DEMO } : { a: DEMO, b: NOPIN };

const allowed = (op: OperationDef, kind: Kind) =>
  op.auth === 'none' ||
  (op.auth === 'user' && (kind === 'user' || kind === 'other')) ||
  (op.auth === 'kyc' && kind === 'kyc');

/** Refusals of the token itself: 401 when it proves nothing, 403 when it proves the wrong thing. */
const REFUSAL_STATUS: Record<Kind, number> = {
  none: 401,
  garbage: 401,
  forged: 401,
  expired: 401,
  user: 403,
  other: 403,
  kyc: 403,
  admin: 403,
};

/** A valid input of an operation, from the contract's generators (the same one every run). */
const sample = <K extends OperationName>(name: K) => fc.sample(inputArbitrary(name), { numRuns: 1, seed: 42 })[0]!;
const payee = fc.sample(schemaArbitrary(TransferFieldsSchema), { numRuns: 1, seed: 42 })[0] as Omit<
  OperationInput<Operations['createTransfer']>,
  'extra'
>;

// --- talking to the bank ---------------------------------------------------------------------------

const tokenOf = async (email: string, password = DEMO_PASSCODE) => {
  const reply = await bank.client().call('login', { email, password, remeber: false });
  if (!reply.jwt) throw new Error(`no token for ${email}`);
  return reply.jwt;
};
const userOf = (email: string) => {
  const user = bank.app.bank().findByEmail(email);
  if (!user) throw new Error(`no customer ${email}`);
  return user;
};
const codeSentTo = async (email: string, kind: string) => {
  const message = (await bank.outbox(email)).find((m) => m.kind === kind);
  if (!message?.code) throw new Error(`no ${kind} code for ${email}`);
  return message.code;
};

/** A token of valid shape and claims, signed with a key the bank does not have. */
const forge = (email: string, scope: TokenScope) => {
  const user = userOf(email);
  const iat = Math.floor(clock / 1000);
  return new TokenSigner().sign({ sub: user.id, scope, iat, exp: iat + 30 * 60, ver: user.credentialVersion });
};

interface Reply {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  readonly body: unknown;
}

/** Sends an operation the way the portal does, with the token in the body (also on crud calls, where it is ignored). */
async function send(name: OperationName, input: unknown, token: string | undefined): Promise<Reply> {
  const request = encode(name, input as never, { token });
  if (token !== undefined && 'crud' in operations[name].selector) {
    if (request.body instanceof FormData) request.body.append('token', token);
    else request.body.append('token', token);
  }
  const res = await bank.send(`/${API_PATH}${request.search}`, { method: 'POST', body: request.body });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, body: JSON.parse(text) };
}

/** Everything the bank holds about one customer. */
const fingerprint = (email: string) => {
  const b = bank.app.bank();
  const user = userOf(email);
  return JSON.stringify({
    user: { ...user, knownPayees: [...user.knownPayees] },
    entries: b.entries(user.id),
    requests: b.allRequests().filter((r) => r.userId === user.id),
    notifications: b.notificationsOf(user.id),
    outbox: b.outboxFor(user.email),
  });
};

/** What would identify a customer in a reply: the e-mail, name, username, account number and any token issued. */
const identifiers = (email: string, token?: string) => {
  const user = userOf(email);
  return [user.email, user.fullname, user.username, user.accountNumber, ...(token ? [token] : [])];
};

// --- inputs that get past authorization and succeed ----------------------------------------------------

interface Prep {
  /** A fresh client of customer A (the one whose operation it is). */
  readonly a: ReturnType<Harness['client']>;
  readonly aEmail: string;
}
type Prepare = { readonly [K in OperationName]?: (p: Prep) => Promise<Partial<OperationInput<Operations[K]>>> };

const small = { ...payee, amount: 10 };
const large = { ...payee, amount: 2000 };

/**
 * Where a generated input would be refused by the bank for business reasons (a wrong PIN, a coin it does
 * not take, a transfer not yet confirmed), the input is made right so that an allowed call succeeds.
 */
const prepare: Prepare = {
  createTransfer: async ({ a }) => {
    await a.call('confirmPin', { pin: DEMO_PIN, extra: small });
    return { ...small, extra: small };
  },
  confirmPin: () => Promise.resolve({ pin: DEMO_PIN, extra: small }),
  confirmTransferCode: async ({ a, aEmail }) => {
    await a.call('confirmPin', { pin: DEMO_PIN, extra: large });
    return { code: await codeSentTo(aEmail, 'transfer-code'), extra: large };
  },
  changePin: () => Promise.resolve({ c_pwd: DEMO_PIN, n_pwd: '9876', con_pwd: '9876' }),
  changePasscode: () => Promise.resolve({ c_pwd: DEMO_PASSCODE, n_pwd: '654321', con_pwd: '654321' }),
  createPayment: () => Promise.resolve({ purpose: 'Account top-up', type: 'BTC' }),
  createFixedDeposit: () => Promise.resolve({ plan: '6 months at 5.25%', type: 'ETH' }),
  createUpgrade: () => Promise.resolve({ plan: 'Tier 2', type: 'BTC' }),
  createCryptoDeposit: () => Promise.resolve({ type: 'BTC' }),
  markNotificationRead: async ({ a }) => {
    const unread = (await a.call('getNotifications')).notifications.find((n) => n.wasread === 'no');
    if (!unread) throw new Error('no unread notification');
    return { id: unread.id };
  },
  submitVerification: () => Promise.resolve({ type: 'Passport' }),
  lookupUser: () => Promise.resolve({ email: DEMO }),
  login: () => Promise.resolve({ email: DEMO, password: DEMO_PASSCODE }),
  signup: () => Promise.resolve({ password: '654321', confirm: '654321' }),
  verifyEmail: async () => {
    await bank.client().call('resendConfirmCode', { email: 'unverified@bank.test' });
    return { email: 'unverified@bank.test', ver_code: await codeSentTo('unverified@bank.test', 'verify-email') };
  },
  forgotPasscode: () => Promise.resolve({ action: 'code', email: DEMO }),
};

// --- the matrix ------------------------------------------------------------------------------------

const cells = operationNames.flatMap((name) => KINDS.map((kind) => [name, kind] as const));
const visited = new Set<string>();

describe.each(operationNames)('%s', (name) => {
  const op: OperationDef = operations[name];

  it.each(KINDS.map((kind) => [KIND_LABEL[kind], kind] as const))('with %s', async (_, kind) => {
    visited.add(`${name} ${kind}`);
    clock = START;
    await bank.reset();
    const { a, b } = people(name);
    const scope: TokenScope = op.auth === 'kyc' ? 'kyc' : 'user';
    const holder = op.auth === 'kyc' ? KYC_NEW : a;

    let token: string | undefined;
    switch (kind) {
      case 'user':
      case 'none':
        break;
      case 'garbage':
        token = 'not-a-token';
        break;
      case 'forged':
        token = await forge(holder, scope);
        break;
      case 'expired':
        token = await tokenOf(holder);
        // Past the user token's 30 minutes and the KYC token's 60.
        clock += 61 * MINUTE;
        break;
      case 'other':
        token = await tokenOf(b);
        break;
      case 'kyc':
        token = await tokenOf(KYC_NEW);
        break;
      case 'admin':
        token = await tokenOf(ADMIN, ADMIN_PASSWORD);
        break;
    }
    const aToken = await tokenOf(a);
    if (kind === 'user') token = aToken;

    const prep = prepare[name] as ((p: Prep) => Promise<Record<string, unknown>>) | undefined;
    const fixed = prep ? await prep({ a: bank.client({ user: aToken }), aEmail: a }) : {};
    const input = { ...sample(name), ...fixed };
    const before = { all: bank.app.bank().digest(), a: fingerprint(a) };

    const reply = await send(name, input, token);
    expect(reply.contentType).toMatch(/^application\/json/u);

    if (!allowed(op, kind)) {
      expect(reply.status, reply.text).toBe(REFUSAL_STATUS[kind]);
      expect(reply.body).toMatchObject({ error: true, message: expect.stringMatching(/\w/u) as unknown });
      expect(bank.app.bank().digest()).toBe(before.all);
      return;
    }

    if (kind === 'other' && op.auth === 'user') {
      // B acts as B: success on B's own records, or a refusal; never A's data, and A's records untouched.
      expect(reply.status, reply.text).toBeLessThan(500);
      if (reply.status >= 400) expect(reply.body).toMatchObject({ message: expect.stringMatching(/\w/u) as unknown });
      for (const id of identifiers(a, aToken)) expect(reply.text).not.toContain(id);
      expect(fingerprint(a)).toBe(before.a);
      return;
    }

    expect(reply.status, reply.text).toBe(200);
    expect(op.reply.safeParse(reply.body).success).toBe(true);
    if (op.auth === 'user') for (const id of identifiers(b)) expect(reply.text).not.toContain(id);
  });
});

it('covers every operation of the contract with every kind of token', () => {
  expect(cells.length).toBe(operationNames.length * KINDS.length);
  expect(cells.length).toBe(Object.keys(operations).length * 8);
  expect([...visited].sort()).toEqual(cells.map(([name, kind]) => `${name} ${kind}`).sort());
});
