/**
 * The staff API of the mock bank: what the admin area reads and does, described once. Staff see the
 * customers, the identity (KYC) cases with their documents and the pending requests (`/__mock/staff/…`),
 * decide a case or a request, set or clear a customer's account message, read the messages the bank sent
 * by e-mail (its outbox), read and clear the request journal, move the bank's clock, save, restore and
 * delete named snapshots, reset the bank, and list, make and remove sandboxes (a bank of their own for a
 * visitor or a test, picked by the `X-Mock-Sandbox` header or the `mock_sandbox` cookie).
 *
 * Every route is a ts-rest route over zod schemas: the mock server parses the path parameters, query and
 * body of each request with them and types its replies by them, and the admin area calls them through
 * ts-rest's client (`createStaffClient` in `staff-client.ts`). A refusal is the shared JSON error shape.
 */
import { initContract } from '@ts-rest/core';
import { z } from './zod';
import { operationNamed } from './operations';
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
  head: z
    .string(required('head'))
    .check(z.trim(), z.minLength(1, 'head: is required'), z.maxLength(200, 'head: must be at most 200 characters')),
  body: z
    .string(required('body'))
    .check(z.trim(), z.minLength(1, 'body: is required'), z.maxLength(2000, 'body: must be at most 2000 characters')),
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
  notice: z.nullable(z.object({ head: z.string(), body: z.string() })),
  balance: z.number(),
  balanceText: z.string(),
});

/**
 * The images of an identity check, in the order a case's `documents` lists them: the form field each was
 * sent in (`submit_verification`) and what it shows.
 */
export const KYC_DOCUMENTS = [
  { field: 'pic', shows: 'Photo of the customer' },
  { field: 'idcardFront', shows: 'ID, front' },
  { field: 'idcardBack', shows: 'ID, back' },
] as const;

/**
 * An identity check waiting for a decision, with the addresses of its document images (in the order of
 * {@link KYC_DOCUMENTS}).
 */
export const KycCaseSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullname: z.string(),
  documentType: z.nullable(z.string()),
  country: z.nullable(z.string()),
  documents: z.array(z.string()),
  submittedAt: z.nullable(z.string()),
});

/**
 * A request waiting for a decision. An upgrade names its plan with the plan's price, and says whether the
 * amount paid is below that price (a confirmed upgrade changes the plan whatever was paid).
 */
export const PendingRequestSchema = z.object({
  id: z.string(),
  kind: RequestKindSchema,
  email: z.nullable(z.string()),
  type: z.string(),
  amount: z.number(),
  amountText: z.string(),
  plan: z.nullable(z.string()),
  planPrice: z.nullable(z.number()),
  planPriceText: z.nullable(z.string()),
  belowPlanPrice: z.boolean(),
  purpose: z.nullable(z.string()),
  payee: z.nullable(z.string()),
  proof: z.nullable(z.string()),
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
  notice: z.nullable(z.object({ head: z.string(), body: z.string() })),
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
  code: z.exactOptional(z.string()),
  link: z.exactOptional(z.string()),
  /** When it was sent, by the bank's clock (ISO 8601). */
  createdAt: z.iso.datetime(),
});

/** Whose messages: those to one address; everyone's when no address (or more than one) is given. */
export const OutboxQuerySchema = z.object({ to: z.catch(z.optional(z.string()), undefined) });

// -------------------------------------------------------------------------------------------------
// the request journal

/** A file sent with a call, as the journal shows it: never its bytes. */
export const JournalFileSchema = z.object({
  name: z.string(),
  /** The image type its bytes show, or null when they show none. */
  type: z.nullable(z.string()),
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
  operation: z.nullable(z.string()),
  /** The wire selector (the marker field's name, or `crud=...`), or null with no operation. */
  selector: z.nullable(z.string()),
  /** The customer: the one the call's token opened, else the `email` field sent; null when neither. */
  email: z.nullable(z.string()),
  status: z.number(),
  durationMs: z.number(),
  /** The fields as sent, secrets masked; files by name, type and size. */
  fields: z.record(z.string(), JournalValueSchema),
  /** Whether the reply passed the contract's check (the error shape for an error); null when unchecked. */
  replyValid: z.nullable(z.boolean()),
});

const filterValue = (field: string) =>
  z.pipe(
    z.optional(z.string({ error: `${field}: give it once` })),
    z.transform((value: string | undefined) => (value === '' ? undefined : value)),
  );

/** The journal's filters, each an exact match (absent or empty: any). */
export const JournalFilterSchema = z.strictObject(
  {
    /** The TypeScript name (`login`) or the wire name of the network tab (`userlogin`), read as the TypeScript name. */
    operation: z.pipe(
      filterValue('operation').check(
        z.refine(
          (value) => value === undefined || operationNamed(value) !== undefined,
          'operation: not an operation of the contract (its TypeScript name, such as login, or its wire name, such as userlogin)',
        ),
      ),
      z.transform((value: string | undefined) => (value === undefined ? undefined : operationNamed(value))),
    ),
    email: filterValue('email'),
    status: z.pipe(
      filterValue('status').check(
        z.refine(
          (value) => value === undefined || /^[1-5]\d\d$/u.test(value),
          'status: must be an HTTP status such as 200',
        ),
      ),
      z.transform((value: string | undefined) => (value === undefined ? undefined : Number(value))),
    ),
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
export const AdvanceMinutesSchema = z.number({ error: 'advanceMinutes: must be a number of minutes' }).check(
  z.int({ error: 'advanceMinutes: must be a whole number of minutes' }),
  z.gte(1, { error: 'advanceMinutes: must be at least 1 minute' }),
  z.lte(MAX_CLOCK_ADVANCE_MINUTES, {
    error: `advanceMinutes: can be at most ${MAX_CLOCK_ADVANCE_MINUTES} minutes (a year) at a time`,
  }),
);
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
  .check(z.regex(SNAPSHOT_NAME, 'name: must be 1 to 64 letters, digits, dots, underscores or hyphens'));
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
// sandboxes: a private bank per visitor or per test, beside the default one

/** The request header that picks a sandbox. */
export const SANDBOX_HEADER = 'X-Mock-Sandbox';
/** The cookie that picks a sandbox (set by `GET /__mock/sandboxes/:name/open`, or per visitor). */
export const SANDBOX_COOKIE = 'mock_sandbox';
/** A sandbox's name: 1 to 40 lowercase letters, digits and dashes. */
export const SANDBOX_NAME = /^[a-z0-9-]{1,40}$/u;
export const SANDBOX_NAME_RULE = 'must be 1 to 40 lowercase letters, digits or dashes';
export const SandboxNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'name: is required' : 'name: must be text') })
  .check(z.regex(SANDBOX_NAME, `name: ${SANDBOX_NAME_RULE}`));
export const CreateSandboxSchema = z.strictObject(
  {
    name: z.optional(SandboxNameSchema),
    /** A named snapshot of the default bank to start from (the seed when absent). */
    from: z.optional(SnapshotNameSchema),
  },
  {
    error: (issue) =>
      issue.code === 'invalid_type'
        ? 'Send {} or {"name": NAME, "from": SNAPSHOT}'
        : 'A sandbox takes name and from only',
  },
);
/** A sandbox: when it was made and when it goes if nobody uses it (real time, ISO 8601). */
export const SandboxSchema = z.object({
  name: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
/** A sandbox as listed: also when it was last used and about how much memory its bank holds. */
export const SandboxSummarySchema = z.extend(SandboxSchema, {
  lastUsedAt: z.iso.datetime(),
  /** About how many bytes its records and uploads hold. */
  sizeBytes: z.number(),
  customers: z.number(),
  /** Whether it was made for a browser that opened the portal (MOCK_SANDBOX_PER_VISITOR). */
  perVisitor: z.boolean(),
  /**
   * The newest call of its request journal, as the journal names it (no field sent, so no secret):
   * absent while the journal holds none.
   */
  lastCall: z.optional(
    z.object({
      /** The contract's name of the operation, or null when the call named none (or several). */
      operation: z.nullable(z.string()),
      /** The customer: the one the call's token opened, else the `email` field sent; absent when neither. */
      email: z.optional(z.string()),
      at: z.iso.datetime(),
    }),
  ),
});
export const SandboxListSchema = z.object({
  sandboxes: z.array(SandboxSummarySchema),
  /** How many may exist at once (MOCK_SANDBOXES_MAX), and how long an idle one lives. */
  max: z.number(),
  idleMinutes: z.number(),
  /** Whether every browser that opens the portal gets one of its own. */
  perVisitor: z.boolean(),
  /**
   * The default bank's named snapshots, newest first: the names `from` takes when a sandbox is made. Listed
   * here because a browser kept in a sandbox by its cookie reads that sandbox's snapshots at /__mock/snapshots.
   */
  startFrom: z.array(z.string()),
});
/** The bank a request reaches: a sandbox (and when it goes), or the default bank (`name` null). */
export const CurrentSandboxSchema = z.object({
  name: z.nullable(z.string()),
  expiresAt: z.nullable(z.iso.datetime()),
  perVisitor: z.boolean(),
});

// -------------------------------------------------------------------------------------------------
// fault rules: failures and delays on demand, per operation, in the request's sandbox

/** The longest delay a rule may add (a minute). */
export const MAX_FAULT_LATENCY_MS = 60_000;
const latencyMs = z
  .number({ error: 'latencyMs: must be a number of milliseconds' })
  .check(
    z.int({ error: 'latencyMs: must be a whole number of milliseconds' }),
    z.gte(0, { error: 'latencyMs: must be at least 0' }),
    z.lte(MAX_FAULT_LATENCY_MS, { error: `latencyMs: must be at most ${MAX_FAULT_LATENCY_MS}` }),
  );

/**
 * A rule as sent: which operation, and what happens to its calls. A rule with only a delay delays them
 * and lets the bank answer; one that drops cuts the connection; any other fails them (503 by default).
 */
export const FaultRuleInputSchema = z
  .strictObject(
    {
      /** The TypeScript name (`getBalance`) or the wire name (`getinstituition`, `userlogin`). */
      operation: z
        .string({ error: 'operation: is required' })
        .check(
          z.refine(
            (name) => operationNamed(name) !== undefined,
            'operation: not an operation of the contract (its TypeScript or wire name)',
          ),
        ),
      /** The reply's status (4xx or 5xx); 503 when none is named and the rule neither drops nor only delays. */
      status: z.optional(
        z
          .number({ error: 'status: must be an HTTP status such as 503' })
          .check(
            z.int({ error: 'status: must be an HTTP status such as 503' }),
            z.gte(400, { error: 'status: must be 400 to 599' }),
            z.lte(599, { error: 'status: must be 400 to 599' }),
          ),
      ),
      /** The refusal's message (the bank's usual words for a simulated fault when absent). */
      message: z.optional(
        z
          .string({ error: 'message: must be text' })
          .check(
            z.trim(),
            z.minLength(1, { error: 'message: must not be empty' }),
            z.maxLength(300, { error: 'message: must be at most 300 characters' }),
          ),
      ),
      /** A delay before the answer: milliseconds, or `[min, max]` for a random one between them. */
      latencyMs: z.optional(
        // Two numbers in an array rather than a tuple schema: zod's tuple code would join the code every page
        // shares, the login page's too.
        z
          .union([latencyMs, z.array(latencyMs).check(z.length(2))], {
            error: 'latencyMs: must be a number of milliseconds or [min, max]',
          })
          .check(
            z.refine(
              (value) => typeof value === 'number' || (value[0] ?? 0) <= (value[1] ?? 0),
              'latencyMs: min must not exceed max',
            ),
          ),
      ),
      /** Cut the connection without a reply, as a timeout or a network failure looks. */
      drop: z.optional(z.boolean({ error: 'drop: must be true or false' })),
      /** Applies to this many calls, then stops (every call when absent). */
      times: z.optional(
        z
          .number({ error: 'times: must be a whole number' })
          .check(
            z.int({ error: 'times: must be a whole number' }),
            z.gte(1, { error: 'times: must be at least 1' }),
            z.lte(1_000_000, { error: 'times: must be at most 1000000' }),
          ),
      ),
      /** The share of calls it applies to, 0 to 1 (every call when absent). */
      rate: z.optional(
        z
          .number({ error: 'rate: must be a number from 0 to 1' })
          .check(
            z.gte(0, { error: 'rate: must be a number from 0 to 1' }),
            z.lte(1, { error: 'rate: must be a number from 0 to 1' }),
          ),
      ),
    },
    {
      error: (issue) =>
        issue.code === 'invalid_type'
          ? 'Send {"operation": NAME, "status"?, "message"?, "latencyMs"?, "drop"?, "times"?, "rate"?}'
          : 'A rule takes operation, status, message, latencyMs, drop, times and rate only',
    },
  )
  .check(
    z.refine(
      (rule) => !(rule.drop === true && rule.status !== undefined),
      'A rule either drops calls or answers a status',
    ),
  );

/** A rule as listed: as sent, with the contract's name of its operation, its id and how often it fired. */
export const FaultRuleSchema = z.object({
  id: z.string(),
  operation: z.string(),
  status: z.optional(z.number()),
  message: z.optional(z.string()),
  latencyMs: z.optional(z.union([z.number(), z.array(z.number())])),
  drop: z.optional(z.boolean()),
  times: z.optional(z.number()),
  rate: z.optional(z.number()),
  /** How many calls it applied to so far. */
  fired: z.number(),
  /** How many more calls it applies to (null: no end). */
  remaining: z.nullable(z.number()),
});

// -------------------------------------------------------------------------------------------------
// the routes

/** The error shape of every refusal. */
const staffErrors = Object.fromEntries(
  [400, 401, 403, 404, 409, 413, 415, 429, 500, 503].map((status) => [status, ErrorReplySchema]),
) as Record<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 503, typeof ErrorReplySchema>;

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
      responses: { 200: z.extend(SnapshotSummarySchema, { ok: z.literal(true) }) },
    },
    deleteSnapshot: {
      method: 'DELETE',
      path: '/__mock/snapshots/:name',
      summary: 'Delete a saved snapshot',
      pathParams: z.object({ name: z.string() }),
      body: c.noBody(),
      responses: { 200: z.object({ ok: z.literal(true), name: z.string() }) },
    },
    listFaults: {
      method: 'GET',
      path: '/__mock/faults',
      summary: 'The fault rules of this sandbox, with how often each fired',
      responses: { 200: z.array(FaultRuleSchema) },
    },
    addFault: {
      method: 'POST',
      path: '/__mock/faults',
      summary: "Fail, drop or delay an operation's calls (in the request's sandbox)",
      body: FaultRuleInputSchema,
      responses: { 201: FaultRuleSchema },
    },
    clearFaults: {
      method: 'DELETE',
      path: '/__mock/faults',
      summary: 'Remove every fault rule of this sandbox',
      body: c.noBody(),
      responses: { 200: OkSchema },
    },
    removeFault: {
      method: 'DELETE',
      path: '/__mock/faults/:id',
      summary: 'Remove one fault rule of this sandbox, by the id it was given',
      pathParams: z.object({ id: z.string() }),
      body: c.noBody(),
      responses: { 200: z.object({ ok: z.literal(true), id: z.string() }) },
    },
    listSandboxes: {
      method: 'GET',
      path: '/__mock/sandboxes',
      summary: 'The sandboxes, most recently used first, with the limits',
      responses: { 200: SandboxListSchema },
    },
    createSandbox: {
      method: 'POST',
      path: '/__mock/sandboxes',
      summary: 'Make a sandbox: a bank of its own, from the seed or from a named snapshot of the default bank',
      body: CreateSandboxSchema,
      responses: { 201: SandboxSchema, 503: ErrorReplySchema },
    },
    deleteSandbox: {
      method: 'DELETE',
      path: '/__mock/sandboxes/:name',
      summary: 'Remove a sandbox and everything in it',
      pathParams: z.object({ name: z.string() }),
      body: c.noBody(),
      responses: { 200: z.object({ ok: z.literal(true), name: z.string() }) },
    },
    currentSandbox: {
      method: 'GET',
      path: '/__mock/sandbox',
      summary: 'The bank this request reaches: its sandbox and when it goes, or the default bank',
      responses: { 200: CurrentSandboxSchema },
    },
    startOver: {
      method: 'POST',
      path: '/__mock/sandbox/start-over',
      summary:
        "This request's own sandbox back to how it began: the seed, or the snapshot it was made from (the default bank is not touched)",
      body: c.noBody(),
      responses: { 200: CurrentSandboxSchema },
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
export type Sandbox = z.infer<typeof SandboxSchema>;
export type FaultRuleInput = z.infer<typeof FaultRuleInputSchema>;
export type FaultRule = z.infer<typeof FaultRuleSchema>;
export type SandboxSummary = z.infer<typeof SandboxSummarySchema>;
export type SandboxList = z.infer<typeof SandboxListSchema>;
export type CurrentSandbox = z.infer<typeof CurrentSandboxSchema>;
