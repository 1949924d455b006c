/**
 * The proxy's recording (MOCK_UPSTREAM with MOCK_RECORD_DIR): every exchange the validating proxy
 * forwards is written as one JSON file, in a folder named after its operation, for `pnpm contract:drift`
 * (packages/tools/src/drift) to replay against a mock later.
 *
 * Nothing secret or personal is written. The request's fields are masked as the request journal masks
 * them (dev-journal.ts: digits fields, the token, secret-like names; files by name, type and size), and a
 * token in a reply (`jwt`) is masked too. Personal data (e-mail addresses, names, phone numbers, home
 * addresses, account numbers, dates of birth, and the texts that name people: a transaction's description and
 * a notification's body), in the request and in the reply, is replaced by a
 * pseudonym: the same value gives the same pseudonym for as long as the recorder runs (a keyed hash
 * whose key is never written), so a name sent in a transfer and shown in a later statement still match.
 * A value already replaced is also replaced where it shows up inside other text (a message naming the
 * payee), and so is any e-mail address.
 *
 * Who signed in is kept, by pseudonym only (against a real host the address is a customer's), so that
 * the replay can sign in as a persona of its own for each one: `recording.json` lists the pseudonym of
 * the e-mail address of each persona that signed in through the proxy, in the order they first did, and
 * each exchange sent with a token names, as `persona`, the pseudonym of the address the token was given
 * to: the same pseudonym as the address has in the exchanges' fields and replies.
 *
 * The layout:
 *   DIR/recording.json                  { format, pseudonymPattern, personas: [{ pseudonym }] }
 *   DIR/<operation>/<seq>.json          one exchange (the operation's TypeScript name; `unnamed` when
 *                                       the request names none); seq counts the exchanges of the whole
 *                                       recording, in the order they reached the proxy
 * Both are written atomically (write-file-atomic): a reader never sees half a file.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { operations, selectorLabel, TOKEN_FIELD, type IncomingFile, type OperationName } from '@ebank/contract';
import { MASK, maskedFields, type JournalValue } from './dev-journal';

/** The version of the files' layout, written in each of them. */
export const RECORDING_FORMAT = 1;
/** The manifest's file name, at the top of the folder. */
export const MANIFEST_FILE = 'recording.json';
/** The folder of the exchanges whose request names no operation. */
export const UNNAMED = 'unnamed';

/** A JSON value as recorded. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface RecordedExchange {
  readonly format: number;
  /** Its place in the recording (1, 2, ...): the replay sends the exchanges in this order. */
  readonly seq: number;
  /** When the request reached the proxy. */
  readonly at: string;
  readonly operation: OperationName | null;
  /** How the request names it on the wire (`getperc`, `crud=userlogin`); null when it names none. */
  readonly wire: string | null;
  /**
   * The pseudonym of the e-mail address of the persona whose token the request carried, when the proxy
   * saw it sign in; null otherwise.
   */
  readonly persona: string | null;
  readonly request: {
    /** The content type without its parameters (`multipart/form-data`); null when none was sent. */
    readonly contentType: string | null;
    readonly query: Record<string, Json>;
    /** Masked and pseudonymised; a file as `{ name, type, size }`. */
    readonly fields: Record<string, Json>;
  };
  readonly reply: {
    readonly status: number;
    /** The JSON body, masked and pseudonymised; null when the body is not JSON. */
    readonly body: Json;
    /** Whether the body was JSON. */
    readonly json: boolean;
  };
  /** Where a pseudonym replaced a value (`reply.body.data.fullname`, `request.fields.email`). */
  readonly pseudonymised: readonly string[];
}

export interface RecordingManifest {
  readonly format: number;
  /** What every pseudonym looks like (a regular expression's source), for the replay's comparison. */
  readonly pseudonymPattern: string;
  /** The pseudonym of each persona's e-mail address, in the order they first signed in; never the address. */
  readonly personas: readonly { readonly pseudonym: string }[];
}

// -------------------------------------------------------------------------------------------------
// personal data

type PersonalKind = 'email' | 'name' | 'phone' | 'address' | 'account' | 'birth';

/** Which fields hold personal data, by name (request fields and reply keys alike). */
const PERSONAL: readonly (readonly [RegExp, PersonalKind])[] = [
  [/e-?mail/iu, 'email'],
  [/phone|whatsapp|mobile/iu, 'phone'],
  [
    /^(?:full_?name|first_?name|last_?name|user_?name|act_hold_name|account_?holder|holder_?name|next_of_kin)$/iu,
    'name',
  ],
  // Text written about people: a transaction's description ('Transfer to Jane Cooper') and a notification's
  // body name payees the proxy never saw in a field of their own, so the whole text is replaced.
  [/^(?:name|body)$/iu, 'name'],
  // `address` alone is a coin's deposit address, which is not personal.
  [/^(?:home_address|street|post_?code|zip)$/iu, 'address'],
  [/^(?:act_no|account_no|account_?number|iban)$/iu, 'account'],
  [/^(?:dob|date_of_birth|birth_?date)$/iu, 'birth'],
];

export const personalKind = (key: string): PersonalKind | undefined =>
  PERSONAL.find(([pattern]) => pattern.test(key))?.[1];

/** Keys of a reply that carry a token (the reply side of what the journal masks in requests). */
const REPLY_SECRET = /^(?:jwt|token|access_token|refresh_token)$|secret|passw/iu;

/**
 * What every pseudonym looks like: `anon-` and eight hex digits (names and addresses; with
 * `@example.invalid` for an e-mail address), `+000 ` and eight digits (a phone number), `0000` and eight
 * digits (an account number), a day of 1900 (a date of birth). Each passes the contract's checks for its
 * field, so a recorded request can be replayed.
 */
export const PSEUDONYM_PATTERN = 'anon-[0-9a-f]{8}(?:@example\\.invalid)?|\\+000 \\d{8}|0000\\d{8}|1900-\\d{2}-\\d{2}';
const PSEUDONYM = new RegExp(`^(?:${PSEUDONYM_PATTERN})$`, 'u');
/** An e-mail address inside text (a masked one, `d***@bank.test`, too). */
const EMAIL_IN_TEXT = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/giu;
/** Shortest value replaced inside other text (shorter ones would match too much). */
const MIN_SPOTTED = 4;
/** How many values are looked for inside other text. */
const MAX_SPOTTED = 2000;

/** Stable pseudonyms for one recording: a keyed hash, the key kept in memory only. */
export class Pseudonyms {
  private readonly key: Buffer;
  /** Values replaced so far, and their pseudonyms, to replace inside other text (longest first). */
  private readonly spotted = new Map<string, string>();
  private spottedOrder: string[] = [];

  constructor(key: Uint8Array = randomBytes(32)) {
    this.key = Buffer.from(key);
  }

  private hash(kind: string, value: string): string {
    return createHmac('sha256', this.key).update(`${kind}\u0000${value}`).digest('hex');
  }

  /** The pseudonym of a value of this kind. */
  of(kind: PersonalKind, value: string): string {
    const input = kind === 'email' ? value.trim().toLowerCase() : value.trim();
    if (PSEUDONYM.test(input)) return input;
    const h = this.hash(kind === 'email' ? 'email' : kind === 'name' || kind === 'address' ? 'text' : kind, input);
    const digits = (n: number) => (BigInt(`0x${h.slice(0, 15)}`) % 10n ** BigInt(n)).toString().padStart(n, '0');
    let pseudonym: string;
    if (kind === 'email') pseudonym = `anon-${h.slice(0, 8)}@example.invalid`;
    else if (kind === 'phone') pseudonym = `+000 ${digits(8)}`;
    else if (kind === 'account') pseudonym = `0000${digits(8)}`;
    else if (kind === 'birth') {
      const n = Number.parseInt(h.slice(0, 6), 16);
      pseudonym = `1900-${String((n % 12) + 1).padStart(2, '0')}-${String((Math.floor(n / 12) % 28) + 1).padStart(2, '0')}`;
    } else pseudonym = `anon-${h.slice(0, 8)}`;
    this.spot(value.trim(), pseudonym);
    return pseudonym;
  }

  private spot(value: string, pseudonym: string) {
    if (value.length < MIN_SPOTTED || value === MASK || this.spotted.has(value)) return;
    if (this.spotted.size >= MAX_SPOTTED) return;
    this.spotted.set(value, pseudonym);
    this.spottedOrder = [...this.spotted.keys()].sort((a, b) => b.length - a.length);
  }

  /** Text with the values replaced so far, and every e-mail address, replaced by their pseudonyms. */
  inText(text: string): string {
    let out = text;
    for (const value of this.spottedOrder)
      if (out.includes(value)) out = out.split(value).join(this.spotted.get(value));
    return out.replace(EMAIL_IN_TEXT, (found) => (PSEUDONYM.test(found) ? found : this.of('email', found)));
  }
}

/** A value's JSON form, when the text is a JSON object or array (the transfer's `extra`). */
function jsonInside(text: string): Json | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as Json;
  } catch {
    return undefined;
  }
}

const isRecord = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of a JSON value with its personal data replaced and, in a reply, its tokens masked. `at` is
 * the value's dotted path, and `changed` gathers the paths where a pseudonym replaced a value.
 */
export function pseudonymise(
  value: Json,
  names: Pseudonyms,
  options: {
    readonly at: string;
    readonly changed: string[];
    readonly maskTokens: boolean;
    readonly key?: string | undefined;
  },
): Json {
  const { at, changed, key } = options;
  const kind = key === undefined ? undefined : personalKind(key);
  if (typeof value === 'string') {
    if (value === MASK || value === '') return value;
    if (options.maskTokens && key !== undefined && REPLY_SECRET.test(key)) return MASK;
    if (kind !== undefined) {
      changed.push(at);
      return names.of(kind, value);
    }
    const inner = jsonInside(value);
    if (inner !== undefined) {
      const before = changed.length;
      const replaced = pseudonymise(inner, names, { ...options, key: undefined });
      return changed.length > before ? JSON.stringify(replaced) : value;
    }
    return names.inText(value);
  }
  if (typeof value === 'number') {
    if (kind === undefined) return value;
    // A number stays a number (the shape is compared): the pseudonym's digits.
    changed.push(at);
    return Number(names.of('account', String(value)).slice(4));
  }
  if (Array.isArray(value))
    return value.map((item, i) => pseudonymise(item, names, { ...options, at: `${at}.${i}`, key }));
  if (isRecord(value)) {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) {
      const replaced = pseudonymise(v, names, { ...options, at: `${at}.${k}`, key: k });
      if (k === '__proto__')
        Object.defineProperty(out, k, { value: replaced, enumerable: true, writable: true, configurable: true });
      else out[k] = replaced;
    }
    return out;
  }
  return value;
}

// -------------------------------------------------------------------------------------------------
// the recorder

/** An exchange as the proxy saw it, before anything is masked. */
export interface ProxiedExchange {
  /** When the request arrived. */
  readonly at: Date;
  readonly operation: OperationName | null;
  readonly contentType: string | undefined;
  readonly query: Readonly<Record<string, string | string[]>>;
  readonly fields: Readonly<Record<string, string | string[]>>;
  readonly files: readonly IncomingFile[];
  readonly status: number;
  /** The reply's body as text. */
  readonly text: string;
}

export interface Recorder {
  /** Takes the exchange's place in the order (call it when the request arrives). */
  nextSeq(): Promise<number>;
  /** Writes the exchange; never throws (a failed write is a line on stderr). */
  record(seq: number, exchange: ProxiedExchange): Promise<void>;
}

/** The highest sequence number already in the folder (a recording continued after a restart). */
async function lastSeq(dir: string): Promise<number> {
  let highest = 0;
  const folders = await readdir(dir, { withFileTypes: true }).catch((): Dirent[] => []);
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    const files = await readdir(path.join(dir, folder.name)).catch((): string[] => []);
    for (const file of files) {
      const match = /^(\d+)\.json$/u.exec(file);
      if (match?.[1] !== undefined) highest = Math.max(highest, Number(match[1]));
    }
  }
  return highest;
}

async function readManifest(file: string): Promise<RecordingManifest['personas']> {
  try {
    const { personas } = JSON.parse(await readFile(file, 'utf8')) as Partial<RecordingManifest>;
    // Not a list (a file edited by hand): thrown, and none are kept. Only the pseudonym is kept: an
    // address an older recorder wrote beside it is not written again.
    return personas?.flatMap((p) => (typeof p.pseudonym === 'string' ? [{ pseudonym: p.pseudonym }] : [])) ?? [];
  } catch {
    return [];
  }
}

/** A content type without its parameters; null when none was sent. */
const typeOf = (contentType: string | undefined): string | null => {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type === undefined || type === '' ? null : type;
};

const asJson = (record: Readonly<Record<string, JournalValue>>): Record<string, Json> => ({ ...record });

/** A recorder writing into `dir` (created when missing). */
export function createRecorder(dir: string, names: Pseudonyms = new Pseudonyms()): Recorder {
  const manifestFile = path.join(dir, MANIFEST_FILE);
  /** The pseudonym of the address each token was given to (the sign-ins the proxy saw). */
  const tokens = new Map<string, string>();
  let personas: { pseudonym: string }[] = [];
  let ready: Promise<number> | undefined;
  let seq = 0;
  /** Writes of the manifest, one after the other. */
  let manifestWrite: Promise<void> = Promise.resolve();

  const start = () =>
    (ready ??= (async () => {
      await mkdir(dir, { recursive: true });
      personas = [...(await readManifest(manifestFile))];
      await writeManifest();
      return lastSeq(dir);
    })());

  const writeManifest = () => {
    const manifest: RecordingManifest = { format: RECORDING_FORMAT, pseudonymPattern: PSEUDONYM_PATTERN, personas };
    manifestWrite = manifestWrite.then(() => writeFileAtomic(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`));
    return manifestWrite;
  };

  /**
   * Notes a sign-in: the token in a successful login's reply belongs to the e-mail it was sent, named by
   * the pseudonym the address gets in the exchange's fields (Pseudonyms.of is the same for both).
   */
  const noteSignIn = async (exchange: ProxiedExchange, body: Json) => {
    if (exchange.operation !== 'login' || !isRecord(body)) return;
    const jwt = body.jwt;
    const email = exchange.fields.email;
    if (typeof jwt !== 'string' || jwt === '' || typeof email !== 'string') return;
    const pseudonym = names.of('email', email);
    tokens.set(jwt, pseudonym);
    if (!personas.some((p) => p.pseudonym === pseudonym)) {
      personas = [...personas, { pseudonym }];
      await writeManifest();
    }
  };

  return {
    async nextSeq() {
      // A folder that cannot be written does not stop the proxy: record() says why on stderr.
      const base = await start().catch(() => 0);
      seq = Math.max(seq, base) + 1;
      return seq;
    },
    async record(number, exchange) {
      try {
        await start();
        let body: Json = null;
        let json = true;
        try {
          body = JSON.parse(exchange.text) as Json;
        } catch {
          json = false;
        }
        await noteSignIn(exchange, body);
        const token = exchange.fields[TOKEN_FIELD];
        const persona = typeof token === 'string' ? (tokens.get(token) ?? null) : null;

        const changed: string[] = [];
        const query = pseudonymise(asJson(maskedFields(exchange.operation, exchange.query)), names, {
          at: 'request.query',
          changed,
          maskTokens: false,
        });
        const fields = pseudonymise(asJson(maskedFields(exchange.operation, exchange.fields)), names, {
          at: 'request.fields',
          changed,
          maskTokens: false,
        });
        // Files as the journal shows them (name, type and size), beside the fields.
        const shownFiles = maskedFields(exchange.operation, {}, exchange.files);
        const reply = pseudonymise(body, names, { at: 'reply.body', changed, maskTokens: true });

        const operation = exchange.operation;
        const entry: RecordedExchange = {
          format: RECORDING_FORMAT,
          seq: number,
          at: exchange.at.toISOString(),
          operation,
          wire: operation === null ? null : selectorLabel(operations[operation].selector),
          persona,
          request: {
            contentType: typeOf(exchange.contentType),
            query: isRecord(query) ? query : {},
            fields: { ...(isRecord(fields) ? fields : {}), ...asJson(shownFiles) },
          },
          reply: { status: exchange.status, body: reply, json },
          pseudonymised: changed,
        };
        const folder = path.join(dir, operation ?? UNNAMED);
        await mkdir(folder, { recursive: true });
        await writeFileAtomic(
          path.join(folder, `${String(number).padStart(6, '0')}.json`),
          `${JSON.stringify(entry, null, 2)}\n`,
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        process.stderr.write(`${JSON.stringify({ recording: dir, seq: number, error: message })}\n`);
      }
    },
  };
}
