/**
 * The schema of a bank's snapshot, strict: an unknown key means another version wrote it. It is where
 * the bank's records are described: bank/model.ts takes their types from it (`z.output`). The state file (persistence.ts) and the in-browser demo's saved bank
 * (packages/demo) are both checked with it before the bank is restored from them. No Node here: the
 * demo runs it in the browser.
 */
import {
  KycStatusSchema,
  OutboxMessageSchema,
  RequestDecisionStatusSchema,
  RequestKindSchema,
  SNAPSHOT_NAME,
  SnapshotNameSchema,
} from '@ebank/contract';
import * as z from 'zod/mini';
import { SNAPSHOT_VERSION } from './bank/model';

/** The length of the token signing key and of the code key. */
export const KEY_BYTES = 32;

/** How many bytes a (padded, as z.base64() requires) base64 text holds. */
const base64Bytes = (s: string) => (s.length / 4) * 3 - (s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0);

/** A key of {@link KEY_BYTES} bytes, in base64. */
export const KeySchema = z.base64().check(z.refine((s) => base64Bytes(s) === KEY_BYTES, `must be ${KEY_BYTES} bytes`));
const id = z.string().check(z.minLength(1));
const time = z.number();
const cents = z.int().check(z.nonnegative());
const text = z.string();
const optionalText = z.exactOptional(text);

const attempts = z.strictObject({ failures: z.int().check(z.nonnegative()), lockedUntil: time });
/** A code sent by e-mail, stored as a keyed hash only. */
const sentCode = { hash: z.string().check(z.minLength(1)), expiresAt: time };

const UserSchema = z.strictObject({
  id,
  email: z.string().check(
    z.minLength(1),
    z.refine((s) => s === s.trim().toLowerCase(), 'must be trimmed and in lower case'),
  ),
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
  /** Upload id of the profile picture. */
  picture: z.exactOptional(id),
  role: z.enum(['user', 'admin']),
  passcodeHash: z.string().check(z.minLength(1)),
  pinHash: z.exactOptional(z.string().check(z.minLength(1))),
  /** Bumped when the passcode or the e-mail address changes, which retires every token issued before. */
  credentialVersion: z.int().check(z.positive()),
  /**
   * The one session that changed the passcode or the e-mail address in settings and so outlives the
   * change: its token's signature and the version it stays valid under (a later change or reset
   * retires it too).
   */
  keptSession: z.exactOptional(
    z.strictObject({ signature: z.string().check(z.minLength(1)), version: z.int().check(z.positive()) }),
  ),
  emailVerified: z.boolean(),
  kyc: KycStatusSchema,
  kycCase: z.exactOptional(
    z.strictObject({
      documentType: text,
      country: text,
      phone: text,
      homeAddress: text,
      /** Upload ids: picture, ID front, ID back. */
      documents: z.readonly(z.array(id)),
      submittedAt: time,
    }),
  ),
  accountNumber: z.string().check(z.minLength(1)),
  plan: text,
  /** An account message shown instead of the dashboard (`ismsg`). */
  notice: z.exactOptional(z.strictObject({ head: text, body: text })),
  createdAt: time,
  /** Wrong answers in a row, for each factor a run of them can lock. */
  attempts: z.strictObject({
    passcode: attempts,
    pin: attempts,
    emailCode: attempts,
    resetCode: attempts,
    stepUp: attempts,
  }),
  emailCode: z.exactOptional(z.strictObject(sentCode)),
  /** A passcode reset sent by e-mail: a code and a link, stored as keyed hashes only. */
  resetCode: z.exactOptional(
    z.strictObject({
      ...sentCode,
      linkHash: z.string().check(z.minLength(1)),
      /**
       * The links of the earlier resets this one replaced (newest first, a few at most), so that opening
       * an older e-mail's link is told apart from a wrong code.
       */
      replacedLinkHashes: z.exactOptional(z.readonly(z.array(z.string().check(z.minLength(1))))),
      /** Set once the code or link set a new passcode, so that it is told as used rather than expired. */
      used: z.exactOptional(z.literal(true)),
    }),
  ),
  stepUp: z.exactOptional(z.strictObject({ ...sentCode, amountCents: cents, payeeKey: text })),
  /** A transfer the customer has confirmed (PIN, and code when asked) and may now submit once. */
  authorization: z.exactOptional(z.strictObject({ amountCents: cents, payeeKey: text, expiresAt: time })),
  /** The payees transferred to before (the bank holds them as a set). */
  knownPayees: z.readonly(z.array(text)),
});

const LedgerEntrySchema = z.strictObject({
  id,
  userId: id,
  name: text,
  direction: z.enum(['credit', 'debit']),
  amountCents: z.int().check(z.positive()),
  status: z.enum(['successful', 'in_progress', 'failed']),
  createdAt: time,
  requestId: z.exactOptional(id),
});

const RequestSchema = z.strictObject({
  id,
  userId: id,
  kind: RequestKindSchema,
  /** Coin type, or 'Bank Transfer'. */
  type: text,
  amountCents: cents,
  status: RequestDecisionStatusSchema,
  createdAt: time,
  decidedAt: z.exactOptional(time),
  proof: z.exactOptional(id),
  plan: optionalText,
  purpose: optionalText,
  /** A transfer as the bank records it: the payee and note, with the fee it computed. */
  transfer: z.exactOptional(
    z.strictObject({
      bank: text,
      swift: text,
      currency: text,
      routing: text,
      country: text,
      accountNumber: text,
      accountHolder: text,
      note: text,
      feeCents: cents,
    }),
  ),
});

const NotificationSchema = z.strictObject({
  id,
  userId: id,
  title: text,
  body: text,
  read: z.boolean(),
  createdAt: time,
});

/** A message the bank sent, as the outbox (staff contract) lists it but with its time in milliseconds. */
const OutboxSchema = z.strictObject({ ...OutboxMessageSchema.shape, id, createdAt: time });

/** An upload as a snapshot keeps it: the bytes in base64. */
const UploadSchema = z.strictObject({ id, ownerId: id, mimetype: text, bytes: z.base64(), createdAt: time });

/** The bank's records as a snapshot keeps them; bank/model.ts builds the bank's own record types on these. */
export type UserRecord = z.output<typeof UserSchema>;
export type LedgerEntryRecord = z.output<typeof LedgerEntrySchema>;
export type RequestRecord = z.output<typeof RequestSchema>;
export type NotificationRecord = z.output<typeof NotificationSchema>;
export type OutboxRecord = z.output<typeof OutboxSchema>;
export type UploadRecord = z.output<typeof UploadSchema>;

/** The fields of a snapshot, in the bank's order. */
export const snapshotShape = {
  version: z.literal(SNAPSHOT_VERSION),
  codeKey: KeySchema,
  users: z.readonly(z.array(UserSchema)),
  ledger: z.readonly(z.array(LedgerEntrySchema)),
  requests: z.readonly(z.array(RequestSchema)),
  notifications: z.readonly(z.array(NotificationSchema)),
  outbox: z.readonly(z.array(OutboxSchema)),
  uploads: z.readonly(z.array(UploadSchema)),
};

type SnapshotRecords = z.output<z.ZodMiniObject<typeof snapshotShape>>;

/** What the fields cannot say alone: ids are distinct, and every record's user (and request) exists. */
export function checkRecords(state: SnapshotRecords, ctx: z.core.$RefinementCtx): void {
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
export const BankSnapshotSchema = z.strictObject(snapshotShape).check(z.superRefine(checkRecords));

/**
 * Everything the bank holds, as a plain JSON object: what a state file keeps across a restart.
 * Records are listed in the bank's own order. The token signer's key is not in it: the signer
 * belongs to whoever builds the bank.
 */
export type SnapshotRecord = z.output<typeof BankSnapshotSchema>;

/** The name demo staff give a saved bank (`POST /__mock/snapshots`), as the staff contract reads it. */
export { SNAPSHOT_NAME, SnapshotNameSchema };

/** A bank saved under a name, with when it was saved (the bank's time, ISO 8601). */
export const NamedSnapshotSchema = z.strictObject({
  name: SnapshotNameSchema,
  savedAt: z.iso.datetime(),
  snapshot: BankSnapshotSchema,
});

/** The named snapshots a state file or the demo's saved bank keeps, oldest first; each name once. */
export const NamedSnapshotsSchema = z.array(NamedSnapshotSchema).check(
  z.superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach(({ name }, i) => {
      if (seen.has(name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `'${name}' is listed twice` });
      seen.add(name);
    });
  }),
);

/**
 * The input itself, once a schema has accepted it (`parsed` is what it made of it): zod lists an object's keys in its schema's order,
 * while the bank keeps its own order (which `digest()` fingerprints and replies follow). After a strict
 * parse without transforms the two hold the same values.
 */
export const asParsed = <T>(_parsed: T, input: unknown) => input as T;
