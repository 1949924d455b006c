/**
 * The staff API of the mock bank: what the admin area reads and does, described once. Staff see the
 * customers, the identity (KYC) cases with their documents and the pending requests (`/__mock/staff/…`),
 * decide a case or a request, set or clear a customer's account message, read the messages the bank sent
 * by e-mail (its outbox), read and clear the request journal, move the bank's clock, save, restore and
 * delete named snapshots, and reset the bank.
 *
 * Every route is a ts-rest route over zod schemas: the mock server parses the path parameters, query and
 * body of each request with them and types its replies by them, and the admin area calls them through
 * ts-rest's client (`createStaffClient` in `staff-client.ts`). A refusal is the shared JSON error shape.
 */
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { operationNames } from './operations';
import { ErrorReplySchema } from './replies';

const c = initContract();

const required = (field: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? `${field}: is required` : `${field}: must be text`,
});

// -------------------------------------------------------------------------------------------------
// the state staff see

export const KycStatusSchema = z.enum(['Not Verified', 'Pending Verification', 'Declined', 'Verified']);
export const RequestKindSchema = z.enum(['crypto-deposit', 'payment', 'fixed-deposit', 'upgrade', 'transfer']);
export const RequestDecisionStatusSchema = z.enum(['pending', 'confirmed', 'declined']);

/** An account message: shown to the customer at login instead of the dashboard. */
export const AccountMessageSchema = z.strictObject({
  head: z.string(required('head')).trim().min(1, 'head: is required').max(200, 'head: must be at most 200 characters'),
  body: z
    .string(required('body'))
    .trim()
    .min(1, 'body: is required')
    .max(2000, 'body: must be at most 2000 characters'),
});

/**
 * A customer as staff see them. Money is given twice: as a number (`balance`) for programs, and written
 * as the portal writes it (`balanceText`, such as `$1,200.00`) for people.
 */
export const StaffCustomerSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullname: z.string(),
  role: z.enum(['user', 'admin']),
  emailVerified: z.boolean(),
  kyc: KycStatusSchema,
  plan: z.string(),
  hasPin: z.boolean(),
  notice: z.object({ head: z.string(), body: z.string() }).nullable(),
  balance: z.number(),
  balanceText: z.string(),
});

/** An identity check waiting for a decision, with the addresses of its document images. */
export const KycCaseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullname: z.string(),
  documentType: z.string().nullable(),
  country: z.string().nullable(),
  documents: z.array(z.string()),
  submittedAt: z.string().nullable(),
});

/**
 * A request waiting for a decision. An upgrade names its plan with the plan's price, and says whether the
 * amount paid is below that price (a confirmed upgrade changes the plan whatever was paid).
 */
export const PendingRequestSchema = z.object({
  id: z.string(),
  kind: RequestKindSchema,
  email: z.string().nullable(),
  type: z.string(),
  amount: z.number(),
  amountText: z.string(),
  plan: z.string().nullable(),
  planPrice: z.number().nullable(),
  planPriceText: z.string().nullable(),
  belowPlanPrice: z.boolean(),
  purpose: z.string().nullable(),
  payee: z.string().nullable(),
  proof: z.string().nullable(),
  createdAt: z.string(),
});

export const StaffStateSchema = z.object({
  currency: z.string(),
  customers: z.array(StaffCustomerSchema),
  kyc: z.array(KycCaseSchema),
  requests: z.array(PendingRequestSchema),
});

// -------------------------------------------------------------------------------------------------
// decisions

export const KycDecisionSchema = z.enum(['approve', 'decline'], { error: 'Use approve or decline' });
export const RequestDecisionSchema = z.enum(['confirm', 'decline'], { error: 'Use confirm or decline' });

/** A customer named in a path: an e-mail address (or the customer's id). */
const customerParam = z.string();

export const KycDecidedSchema = z.object({ ok: z.literal(true), email: z.string(), kyc: KycStatusSchema });
export const RequestDecidedSchema = z.object({
  ok: z.literal(true),
  id: z.string(),
  status: RequestDecisionStatusSchema,
});
export const AccountMessageSetSchema = z.object({
  ok: z.literal(true),
  email: z.string(),
  notice: z.object({ head: z.string(), body: z.string() }).nullable(),
});

// -------------------------------------------------------------------------------------------------
// the outbox

/** What a message the bank sends by e-mail is about. */
export const OutboxKindSchema = z.enum(['verify-email', 'reset-passcode', 'transfer-code', 'notice']);

/**
 * A message the bank "sent" by e-mail (the mock has no mail server: it keeps them instead). One with a
 * code or a link carries it apart from its text, so that a test or the demo can read it.
 */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  kind: OutboxKindSchema,
  subject: z.string(),
  text: z.string(),
  code: z.string().exactOptional(),
  link: z.string().exactOptional(),
  /** When it was sent, by the bank's clock (ISO 8601). */
  createdAt: z.iso.datetime(),
});

/** Whose messages: those to one address; everyone's when no address (or more than one) is given. */
export const OutboxQuerySchema = z.object({ to: z.string().optional().catch(undefined) });

// -------------------------------------------------------------------------------------------------
// the request journal

/** A file sent with a call, as the journal shows it: never its bytes. */
export const JournalFileSchema = z.object({
  name: z.string(),
  /** The image type its bytes show, or null when they show none. */
  type: z.string().nullable(),
  size: z.number(),
});
export const JournalValueSchema = z.union([
  z.string(),
  z.array(z.string()),
  JournalFileSchema,
  z.array(JournalFileSchema),
]);

/** An API call the mock answered. */
export const JournalEntrySchema = z.object({
  /** When the call arrived (ISO 8601). */
  at: z.string(),
  /** The contract's name of the operation, or null when the call named none (or several). */
  operation: z.string().nullable(),
  /** The wire selector (the marker field's name, or `crud=...`), or null with no operation. */
  selector: z.string().nullable(),
  /** The customer: the one the call's token opened, else the `email` field sent; null when neither. */
  email: z.string().nullable(),
  status: z.number(),
  durationMs: z.number(),
  /** The fields as sent, secrets masked; files by name, type and size. */
  fields: z.record(z.string(), JournalValueSchema),
  /** Whether the reply passed the contract's check (the error shape for an error); null when unchecked. */
  replyValid: z.boolean().nullable(),
});

const filterValue = (field: string) =>
  z
    .string({ error: `${field}: give it once` })
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** The journal's filters, each an exact match (absent or empty: any). */
export const JournalFilterSchema = z.strictObject(
  {
    operation: filterValue('operation').refine(
      (value) => value === undefined || (operationNames as readonly string[]).includes(value),
      'operation: not an operation of the contract (its TypeScript name, such as login)',
    ),
    email: filterValue('email'),
    status: filterValue('status')
      .refine(
        (value) => value === undefined || /^[1-5]\d\d$/u.test(value),
        'status: must be an HTTP status such as 200',
      )
      .transform((value) => (value === undefined ? undefined : Number(value))),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Filter by operation, email or status only' : undefined) },
);

// -------------------------------------------------------------------------------------------------
// the bank's clock

/** The most one move of the clock may go forward: a year. */
export const MAX_CLOCK_ADVANCE_MINUTES = 525_600;

/**
 * How far one move goes: a whole number of minutes, at most a year, so that no move can put the bank's
 * records (tokens, codes, locks) years ahead.
 */
export const AdvanceMinutesSchema = z
  .number({ error: 'advanceMinutes: must be a number of minutes' })
  .int({ error: 'advanceMinutes: must be a whole number of minutes' })
  .min(1, { error: 'advanceMinutes: must be at least 1 minute' })
  .max(MAX_CLOCK_ADVANCE_MINUTES, {
    error: `advanceMinutes: can be at most ${MAX_CLOCK_ADVANCE_MINUTES} minutes (a year) at a time`,
  });
export const ClockAdvanceSchema = z.strictObject({ advanceMinutes: AdvanceMinutesSchema });
export const ClockResetSchema = z.strictObject({ reset: z.literal(true) });
/** Forward by some minutes, or back to the real time. */
export const ClockMoveSchema = z.union([ClockAdvanceSchema, ClockResetSchema]);
export const CLOCK_USAGE = `Send {"advanceMinutes": N} (N from 1 to ${MAX_CLOCK_ADVANCE_MINUTES}) or {"reset": true}`;

export const ClockStateSchema = z.object({
  /** How far the bank's clock is ahead of the real time, in minutes. */
  offsetMinutes: z.number(),
  /** The bank's time now (ISO 8601). */
  now: z.string(),
});

// -------------------------------------------------------------------------------------------------
// named snapshots

/** The name staff give a saved bank. */
export const SNAPSHOT_NAME = /^[A-Za-z0-9._-]{1,64}$/u;
export const SnapshotNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'name: is required' : 'name: must be text') })
  .regex(SNAPSHOT_NAME, 'name: must be 1 to 64 letters, digits, dots, underscores or hyphens');
export const SaveSnapshotSchema = z.strictObject(
  { name: SnapshotNameSchema },
  { error: (issue) => (issue.code === 'invalid_type' ? 'Send {"name": NAME}' : undefined) },
);
export const SnapshotSummarySchema = z.object({
  name: z.string(),
  /** When it was saved, by the bank's clock (ISO 8601). */
  savedAt: z.string(),
});

export const OkSchema = z.object({ ok: z.literal(true) });

// -------------------------------------------------------------------------------------------------
// the routes

/** The error shape of every refusal. */
const staffErrors = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 429, 500].map((status) => [status, ErrorReplySchema]),
) as Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500, typeof ErrorReplySchema>;

export const staffContract = c.router(
  {
    getState: {
      method: 'GET',
      path: '/__mock/staff/state',
      summary: 'Customers, identity checks awaiting review and pending requests',
      responses: { 200: StaffStateSchema },
    },
    decideKyc: {
      method: 'POST',
      path: '/__mock/staff/kyc/:email/:decision',
      summary: 'Approve or decline an identity check',
      pathParams: z.object({ email: customerParam, decision: KycDecisionSchema }),
      body: c.noBody(),
      responses: { 200: KycDecidedSchema },
    },
    decideRequest: {
      method: 'POST',
      path: '/__mock/staff/requests/:id/:decision',
      summary: 'Confirm or decline a pending deposit, payment, fixed deposit, upgrade or transfer',
      pathParams: z.object({ id: z.string(), decision: RequestDecisionSchema }),
      body: c.noBody(),
      responses: { 200: RequestDecidedSchema },
    },
    setAccountMessage: {
      method: 'POST',
      path: '/__mock/staff/customers/:email/notice',
      summary: "Set a customer's account message",
      pathParams: z.object({ email: customerParam }),
      body: AccountMessageSchema,
      responses: { 200: AccountMessageSetSchema },
    },
    clearAccountMessage: {
      method: 'DELETE',
      path: '/__mock/staff/customers/:email/notice',
      summary: "Clear a customer's account message",
      pathParams: z.object({ email: customerParam }),
      body: c.noBody(),
      responses: { 200: AccountMessageSetSchema },
    },
    getOutbox: {
      method: 'GET',
      path: '/__mock/outbox',
      summary: 'The messages the bank sent by e-mail, newest first',
      query: OutboxQuerySchema,
      responses: { 200: z.array(OutboxMessageSchema) },
    },
    getJournal: {
      method: 'GET',
      path: '/__mock/journal',
      summary: 'The API calls answered, newest first',
      query: JournalFilterSchema,
      responses: { 200: z.array(JournalEntrySchema) },
    },
    clearJournal: {
      method: 'DELETE',
      path: '/__mock/journal',
      summary: 'Forget the API calls answered',
      body: c.noBody(),
      responses: { 200: OkSchema },
    },
    getClock: {
      method: 'GET',
      path: '/__mock/clock',
      summary: "The bank's time and how far it is ahead",
      responses: { 200: ClockStateSchema },
    },
    moveClock: {
      method: 'POST',
      path: '/__mock/clock',
      summary: "Move the bank's clock forward, or back to the real time",
      body: ClockMoveSchema,
      responses: { 200: ClockStateSchema },
    },
    listSnapshots: {
      method: 'GET',
      path: '/__mock/snapshots',
      summary: 'The saved snapshots, newest first',
      responses: { 200: z.array(SnapshotSummarySchema) },
    },
    saveSnapshot: {
      method: 'POST',
      path: '/__mock/snapshots',
      summary: 'Save the bank under a name (a name saved before is overwritten)',
      body: SaveSnapshotSchema,
      responses: { 201: SnapshotSummarySchema },
    },
    restoreSnapshot: {
      method: 'POST',
      path: '/__mock/snapshots/:name/restore',
      summary: 'Bring a saved snapshot back',
      pathParams: z.object({ name: z.string() }),
      body: c.noBody(),
      responses: { 200: SnapshotSummarySchema.extend({ ok: z.literal(true) }) },
    },
    deleteSnapshot: {
      method: 'DELETE',
      path: '/__mock/snapshots/:name',
      summary: 'Delete a saved snapshot',
      pathParams: z.object({ name: z.string() }),
      body: c.noBody(),
      responses: { 200: z.object({ ok: z.literal(true), name: z.string() }) },
    },
    resetBank: {
      method: 'POST',
      path: '/__mock/reset',
      summary: 'Back to the seeded bank (the journal and the snapshots stay)',
      body: c.noBody(),
      responses: { 200: OkSchema },
    },
  },
  { commonResponses: staffErrors },
);

export type StaffContract = typeof staffContract;
export type StaffRouteName = keyof StaffContract;

export type StaffState = z.infer<typeof StaffStateSchema>;
export type StaffCustomer = z.infer<typeof StaffCustomerSchema>;
export type KycCase = z.infer<typeof KycCaseSchema>;
export type PendingRequest = z.infer<typeof PendingRequestSchema>;
export type AccountMessage = z.infer<typeof AccountMessageSchema>;
export type OutboxKind = z.infer<typeof OutboxKindSchema>;
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
export type JournalFile = z.infer<typeof JournalFileSchema>;
export type JournalValue = z.infer<typeof JournalValueSchema>;
export type JournalEntry = z.infer<typeof JournalEntrySchema>;
/** The journal's filters as sent in the query (text; absent or empty: any). */
export type JournalQuery = z.input<typeof JournalFilterSchema>;
/** The journal's filters as read (each absent: any). */
export type JournalFilter = Partial<z.output<typeof JournalFilterSchema>>;
export type ClockState = z.infer<typeof ClockStateSchema>;
export type SnapshotSummary = z.infer<typeof SnapshotSummarySchema>;
