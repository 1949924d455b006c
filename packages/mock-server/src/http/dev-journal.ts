/**
 * The request journal: every API call the mock answered, newest first, for developers (like
 * WireMock's). Each entry says when, which operation (its wire selector), for which customer, the
 * fields sent with every secret masked, the status, how long it took, and whether the reply passed the
 * contract's check. Which fields are secrets comes from the contract: a field of the `digits` kind
 * (passcodes, PINs, codes), the token, and any field named like one (a password, a reset code). Files
 * are shown by name, type and size only. The journal lives in memory only (never in the state file),
 * bounded to the latest {@link JOURNAL_LIMIT} calls.
 *
 * Transport-free, like dev-endpoints.ts (which registers {@link journalEndpoints}): the Express app and
 * the in-browser demo each record the calls they answer with {@link Journal.record}.
 */
import {
  ErrorReplySchema,
  fieldMeta,
  JournalFilterSchema,
  operationForCrud,
  operationForMarker,
  operationNamed,
  operationNames,
  operations,
  selectorLabel,
  sniffImageType,
  staffContract,
  TOKEN_FIELD,
  type FieldMeta,
  type IncomingFile,
  type JournalEntry,
  type JournalFile,
  type JournalFilter,
  type JournalValue,
  type OperationName,
} from '@ebank/contract';
import * as z from 'zod/mini';
import { refuse } from '../bank/errors';
import type { ApiCall, ApiResult } from './api-core';
import { staffEndpoint, type StaffEndpoint } from './staff-endpoint';

export type { JournalEntry, JournalFile, JournalFilter, JournalValue };

/** How many calls the journal keeps (the oldest go first). */
export const JOURNAL_LIMIT = 500;
/** Where the journal is read (`GET`) and cleared (`DELETE`). */
export const JOURNAL_PATH = staffContract.getJournal.path;
/** What a secret's value is shown as. */
export const MASK = '***';

/** An API call as a transport answered it. */
export interface AnsweredCall {
  /** The call as received, before decoding. */
  readonly call: Pick<ApiCall, 'query' | 'fields' | 'files'>;
  /**
   * What was answered: the status and JSON body (a body already serialised is read back). With
   * `replyValid` and `email` when the request core (api-core.ts) answered it.
   */
  readonly result: Pick<ApiResult, 'status' | 'body' | 'replyValid' | 'email'>;
  /** When the call arrived, as `performance.now()`. */
  readonly startedAt: number;
}

// -------------------------------------------------------------------------------------------------
// what is a secret

/** Field names that read as secrets, for fields the contract does not type as digits or does not know. */
const SECRET_NAME = /pass|pwd|pin|code|token|secret/iu;

const unwrap = (schema: z.core.$ZodType): z.core.$ZodType =>
  schema instanceof z.ZodMiniOptional || schema instanceof z.ZodMiniDefault ? unwrap(schema.def.innerType) : schema;

/** Each request field of a schema (every variant of a union) with its field builder's description. */
function fieldsOf(schema: z.core.$ZodType): [string, FieldMeta | undefined][] {
  if (schema instanceof z.ZodMiniDiscriminatedUnion) return schema.def.options.flatMap((option) => fieldsOf(option));
  if (!(schema instanceof z.ZodMiniObject)) return [];
  const shape = schema.shape as Record<string, z.core.$ZodType>;
  return Object.entries(shape).map(([name, field]) => [name, fieldMeta.get(unwrap(field))]);
}

/** The secret fields of each operation, and every name a secret has in any of them. */
const secretsOf = new Map<OperationName, ReadonlySet<string>>(
  operationNames.map((name) => [
    name,
    new Set(
      fieldsOf(operations[name].request).flatMap(([field, meta]) =>
        meta?.kind === 'digits' || SECRET_NAME.test(field) ? [field] : [],
      ),
    ),
  ]),
);
const secretNames: ReadonlySet<string> = new Set([...secretsOf.values()].flatMap((names) => [...names]));

/** Whether a field of a call of this operation (null: of no known operation) holds a secret. */
export function isSecretField(operation: OperationName | null, field: string): boolean {
  if (field === TOKEN_FIELD) return true;
  if (operation !== null && secretsOf.get(operation)?.has(field)) return true;
  // A marker's value is only a flag.
  if (operationForMarker(field) !== undefined) return false;
  return secretNames.has(field) || SECRET_NAME.test(field);
}

// -------------------------------------------------------------------------------------------------
// an entry

/** The one operation a call names (by `?crud=` or a marker field), even when its fields are wrong. */
export function namedOperation(
  query: Readonly<Record<string, unknown>>,
  fields: Readonly<Record<string, unknown>>,
): OperationName | null {
  let named = typeof query.crud === 'string' ? (operationForCrud(query.crud) ?? null) : null;
  let count = named === null ? 0 : 1;
  for (const key of Object.keys(fields)) {
    const marked = operationForMarker(key);
    if (marked === undefined) continue;
    if (++count > 1) return null;
    named = marked;
  }
  return named;
}

/** `JSON.stringify`, typed as it behaves: undefined for what JSON cannot write. */
const toJson: (value: unknown) => string | undefined = JSON.stringify;
const text = (value: unknown): string => (typeof value === 'string' ? value : (toJson(value) ?? ''));

function shownValue(operation: OperationName | null, field: string, value: unknown): JournalValue {
  const secret = isSecretField(operation, field);
  if (Array.isArray(value)) return value.map((v) => (secret ? MASK : text(v)));
  return secret ? MASK : text(value);
}

const shownFile = (file: IncomingFile): JournalFile => ({
  name: file.originalname,
  type: sniffImageType(file.buffer) ?? null,
  size: file.size,
});

/** The fields of a call as the journal shows them: secrets masked, files by name, type and size. */
export function maskedFields(
  operation: OperationName | null,
  fields: Readonly<Record<string, unknown>>,
  files: readonly IncomingFile[] = [],
): Record<string, JournalValue> {
  const shown: Record<string, JournalValue> = {};
  for (const field of Object.keys(fields)) show(shown, field, shownValue(operation, field, fields[field]));
  if (files.length > 0) {
    const byField = new Map<string, JournalFile[]>();
    for (const file of files) byField.set(file.fieldname, [...(byField.get(file.fieldname) ?? []), shownFile(file)]);
    for (const [field, list] of byField) {
      const [only, ...more] = list;
      show(shown, field, only && more.length === 0 ? only : list);
    }
  }
  return shown;
}

/** Sets a field of an entry as an own property, whatever its name (`__proto__` included). */
function show(shown: Record<string, JournalValue>, field: string, value: JournalValue) {
  if (field === '__proto__')
    Object.defineProperty(shown, field, { value, enumerable: true, writable: true, configurable: true });
  else shown[field] = value;
}

/** Whether an answer passed the contract: as the request core checked it, else the error shape. */
function replyValidity(result: AnsweredCall['result']): boolean | null {
  if (result.replyValid !== undefined) return result.replyValid;
  if (result.status < 400) return null;
  let body = result.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return false;
    }
  }
  return ErrorReplySchema.safeParse(body).success;
}

// -------------------------------------------------------------------------------------------------
// the journal and its filters

export interface JournalOptions {
  /** How many calls to keep (default {@link JOURNAL_LIMIT}). */
  readonly limit?: number;
  /** The wall clock (ms since the epoch) for `at`. */
  readonly now?: () => number;
}

/**
 * A call as the journal keeps it: its secrets already masked and its files already summarised (no
 * secret and no file's bytes are kept), its entry written out when the journal is first read.
 */
interface Recorded {
  /** When the call arrived (ms since the epoch). */
  readonly at: number;
  readonly operation: OperationName | null;
  readonly email: string | null;
  readonly status: number;
  readonly durationMs: number;
  readonly fields: Readonly<Record<string, JournalValue>>;
  readonly replyValid: boolean | null;
  /** The entry, once read. */
  entry?: JournalEntry;
}

/** A recorded call's entry (the same object on every read). */
function entryOf(recorded: Recorded): JournalEntry {
  recorded.entry ??= {
    at: new Date(recorded.at).toISOString(),
    operation: recorded.operation,
    selector: recorded.operation === null ? null : selectorLabel(operations[recorded.operation].selector),
    email: recorded.email,
    status: recorded.status,
    durationMs: recorded.durationMs,
    fields: recorded.fields,
    replyValid: recorded.replyValid,
  };
  return recorded.entry;
}

export class Journal {
  /** A ring of the latest calls: `next` is where the next one goes, over the oldest once it is full. */
  private readonly ring: (Recorded | undefined)[];
  private next = 0;
  private size = 0;
  private readonly limit: number;
  private readonly now: () => number;

  constructor(options: JournalOptions = {}) {
    this.limit = options.limit ?? JOURNAL_LIMIT;
    this.now = options.now ?? Date.now;
    this.ring = new Array<Recorded | undefined>(Math.max(0, this.limit)).fill(undefined);
  }

  /** Records a call the API answered. */
  record({ call, result, startedAt }: AnsweredCall): void {
    if (this.limit <= 0) return;
    const durationMs = Math.max(0, Math.round((performance.now() - startedAt) * 10) / 10);
    const operation = namedOperation(call.query, call.fields);
    const sentEmail = typeof call.fields.email === 'string' && call.fields.email !== '' ? call.fields.email : null;
    this.push({
      at: this.now() - durationMs,
      operation,
      email: result.email ?? sentEmail,
      status: result.status,
      durationMs,
      fields: maskedFields(operation, call.fields, call.files),
      replyValid: replyValidity(result),
    });
  }

  /** Puts a call in the ring, over the oldest once it is full. */
  private push(recorded: Recorded): void {
    this.ring[this.next] = recorded;
    this.next = (this.next + 1) % this.limit;
    if (this.size < this.limit) this.size++;
  }

  /** The calls that pass every filter given, newest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const entries: JournalEntry[] = [];
    // An address is one whatever its case, as the bank and the outbox read it.
    const email = filter.email?.trim().toLowerCase();
    for (let i = 1; i <= this.size; i++) {
      const recorded = this.ring[(this.next - i + this.limit) % this.limit];
      if (recorded === undefined) continue;
      const entry = entryOf(recorded);
      if (
        (filter.operation === undefined || entry.operation === filter.operation) &&
        (email === undefined || entry.email?.toLowerCase() === email) &&
        (filter.status === undefined || entry.status === filter.status)
      )
        entries.push(entry);
    }
    return entries;
  }

  /**
   * Puts back calls listed earlier (`list()`, newest first), as the in-page demo keeps its journal across
   * reloads; an entry naming no operation of this contract is kept without one.
   */
  restore(entries: readonly JournalEntry[]): void {
    if (this.limit <= 0) return;
    for (const entry of [...entries].reverse())
      this.push({
        at: Date.parse(entry.at),
        operation: (entry.operation === null ? undefined : operationNamed(entry.operation)) ?? null,
        email: entry.email,
        status: entry.status,
        durationMs: entry.durationMs,
        fields: entry.fields,
        replyValid: entry.replyValid,
      });
  }

  /** The newest call, if any (the sandbox list's `lastCall`), without reading the others. */
  latest(): JournalEntry | undefined {
    const recorded = this.size === 0 ? undefined : this.ring[(this.next - 1 + this.limit) % this.limit];
    return recorded === undefined ? undefined : entryOf(recorded);
  }

  /** Reads the filters of a URL query; a bad one is refused (400). */
  static filter(query: Readonly<Record<string, unknown>>): JournalFilter {
    const parsed = JournalFilterSchema.safeParse(query);
    if (!parsed.success) refuse('invalid', parsed.error.issues.map((i) => i.message).join('; '));
    return parsed.data;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
    this.size = 0;
  }
}

/** `GET /__mock/journal?operation=&email=&status=` and `DELETE /__mock/journal`, of the staff contract. */
export function journalEndpoints(): Record<'journal' | 'clearJournal', StaffEndpoint> {
  return {
    journal: staffEndpoint(staffContract.getJournal, { headers: { 'Cache-Control': 'no-store' } })((host, { query }) =>
      Promise.resolve({ status: 200, body: host.journal.list(query) }),
    ),
    clearJournal: staffEndpoint(staffContract.clearJournal)((host) => {
      host.journal.clear();
      return Promise.resolve({ status: 200, body: { ok: true } });
    }),
  };
}
