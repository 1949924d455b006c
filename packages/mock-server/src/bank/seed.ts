/** The seeded bank: reference data and the demo personas that tests and demos rely on. */
import { Bank, toCents, type BankOptions } from './bank';
import { formatAmount } from './context';
import type { Catalogue, EntryStatus, RequestKind, RequestStatus, User } from './model';
import { depositEntryName } from './requests';
import { sampleKycDocuments } from './sample-documents';
import { historyEntries } from './seed-history';
import { hashSecret, type HashCost } from './security';

export const DEMO_PASSCODE = '123456';
export const DEMO_PIN = '1234';
export const ADMIN_PASSWORD = 'admin-demo-pass';

export const CATALOGUE: Catalogue = {
  currency: '$',
  coins: [
    { name: 'BTC', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
    { name: 'ETH', address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F' },
    { name: 'USDT (TRC20)', address: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj' },
  ],
  purposes: ['Account top-up', 'Loan repayment', 'Investment funding'],
  fixedDepositPlans: [{ name: '3 months at 4.50%' }, { name: '6 months at 5.25%' }, { name: '12 months at 6.00%' }],
  upgradePlans: [
    {
      name: 'Tier 2',
      priceCents: 4_900,
      features: ['A higher daily transfer limit', 'Support by e-mail within one business day'],
    },
    {
      name: 'Tier 3',
      priceCents: 14_900,
      features: ['Higher transfer and deposit limits', 'Better fixed-deposit rates', 'Priority support'],
    },
    {
      name: 'Premium',
      priceCents: 49_900,
      features: [
        'Our highest transfer and deposit limits',
        'Our best fixed-deposit rates',
        'A personal account manager',
      ],
    },
  ],
  verificationDeposit: { name: 'BTC', address: 'bc1qv3rfc8x5ja2t0gk7ymn4wq6sd9ulh2ez8pe4xs' },
  documentTypes: ['Passport', 'National ID Card', 'Residence Permit'],
  contact: { whatsapp: '+1 555 010 0100', email: 'support@bank.test', phone: '+1 555 010 0199' },
  bankDetails: { swiftCode: 'EBNKUS33XXX', routingNumber: '021000021', country: 'United States' },
};

interface Persona {
  readonly email: string;
  readonly first: string;
  readonly last: string;
  readonly username: string;
  readonly password?: string;
  readonly role?: 'admin';
  readonly verified?: boolean;
  readonly kyc?: User['kyc'];
  readonly pin?: boolean;
  readonly notice?: { head: string; body: string };
}

export const PERSONAS: readonly Persona[] = [
  { email: 'demo@bank.test', first: 'Dana', last: 'Demo', username: 'dana.demo', pin: true },
  { email: 'nopin@bank.test', first: 'Noah', last: 'Pinless', username: 'noah.p' },
  { email: 'kyc-new@bank.test', first: 'Kira', last: 'New', username: 'kira.new', kyc: 'Not Verified' },
  { email: 'kyc-pending@bank.test', first: 'Paul', last: 'Pending', username: 'paul.p', kyc: 'Pending Verification' },
  { email: 'kyc-declined@bank.test', first: 'Dora', last: 'Declined', username: 'dora.d', kyc: 'Declined' },
  {
    email: 'unverified@bank.test',
    first: 'Uma',
    last: 'Unverified',
    username: 'uma.u',
    verified: false,
    kyc: 'Not Verified',
  },
  {
    email: 'notice@bank.test',
    first: 'Nina',
    last: 'Notice',
    username: 'nina.n',
    pin: true,
    notice: {
      head: 'Your account is on hold',
      body: 'We need to confirm some details with you. Please contact support to restore access.',
    },
  },
  { email: 'admin@bank.test', first: 'Ada', last: 'Admin', username: 'staff', password: ADMIN_PASSWORD, role: 'admin' },
  { email: 'history@bank.test', first: 'Hugo', last: 'History', username: 'hugo.h', pin: true },
];

/** Hashes are slow on purpose; the seed computes each persona's once per process. */
const hashCache = new Map<string, Promise<string>>();
const cachedHash = (key: string, secret: string, cost: HashCost) => {
  const id = `${cost.iterations}:${key}`;
  let hash = hashCache.get(id);
  if (!hash) {
    hash = hashSecret(secret, cost);
    hashCache.set(id, hash);
  }
  return hash;
};

const DAY = 86_400_000;

export async function seedBank(
  options: Omit<BankOptions, 'catalogue'> & {
    catalogue?: Catalogue;
    /** The admin's password instead of {@link ADMIN_PASSWORD}: the staff key, on a shared server. */
    adminPassword?: string | undefined;
  } = {},
): Promise<Bank> {
  const bank = new Bank({ ...options, catalogue: options.catalogue ?? CATALOGUE });
  const cost = bank.config.hashCost;
  const now = bank.now();
  const byEmail = new Map<string, User>();

  const passwordOf = (p: Persona) =>
    (p.role === 'admin' ? options.adminPassword : undefined) ?? p.password ?? DEMO_PASSCODE;
  // Every hash started at once (the platform computes them side by side), then taken in turn.
  for (const p of PERSONAS) {
    void cachedHash(`passcode:${p.email}:${passwordOf(p)}`, passwordOf(p), cost);
    if (p.pin) void cachedHash(`pin:${p.email}`, DEMO_PIN, cost);
  }
  for (const p of PERSONAS) {
    const password = passwordOf(p);
    const user = await bank.createUser(
      {
        email: p.email,
        username: p.username,
        firstName: p.first,
        lastName: p.last,
        passcode: password,
        ...(p.role ? { role: p.role } : {}),
      },
      await cachedHash(`passcode:${p.email}:${password}`, password, cost),
    );
    user.emailVerified = p.verified ?? true;
    bank.setKyc(user, p.kyc ?? 'Verified');
    if (p.pin) user.pinHash = await cachedHash(`pin:${p.email}`, DEMO_PIN, cost);
    if (p.notice) user.notice = { ...p.notice };
    user.profile = { country: 'United States', phone: '+1 555 010 2000', gender: 'Female', maritalStatus: 'Single' };
    byEmail.set(p.email, user);
  }
  const persona = (email: string) => {
    const user = byEmail.get(email);
    if (!user) throw new Error(`no persona ${email}`);
    return user;
  };

  // kyc-pending has documents under review
  const pending = persona('kyc-pending@bank.test');
  const { portrait, front, back } = await sampleKycDocuments();
  const doc = (png: Uint8Array) => bank.storeUpload(pending, 'image/png', png);
  pending.kycCase = {
    documentType: 'Passport',
    country: 'United States',
    phone: '+1 555 010 2000',
    homeAddress: '12 Elm Street, Springfield',
    documents: [doc(portrait), doc(front), doc(back)],
    submittedAt: now - DAY,
  };

  // unverified has been sent a code
  await bank.resendConfirmCode('unverified@bank.test');

  // demo: money of every status, requests, notifications
  const demo = persona('demo@bank.test');
  demo.profile = {
    ...demo.profile,
    dob: '1990-04-23',
    homeAddress: '221B Baker Street, London',
    nextOfKin: 'Sam Demo',
  };
  const history = (
    user: User,
    kind: RequestKind,
    status: RequestStatus,
    amount: number,
    daysAgo: number,
    extra: { type?: string; plan?: string; purpose?: string; holder?: string } = {},
  ) => {
    const createdAt = now - daysAgo * DAY;
    const amountCents = toCents(amount);
    // The seed holds only transfers the bank could have made: none whose fee would take the whole
    // amount (with a service charge of 100%, say), and no service charge line for a fee of nothing.
    if (kind === 'transfer' && !bank.feeIsBelow(amountCents)) return;
    const entryStatus: EntryStatus =
      status === 'confirmed' ? 'successful' : status === 'declined' ? 'failed' : 'in_progress';
    const holder = extra.holder ?? 'Jane Cooper';
    const feeCents = bank.feeCents(amountCents);
    const request = bank.importRequest({
      userId: user.id,
      kind,
      type: kind === 'transfer' ? 'Bank Transfer' : (extra.type ?? 'BTC'),
      amountCents,
      status,
      createdAt,
      ...(status === 'pending' ? {} : { decidedAt: createdAt + DAY / 2 }),
      ...(extra.plan ? { plan: extra.plan } : {}),
      ...(extra.purpose ? { purpose: extra.purpose } : {}),
      ...(kind === 'transfer'
        ? {
            transfer: {
              bank: 'First Example Bank',
              swift: 'FEXBUS33',
              currency: 'USD',
              routing: '026009593',
              country: 'United States',
              accountNumber: '000123456789',
              accountHolder: holder,
              note: 'Invoice',
              feeCents,
            },
          }
        : {}),
    });
    const base = { userId: user.id, status: entryStatus, createdAt, requestId: request.id };
    if (kind === 'transfer') {
      if (feeCents > 0)
        bank.postLedgerEntry({ ...base, direction: 'debit', name: 'Service charge', amountCents: feeCents });
      bank.postLedgerEntry({
        ...base,
        direction: 'debit',
        name: `Transfer to ${holder}`,
        amountCents: amountCents - feeCents,
      });
    } else if (kind === 'crypto-deposit' || kind === 'payment') {
      bank.postLedgerEntry({ ...base, direction: 'credit', name: depositEntryName(request), amountCents });
    }
  };
  bank.postLedgerEntry({
    userId: demo.id,
    direction: 'credit',
    name: 'Salary: Northwind Ltd',
    amountCents: 425_000,
    status: 'successful',
    createdAt: now - 30 * DAY,
  });
  history(demo, 'crypto-deposit', 'confirmed', 1200, 20, { type: 'BTC' });
  history(demo, 'transfer', 'confirmed', 330, 12, { holder: 'Jane Cooper' });
  history(demo, 'transfer', 'declined', 75, 8, { holder: 'Acme Utilities' });
  history(demo, 'crypto-deposit', 'declined', 250, 5, { type: 'USDT (TRC20)' });
  history(demo, 'payment', 'confirmed', 150, 4, { type: 'ETH', purpose: 'Account top-up' });
  history(demo, 'fixed-deposit', 'pending', 1000, 3, { type: 'BTC', plan: '6 months at 5.25%' });
  history(demo, 'crypto-deposit', 'pending', 500, 2, { type: 'ETH' });
  history(demo, 'transfer', 'pending', 150, 1, { holder: 'Sam Lee' });
  bank.notify(demo, 'Welcome to E-Banking', 'Your account is ready. Add funds to get started.', {
    read: true,
    createdAt: now - 30 * DAY,
  });
  const amount = (units: number) => formatAmount(bank, toCents(units));
  bank.notify(demo, 'Deposit confirmed', `Your crypto deposit of ${amount(1200)} was confirmed.`, {
    createdAt: now - 19 * DAY,
  });
  bank.notify(demo, 'Transfer submitted', `Your transfer of ${amount(150)} to Sam Lee is awaiting confirmation.`, {
    createdAt: now - DAY,
  });

  for (const email of ['nopin@bank.test', 'notice@bank.test'])
    bank.postLedgerEntry({
      userId: persona(email).id,
      direction: 'credit',
      name: 'Opening deposit',
      amountCents: 25_000,
      status: 'successful',
      createdAt: now - 10 * DAY,
    });

  // history: two years of monthly activity, for the statement's filters, pages, export and print
  const long = persona('history@bank.test');
  for (const entry of historyEntries(now)) bank.postLedgerEntry({ ...entry, userId: long.id });

  return bank;
}
