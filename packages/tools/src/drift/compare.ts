/**
 * What counts as drift between a recorded reply and the reply to the same request replayed against a
 * mock: a different HTTP status; a different shape (a key only on one side, a value of another type, at
 * any depth; a missing key and a null are the same, as the contract reads them, and so are a number and
 * a numeric string); and a different value where the two should agree: fees and percentages, statuses,
 * and messages. Everything else (ids, times, tokens, balances, lists' lengths) may differ, and so may any
 * value the recording replaced by a pseudonym: inside a message, a pseudonym stands for any text.
 *
 * The items of a list are the bank's records, which differ with its state: item by item, their shapes are
 * compared, and their values only when the two are the same record (every other plain value of theirs
 * agrees: the same transaction's name, date, amount and type; the same notification's id), so a statement
 * whose rows differ from the host's is no drift, and a status that differs on the same row is.
 */
import { MASK, type Json } from './recording';

export type DifferenceKind = 'status' | 'shape' | 'value';

export interface Difference {
  readonly kind: DifferenceKind;
  /** Dotted, from the reply: `status`, `body.percent.percent`, `body.transactions.0.status`. */
  readonly path: string;
  /** What the recording has there, short. */
  readonly recorded: string;
  /** What the replay got there, short. */
  readonly replayed: string;
}

export interface ReplySide {
  readonly status: number;
  readonly body: Json;
  /** Whether the body was JSON. */
  readonly json: boolean;
}

export interface CompareContext {
  /** The paths the recording pseudonymised, from the reply (`body.data.fullname`). */
  readonly pseudonymised: ReadonlySet<string>;
  /** Matches a pseudonym anywhere in a text (global). */
  readonly pseudonym: RegExp;
}

/** Keys whose values should agree: fees and percentages, statuses, messages. */
const AGREE =
  /fee|charge|perc|commission|status|^icon$|^error$|^code$|^role$|^verified$|^submitted$|^haspin$|message|^msg$|^title$|^head$|^body$/iu;

export const shouldAgree = (key: string | undefined) => key !== undefined && AGREE.test(key);

const NUMERIC = /^-?\d+(\.\d+)?$/u;

type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

function kindOf(value: Json | undefined): Kind {
  if (value === undefined || value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return NUMERIC.test(value.trim()) ? 'number' : 'string';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'boolean') return 'boolean';
  return 'number';
}

const MAX_SHOWN = 60;
/** A value, short, as a report shows it. */
export function shown(value: Json | undefined): string {
  if (value === undefined) return '(absent)';
  const kind = kindOf(value);
  const text = kind === 'object' ? 'an object' : kind === 'array' ? 'a list' : JSON.stringify(value);
  return text.length <= MAX_SHOWN ? text : `${text.slice(0, MAX_SHOWN - 3)}...`;
}

/** A value with its kind, as a difference of shape shows it: `number 1`, `string "x"`, `null`, `a list`. */
function typed(kind: Kind, value: Json | undefined): string {
  if (kind === 'null') return value === undefined ? '(absent)' : 'null';
  if (kind === 'object' || kind === 'array') return shown(value);
  return `${kind} ${shown(value)}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** Whether a replayed text agrees with a recorded one, where each pseudonym in the recorded stands for any text. */
export function textAgrees(recorded: string, replayed: string, pseudonym: RegExp): boolean {
  if (recorded === replayed) return true;
  const parts = recorded.split(new RegExp(pseudonym.source, 'u'));
  if (parts.length === 1) return false;
  return new RegExp(`^${parts.map(escape).join('.+?')}$`, 'su').test(replayed);
}

function isObject(value: Json | undefined): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The differences between a recorded reply and a replayed one (none: they agree). */
export function compareReplies(recorded: ReplySide, replayed: ReplySide, context: CompareContext): Difference[] {
  const out: Difference[] = [];
  if (recorded.status !== replayed.status)
    out.push({ kind: 'status', path: 'status', recorded: String(recorded.status), replayed: String(replayed.status) });
  if (recorded.json !== replayed.json) {
    out.push({
      kind: 'shape',
      path: 'body',
      recorded: recorded.json ? 'JSON' : 'not JSON',
      replayed: replayed.json ? 'JSON' : 'not JSON',
    });
    return out;
  }
  walk(recorded.body, replayed.body, 'body', undefined, context, out, true);
  return out;
}

/** Whether two plain values agree: numbers as numbers, texts with pseudonyms read as any text. */
function agrees(kind: Kind, recorded: Json, replayed: Json, context: CompareContext): boolean {
  if (kind === 'number') return Number(recorded) === Number(replayed);
  if (typeof recorded === 'string' && typeof replayed === 'string')
    return textAgrees(recorded, replayed, context.pseudonym);
  return recorded === replayed;
}

/** A value no comparison reads: masked, absent, or replaced by a pseudonym. */
const unread = (value: Json | undefined, path: string, context: CompareContext) =>
  value === MASK || value === undefined || value === null || context.pseudonymised.has(`reply.${path}`);

/**
 * Whether two items of a list at `path` are the same record: every plain value of theirs that is not one of
 * those that should agree (a status, a message) agrees, where both sides have it.
 */
function sameRecord(recorded: Json | undefined, replayed: Json | undefined, path: string, context: CompareContext) {
  if (!isObject(recorded) || !isObject(replayed)) return true;
  return Object.keys(recorded).every((k) => {
    const a = recorded[k];
    const b = replayed[k];
    const kind = kindOf(a);
    if (shouldAgree(k) || unread(a, `${path}.${k}`, context) || unread(b, `${path}.${k}`, context)) return true;
    if (kind === 'object' || kind === 'array') return true;
    return kind === kindOf(b) && agrees(kind, a as Json, b as Json, context);
  });
}

function walk(
  recorded: Json | undefined,
  replayed: Json | undefined,
  path: string,
  key: string | undefined,
  context: CompareContext,
  out: Difference[],
  values: boolean,
): void {
  const a = kindOf(recorded);
  const b = kindOf(replayed);
  if (a !== b) {
    out.push({ kind: 'shape', path, recorded: typed(a, recorded), replayed: typed(b, replayed) });
    return;
  }
  if (isObject(recorded) && isObject(replayed)) {
    const keys = new Set([...Object.keys(recorded), ...Object.keys(replayed)]);
    for (const k of keys) walk(recorded[k], replayed[k], `${path}.${k}`, k, context, out, values);
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(replayed)) {
    // Lists may be of other lengths (the state may differ); the items both have are compared.
    const n = Math.min(recorded.length, replayed.length);
    for (let i = 0; i < n; i++) {
      const item = `${path}.${String(i)}`;
      const same = values && sameRecord(recorded[i], replayed[i], item, context);
      walk(recorded[i], replayed[i], item, key, context, out, same);
    }
    return;
  }
  if (!values || !shouldAgree(key) || unread(recorded, path, context) || unread(replayed, path, context)) return;
  if (!agrees(a, recorded as Json, replayed as Json, context))
    out.push({ kind: 'value', path, recorded: shown(recorded), replayed: shown(replayed) });
}
