/**
 * The schema of a bank's snapshot (bank/model.ts, `BankSnapshot`), strict: an unknown key means
 * another version wrote it. The state file (persistence.ts) and the in-browser demo's saved bank
 * (packages/demo) are both checked with it before the bank is restored from them. No Node here: the
 * demo runs it in the browser.
 */
import { z } from 'zod';
import { SNAPSHOT_VERSION } from './bank/model';

/** The length of the token signing key and of the code key. */
export const KEY_BYTES = 32;

/** How many bytes a (padded, as z.base64() requires) base64 text holds. */
const base64Bytes = (s: string) => (s.length / 4) * 3 - (s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0);

/** A key of {@link KEY_BYTES} bytes, in base64. */
export const KeySchema = z.base64().refine((s) => base64Bytes(s) === KEY_BYTES, `must be ${KEY_BYTES} bytes`);
const id = z.string().min(1);
const time = z.number();
const cents = z.number().int().nonnegative();
const text = z.string();
const optionalText = text.exactOptional();

const attempts = z.strictObject({ failures: z.number().int().nonnegative(), lockedUntil: time });
const sentCode = { hash: z.string().min(1), expiresAt: time };

const UserSchema = z.strictObject({
  id,
  email: z
    .string()
    .min(1)
    .refine((s) => s === s.trim().toLowerCase(), 'must be trimmed and in lower case'),
  username: text,
  firstName: text,
  lastName: text,
  fullname: text,
  profile: z.strictObject({
    phone: optionalText,
    gender: optionalText,
    dob: optionalText,
    country: optionalText,
    maritalStatus: optionalText,
    homeAddress: optionalText,
    nextOfKin: optionalText,
  }),
  picture: id.exactOptional(),
  role: z.enum(['user', 'admin']),
  passcodeHash: z.string().min(1),
  pinHash: z.string().min(1).exactOptional(),
  credentialVersion: z.number().int().positive(),
  keptSession: z.strictObject({ signature: z.string().min(1), version: z.number().int().positive() }).exactOptional(),
  emailVerified: z.boolean(),
  kyc: z.enum(['Not Verified', 'Pending Verification', 'Declined', 'Verified']),
  kycCase: z
    .strictObject({
      documentType: text,
      country: text,
      phone: text,
      homeAddress: text,
      documents: z.array(id),
      submittedAt: time,
    })
    .exactOptional(),
  accountNumber: z.string().min(1),
  plan: text,
  notice: z.strictObject({ head: text, body: text }).exactOptional(),
  createdAt: time,
  attempts: z.strictObject({
    passcode: attempts,
    pin: attempts,
    emailCode: attempts,
    resetCode: attempts,
    stepUp: attempts,
  }),
  emailCode: z.strictObject(sentCode).exactOptional(),
  resetCode: z
    .strictObject({
      ...sentCode,
      linkHash: z.string().min(1),
      replacedLinkHashes: z.array(z.string().min(1)).exactOptional(),
    })
    .exactOptional(),
  stepUp: z.strictObject({ ...sentCode, amountCents: cents, payeeKey: text }).exactOptional(),
  authorization: z.strictObject({ amountCents: cents, payeeKey: text, expiresAt: time }).exactOptional(),
  knownPayees: z.array(text),
});

const LedgerEntrySchema = z.strictObject({
  id,
  userId: id,
  name: text,
  direction: z.enum(['credit', 'debit']),
  amountCents: z.number().int().positive(),
  status: z.enum(['successful', 'in_progress', 'failed']),
  createdAt: time,
  requestId: id.exactOptional(),
});

const RequestSchema = z.strictObject({
  id,
  userId: id,
  kind: z.enum(['crypto-deposit', 'payment', 'fixed-deposit', 'upgrade', 'transfer']),
  type: text,
  amountCents: cents,
  status: z.enum(['pending', 'confirmed', 'declined']),
  createdAt: time,
  decidedAt: time.exactOptional(),
  proof: id.exactOptional(),
  plan: optionalText,
  purpose: optionalText,
  transfer: z
    .strictObject({
      bank: text,
      swift: text,
      currency: text,
      routing: text,
      country: text,
      accountNumber: text,
      accountHolder: text,
      note: text,
      feeCents: cents,
    })
    .exactOptional(),
});

const NotificationSchema = z.strictObject({
  id,
  userId: id,
  title: text,
  body: text,
  read: z.boolean(),
  createdAt: time,
});

const OutboxSchema = z.strictObject({
  id,
  to: text,
  kind: z.enum(['verify-email', 'reset-passcode', 'transfer-code', 'notice']),
  subject: text,
  text,
  code: optionalText,
  link: optionalText,
  createdAt: time,
});

const UploadSchema = z.strictObject({ id, ownerId: id, mimetype: text, bytes: z.base64(), createdAt: time });

/** The fields of a snapshot, in the bank's order. */
export const snapshotShape = {
  version: z.literal(SNAPSHOT_VERSION),
  codeKey: KeySchema,
  users: z.array(UserSchema),
  ledger: z.array(LedgerEntrySchema),
  requests: z.array(RequestSchema),
  notifications: z.array(NotificationSchema),
  outbox: z.array(OutboxSchema),
  uploads: z.array(UploadSchema),
};

type SnapshotRecords = z.output<z.ZodObject<typeof snapshotShape>>;

/** What the fields cannot say alone: ids are distinct, and every record's user (and request) exists. */
export function checkRecords(state: SnapshotRecords, ctx: z.RefinementCtx): void {
  const distinct = [
    ['users', state.users.map((u) => u.id)],
    ['users', state.users.map((u) => u.email)],
    ['ledger', state.ledger.map((e) => e.id)],
    ['requests', state.requests.map((r) => r.id)],
    ['uploads', state.uploads.map((u) => u.id)],
  ] as const;
  for (const [what, values] of distinct) {
    const seen = new Set<string>();
    values.forEach((value, i) => {
      if (seen.has(value)) ctx.addIssue({ code: 'custom', path: [what, i], message: `'${value}' is listed twice` });
      seen.add(value);
    });
  }
  const users = new Set(state.users.map((u) => u.id));
  const requests = new Set(state.requests.map((r) => r.id));
  const known = (list: readonly { userId?: string; ownerId?: string }[], what: keyof typeof state) => {
    list.forEach((record, i) => {
      const owner = record.userId ?? record.ownerId ?? '';
      if (!users.has(owner)) ctx.addIssue({ code: 'custom', path: [what, i], message: `no user '${owner}'` });
    });
  };
  known(state.ledger, 'ledger');
  known(state.requests, 'requests');
  known(state.notifications, 'notifications');
  known(state.uploads, 'uploads');
  state.ledger.forEach((entry, i) => {
    if (entry.requestId !== undefined && !requests.has(entry.requestId))
      ctx.addIssue({ code: 'custom', path: ['ledger', i], message: `no request '${entry.requestId}'` });
  });
}

/** A bank's snapshot, as `Bank.snapshot()` gives it and `Bank.restore()` takes it. */
export const BankSnapshotSchema = z.strictObject(snapshotShape).superRefine(checkRecords);

/** The name demo staff give a saved bank (`POST /__mock/snapshots`). */
export const SNAPSHOT_NAME = /^[A-Za-z0-9._-]{1,64}$/u;
export const SnapshotNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'name: is required' : 'name: must be text') })
  .regex(SNAPSHOT_NAME, 'name: must be 1 to 64 letters, digits, dots, underscores or hyphens');

/** A bank saved under a name, with when it was saved (the bank's time, ISO 8601). */
export const NamedSnapshotSchema = z.strictObject({
  name: SnapshotNameSchema,
  savedAt: z.iso.datetime(),
  snapshot: BankSnapshotSchema,
});

/** The named snapshots a state file or the demo's saved bank keeps, oldest first; each name once. */
export const NamedSnapshotsSchema = z.array(NamedSnapshotSchema).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach(({ name }, i) => {
    if (seen.has(name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `'${name}' is listed twice` });
    seen.add(name);
  });
});

/**
 * The input itself, once a schema has accepted it (`parsed` is what it made of it): zod lists an object's keys in its schema's order,
 * while the bank keeps its own order (which `digest()` fingerprints and replies follow). After a strict
 * parse without transforms the two hold the same values.
 */
export const asParsed = <T>(_parsed: T, input: unknown) => input as T;
