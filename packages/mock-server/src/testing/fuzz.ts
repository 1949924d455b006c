/**
 * A request fuzzer driven by the contract: for each operation it builds valid requests from the
 * contract's generators, and mutated ones (missing, duplicated, oversize, wrong-typed and nested
 * fields, bad encodings, truncated bodies, huge field counts), and sends them as raw HTTP bytes, in
 * either form encoding, so the server sees exactly what a hostile client could send.
 */
import http from 'node:http';
import net from 'node:net';
import fc from 'fast-check';
import * as z from 'zod/mini';
import {
  encode,
  fieldMeta,
  operations,
  TOKEN_FIELD,
  type FieldMeta,
  type OperationDef,
  type OperationName,
  type WireEncoding,
} from '@ebank/contract';

// ------------------------------------------------------------------------------------------------
// a form, before it is put on the wire

/** Bytes put on the wire verbatim in either encoding (to send what no well-behaved client would). */
export interface Raw {
  readonly raw: Uint8Array;
}
export interface FormPart {
  readonly name: string | Raw;
  /** Text, binary file content (escaped as the encoding needs), or verbatim bytes. */
  readonly value: string | Uint8Array | Raw;
  /** Sent as a file part in multipart (a text field with escaped bytes in urlencoded). */
  readonly file?: { readonly filename: string; readonly type: string };
}
export interface Form {
  /** `''` or `?crud=...`. */
  readonly search: string;
  readonly parts: readonly FormPart[];
}

export interface RawRequest {
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
  /** Declares a Content-Length this many bytes larger than the body, then closes the sending side. */
  readonly shortBy?: number;
}

export interface RawReply {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

const utf8 = (s: string) => new TextEncoder().encode(s);
const isRaw = (v: unknown): v is Raw => typeof v === 'object' && v !== null && 'raw' in v;
const concat = (chunks: readonly Uint8Array[]) => Buffer.concat(chunks.map((c) => Buffer.from(c)));

/** application/x-www-form-urlencoded escaping of text or bytes (every byte outside A-Z a-z 0-9 -._~!'()* escaped). */
function formEscape(value: string | Uint8Array): string {
  if (typeof value === 'string')
    try {
      return encodeURIComponent(value);
    } catch {
      // a lone surrogate: escape the bytes of its UTF-8 replacement below
    }
  let out = '';
  for (const b of typeof value === 'string' ? utf8(value) : value) out += `%${b.toString(16).padStart(2, '0')}`;
  return out;
}

function urlencodedPiece(value: string | Uint8Array | Raw): Uint8Array {
  return isRaw(value) ? value.raw : utf8(formEscape(value));
}

export function urlencodedBody(form: Form): Uint8Array {
  const pieces: Uint8Array[] = [];
  form.parts.forEach((part, i) => {
    if (i > 0) pieces.push(utf8('&'));
    pieces.push(urlencodedPiece(part.name), utf8('='), urlencodedPiece(part.value));
  });
  return concat(pieces);
}

/** Field names and file names in a multipart header, escaped as browsers do. */
const quoted = (s: string) => s.replace(/"/gu, '%22').replace(/\r/gu, '%0D').replace(/\n/gu, '%0A');

export function multipartBody(form: Form, boundary: string): Uint8Array {
  const pieces: Uint8Array[] = [];
  for (const part of form.parts) {
    const name = isRaw(part.name) ? part.name.raw : utf8(quoted(part.name));
    const file = part.file ? `; filename="${quoted(part.file.filename)}"\r\nContent-Type: ${part.file.type}` : '';
    pieces.push(utf8(`--${boundary}\r\nContent-Disposition: form-data; name="`), name, utf8(`"${file}\r\n\r\n`));
    pieces.push(isRaw(part.value) ? part.value.raw : typeof part.value === 'string' ? utf8(part.value) : part.value);
    pieces.push(utf8('\r\n'));
  }
  pieces.push(utf8(`--${boundary}--\r\n`));
  return concat(pieces);
}

export const API = '/api/users.php';
const URLENCODED = 'application/x-www-form-urlencoded';

/** A boundary that occurs in no part of the form. */
function boundaryFor(form: Form, seed: number): string {
  const contents = form.parts.map((p) => Buffer.from(isRaw(p.value) ? p.value.raw : p.value));
  for (let n = seed; ; n++) {
    const boundary = `----fuzz${n.toString(36)}x${(n * 7919).toString(36)}`;
    if (!contents.some((c) => c.includes(boundary))) return boundary;
  }
}

export function toRequest(form: Form, encoding: WireEncoding, seed = 0): RawRequest {
  if (encoding === 'urlencoded')
    return { path: `${API}${form.search}`, headers: { 'content-type': URLENCODED }, body: urlencodedBody(form) };
  const boundary = boundaryFor(form, seed);
  return {
    path: `${API}${form.search}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: multipartBody(form, boundary),
  };
}

/** A valid request form from a typed input, through the contract's own encoder. */
export async function validForm(
  name: OperationName,
  input: unknown,
  token: string | undefined,
  encoding: WireEncoding,
): Promise<{ form: Form; encoding: WireEncoding }> {
  const request = encode(name, input as never, { token, encoding });
  const parts: FormPart[] = request.fields.map(([key, value]) => ({ name: key, value }));
  for (const [key, blob] of request.files) {
    const filename = blob instanceof File && blob.name ? blob.name : 'upload';
    parts.push({
      name: key,
      value: new Uint8Array(await blob.arrayBuffer()),
      file: { filename, type: blob.type || 'application/octet-stream' },
    });
  }
  return { form: { search: request.search, parts }, encoding: request.encoding };
}

// ------------------------------------------------------------------------------------------------
// what the contract says about an operation's fields

type Kind = FieldMeta | { readonly kind: 'literal'; readonly values: readonly string[] };

interface FieldInfo {
  readonly kind: Kind;
  readonly required: boolean;
}

export interface OperationShape {
  readonly name: OperationName;
  /** The marker field's name, or the crud value. */
  readonly selector: { readonly marker: string } | { readonly crud: string };
  readonly authed: boolean;
  readonly fields: ReadonlyMap<string, FieldInfo>;
  readonly files: readonly string[];
}

function unwrap(schema: z.ZodMiniType): z.ZodMiniType {
  if (schema instanceof z.ZodMiniOptional || schema instanceof z.ZodMiniDefault)
    return unwrap(schema.def.innerType as z.ZodMiniType);
  return schema;
}

function kindOf(schema: z.ZodMiniType): Kind {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodMiniLiteral) return { kind: 'literal', values: inner.def.values.map(String) };
  const meta = fieldMeta.get(inner);
  if (!meta) throw new Error(`no field meta for a ${inner.constructor.name}`);
  return meta;
}

function fieldsOf(schema: z.ZodMiniType): Map<string, FieldInfo> {
  if (schema instanceof z.ZodMiniObject) {
    const shape = schema.shape as Record<string, z.ZodMiniType>;
    return new Map(
      Object.entries(shape).map(([key, s]) => [
        key,
        { kind: kindOf(s), required: !(s instanceof z.ZodMiniOptional || s instanceof z.ZodMiniDefault) },
      ]),
    );
  }
  if (schema instanceof z.ZodMiniDiscriminatedUnion) {
    const options = (schema.def.options as z.ZodMiniType[]).map(fieldsOf);
    const merged = new Map<string, FieldInfo>();
    for (const option of options)
      for (const [key, info] of option) {
        const inAll = options.every((o) => o.get(key)?.required === true);
        const prior = merged.get(key);
        const kind =
          prior?.kind.kind === 'literal' && info.kind.kind === 'literal'
            ? { kind: 'literal' as const, values: [...prior.kind.values, ...info.kind.values] }
            : info.kind;
        merged.set(key, { kind, required: inAll });
      }
    return merged;
  }
  throw new Error(`cannot read the fields of a ${schema.constructor.name}`);
}

export function shapeOf(name: OperationName): OperationShape {
  const operation: OperationDef = operations[name];
  return {
    name,
    selector: operation.selector,
    authed: operation.auth !== 'none',
    fields: fieldsOf(operation.request),
    files: Object.keys(operation.files).filter((f) => operation.files[f]?.required !== false),
  };
}

// ------------------------------------------------------------------------------------------------
// mutations: each one makes a request the contract refuses

export type MutationKind =
  'missing' | 'duplicated' | 'oversize' | 'wrong-type' | 'nested-name' | 'bad-encoding' | 'truncated' | 'huge-count';

export interface Mutation {
  readonly kind: MutationKind;
  readonly what: string;
  /** The encoding this mutation always uses, whatever the one asked for. */
  readonly encoding?: WireEncoding;
  /** Turns a valid form, sent in the given encoding, into the mutated request. */
  readonly apply: (form: Form, encoding: WireEncoding) => RawRequest;
}

const digitString = (min: number, max: number) =>
  fc.string({ unit: fc.integer({ min: 0, max: 9 }).map(String), minLength: min, maxLength: max });

/** A wire value the field's kind refuses, whatever the rest of the request. */
function wrongValue(kind: Kind): fc.Arbitrary<string> {
  switch (kind.kind) {
    case 'text':
      return fc.constantFrom(
        'a\u0000b',
        'x\u0001',
        '\u007f',
        'line\u000bbreak',
        ...(kind.min >= 1 ? ['', '   ', '\t'] : []),
      );
    case 'digits':
      return fc.oneof(
        digitString(0, kind.length - 1),
        digitString(kind.length + 1, kind.length + 4),
        fc.constantFrom('a'.repeat(kind.length), `${'1'.repeat(kind.length - 1)}x`, '١'.repeat(kind.length), '-1'),
      );
    case 'email':
      return fc.constantFrom('no-at-sign', 'a@b', '@b.co', 'a b@c.de', 'a@b@c', '', 'a@b. co');
    case 'money':
      return fc.constantFrom('lots', '-5', '0', '0.00', '1e3', '1.234', '1,5', ' 5', 'NaN', 'Infinity', '1'.repeat(13));
    case 'flag':
      return fc.constantFrom('maybe', '2', 'TRUE', 'yes ', 'null');
    case 'date':
      return fc.constantFrom('2021-02-30', '2021-13-01', 'yesterday', '20210101', '0000-00-00', '2021-1-1');
    case 'phone':
      return fc.constantFrom('call me', '+', '12', '++4412345', '0'.repeat(30), '+44 (0) 20 ext. 5');
    case 'id':
      return fc.constantFrom('a b', 'x/y', '', 'é', 'a'.repeat(65), '../etc');
    case 'json':
      return fc.constantFrom('{', '[]', '"x"', '{}', 'null', '{"amount":"x"}', 'NaN', '[1,2');
    case 'literal':
      return fc.constantFrom('nope', '', 'CODE', ' code');
  }
}

const INVALID_PERCENT = ['%ZZ', '%', '%4', '%E0%A4%A', '%%41', '%G0'];
const INVALID_UTF8_ESCAPED = ['%C3%28', '%FF', '%ED%A0%80', '%C0%AF', '%E2%82', '%F8%88%80%80%80'];
const INVALID_UTF8_RAW = [[0xff], [0xc3, 0x28], [0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82]];

/** Changes the part named `name` (or adds one, from an empty value, when the form has none). */
function withPart(form: Form, name: string, change: (part: FormPart) => FormPart | FormPart[]): Form {
  const index = form.parts.findIndex((p) => typeof p.name === 'string' && p.name === name);
  if (index === -1) return { ...form, parts: [...form.parts, change({ name, value: '' })].flat() };
  return { ...form, parts: form.parts.flatMap((part, i) => (i === index ? change(part) : [part])) };
}

/** The mutations an operation can receive; every one of them leaves a request the server must refuse. */
export function mutationArbitrary(shape: OperationShape): fc.Arbitrary<Mutation> {
  const marker = 'marker' in shape.selector ? shape.selector.marker : undefined;
  const crud = 'crud' in shape.selector ? shape.selector.crud : undefined;
  const fieldNames = [...shape.fields.keys()];
  const required = fieldNames.filter((f) => shape.fields.get(f)?.required);
  /** Names a valid form of this operation always carries. */
  const essentials = [...(marker ? [marker] : []), ...required, ...shape.files, ...(shape.authed ? [TOKEN_FIELD] : [])];
  const textNames = [...(marker ? [marker] : []), ...(shape.authed ? [TOKEN_FIELD] : []), ...fieldNames];

  /** A mutation that edits the form and sends it in the encoding asked for. */
  const edit = (kind: MutationKind, what: string, change: (form: Form) => Form): Mutation => ({
    kind,
    what,
    apply: (form, encoding) => toRequest(change(form), encoding),
  });

  const missing = fc
    .constantFrom(...essentials, ...(crud ? ['?crud'] : []))
    .map((name) =>
      edit('missing', name, (form) =>
        name === '?crud' ? { ...form, search: '' } : { ...form, parts: form.parts.filter((p) => p.name !== name) },
      ),
    );

  const duplicated = fc
    .constantFrom(...essentials, ...(crud ? ['?crud'] : []))
    .map((name) =>
      edit('duplicated', name, (form) =>
        name === '?crud'
          ? { ...form, search: `${form.search}&crud=${crud ?? ''}` }
          : withPart(form, name, (p) => [p, p]),
      ),
    );

  const oversize = fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...essentials.filter((n) => !shape.files.includes(n))),
          fc.integer({ min: 8_001, max: 12_000 }),
        )
        .map(([name, n]) =>
          edit('oversize', `${name} of ${n} characters`, (form) =>
            withPart(form, name, () => ({ name, value: 'a'.repeat(n) })),
          ),
        ),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 101, max: 2_000 }).map((n) =>
        edit('oversize', `a field name of ${n} characters`, (form) => ({
          ...form,
          parts: [...form.parts, { name: 'f'.repeat(n), value: '1' }],
        })),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 260_000, max: 300_000 }).map((n) =>
        edit('oversize', `a body of ${n} bytes`, (form) => ({
          ...form,
          parts: [...form.parts, { name: 'note', value: 'a'.repeat(n) }],
        })),
      ),
    },
    ...(crud
      ? [
          {
            weight: 1,
            arbitrary: fc
              .integer({ min: 101, max: 5_000 })
              .map((n) =>
                edit('oversize', `crud of ${n} characters`, (form) => ({ ...form, search: `?crud=${'c'.repeat(n)}` })),
              ),
          },
        ]
      : []),
  );

  const wrongField = [...shape.fields.entries()].map(([name, info]) =>
    wrongValue(info.kind).map((value) =>
      edit('wrong-type', `${name}=${JSON.stringify(value.slice(0, 20))}`, (form) =>
        withPart(form, name, () => ({ name, value })),
      ),
    ),
  );
  const wrongType = fc.oneof(
    ...wrongField,
    ...(marker
      ? [
          fc.constant(
            edit('wrong-type', `${marker} empty`, (form) =>
              withPart(form, marker, () => ({ name: marker, value: '' })),
            ),
          ),
        ]
      : []),
    fc.constant(
      edit('wrong-type', 'an unknown field', (form) => ({
        ...form,
        parts: [...form.parts, { name: 'isadmin', value: '1' }],
      })),
    ),
    ...shape.files.map((name) =>
      fc.constant(
        edit('wrong-type', `${name} as text`, (form) => withPart(form, name, () => ({ name, value: 'not a file' }))),
      ),
    ),
    ...textNames.map((name) =>
      fc.constant<Mutation>({
        kind: 'wrong-type',
        what: `${name} as a file`,
        encoding: 'multipart',
        // Only multipart can carry a file.
        apply: (form) =>
          toRequest(
            withPart(form, name, (p) => ({
              name,
              value: typeof p.value === 'string' ? utf8(p.value || 'x') : utf8('x'),
              file: { filename: 'field.txt', type: 'text/plain' },
            })),
            'multipart',
          ),
      }),
    ),
  );

  const nestedName = fc
    .tuple(
      fc.constantFrom(...textNames, ...fieldNames, 'a', '__proto__', 'constructor', ...shape.files),
      fc.constantFrom('[b]', '[0]', '[99999999]', '[]', '[__proto__][polluted]', '[prototype][polluted]', '[a][b][c]'),
    )
    .map(([base, suffix]) =>
      edit('nested-name', `${base}${suffix}`, (form) => ({
        ...form,
        parts: [...form.parts, { name: `${base}${suffix}`, value: '1' }],
      })),
    );

  const badEncoding = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...textNames),
        fc.constantFrom(...INVALID_PERCENT, ...INVALID_UTF8_ESCAPED).map((s) => utf8(s)),
        fc.boolean(),
      )
      .map(([name, raw, inName]): Mutation => ({
        kind: 'bad-encoding',
        what: `${name} ${inName ? 'name' : 'value'} with ${Buffer.from(raw).toString()}`,
        encoding: 'urlencoded',
        apply: (form) =>
          toRequest(
            withPart(form, name, (p) =>
              inName
                ? { name: { raw: concat([urlencodedPiece(name), raw]) }, value: p.value }
                : { name, value: { raw: concat([urlencodedPiece(p.value), raw]) } },
            ),
            'urlencoded',
          ),
      })),
    fc.tuple(fc.constantFrom(...textNames), fc.constantFrom(...INVALID_UTF8_RAW)).map(([name, bytes]): Mutation => ({
      kind: 'bad-encoding',
      what: `${name} name with invalid UTF-8 ${Buffer.from(bytes).toString('hex')}`,
      apply: (form, encoding) =>
        toRequest(
          withPart(form, name, (p) => ({
            name: { raw: concat([utf8(name), new Uint8Array(bytes)]) },
            value: p.value,
          })),
          encoding,
        ),
    })),
    fc.tuple(fc.constantFrom(...textNames), fc.constantFrom(...INVALID_UTF8_RAW)).map(([name, bytes]): Mutation => ({
      kind: 'bad-encoding',
      what: `${name} value with raw invalid UTF-8 ${Buffer.from(bytes).toString('hex')}`,
      encoding: 'urlencoded',
      apply: (form) =>
        toRequest(
          withPart(form, name, (p) => ({
            name,
            value: { raw: concat([urlencodedPiece(p.value), new Uint8Array(bytes)]) },
          })),
          'urlencoded',
        ),
    })),
    fc.constantFrom('utf-7', 'bogus', 'utf-16le').map((charset): Mutation => ({
      kind: 'bad-encoding',
      what: `charset=${charset}`,
      encoding: 'urlencoded',
      apply: (form) => {
        const request = toRequest(form, 'urlencoded');
        return { ...request, headers: { 'content-type': `${URLENCODED}; charset=${charset}` } };
      },
    })),
    fc.constantFrom('no boundary', 'another boundary', 'empty boundary').map((how): Mutation => ({
      kind: 'bad-encoding',
      what: how,
      encoding: 'multipart',
      apply: (form) => {
        const request = toRequest(form, 'multipart');
        const type =
          how === 'no boundary'
            ? 'multipart/form-data'
            : how === 'empty boundary'
              ? 'multipart/form-data; boundary='
              : 'multipart/form-data; boundary=not-the-one-in-the-body';
        return { ...request, headers: { 'content-type': type } };
      },
    })),
    fc.constantFrom('application/json', 'text/plain', 'multipart/mixed; boundary=x').map((type): Mutation => ({
      kind: 'bad-encoding',
      what: `sent as ${type}`,
      encoding: 'urlencoded',
      apply: (form) => ({ ...toRequest(form, 'urlencoded'), headers: { 'content-type': type } }),
    })),
  );

  const truncated = fc.oneof(
    fc.integer({ min: 1, max: 2_000 }).map((shortBy): Mutation => ({
      kind: 'truncated',
      what: `Content-Length ${shortBy} bytes more than the body`,
      apply: (form, encoding) => ({ ...toRequest(form, encoding), shortBy }),
    })),
    fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }).map((at): Mutation => ({
      kind: 'truncated',
      what: `cut at ${Math.round(at * 100)}% of the form`,
      encoding: 'multipart',
      apply: (form) => {
        const request = toRequest(form, 'multipart');
        const body = Buffer.from(request.body);
        // Cut anywhere before the closing delimiter, so the form never ends.
        const closing = body.lastIndexOf(
          `\r\n--${/boundary=(.*)$/u.exec(request.headers['content-type'] ?? '')?.[1] ?? ''}--`,
        );
        return { ...request, body: body.subarray(0, Math.floor(at * Math.max(0, closing))) };
      },
    })),
  );

  const hugeCount = fc.integer({ min: 101, max: 1_000 }).map((n): Mutation => ({
    kind: 'huge-count',
    what: `${n} extra fields`,
    apply: (form, encoding) => {
      const extra = Array.from({ length: encoding === 'multipart' ? Math.max(61, Math.floor(n / 4)) : n }, (_, i) => ({
        name: `f${i}`,
        value: 'x',
      }));
      return toRequest({ ...form, parts: [...form.parts, ...extra] }, encoding);
    },
  }));

  return fc.oneof(missing, duplicated, oversize, wrongType, nestedName, badEncoding, truncated, hugeCount);
}

// ------------------------------------------------------------------------------------------------
// sending

/** Sends raw requests to one server over kept-alive connections (and fresh ones for truncated bodies). */
export class RawSender {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 8, noDelay: true });
  /** How many requests were sent. */
  sent = 0;

  constructor(private readonly base: URL) {}

  send(request: RawRequest): Promise<RawReply> {
    this.sent++;
    return request.shortBy === undefined ? this.overHttp(request) : this.overSocket(request, request.shortBy);
  }

  get(path: string): Promise<RawReply> {
    this.sent++;
    return new Promise((resolve, reject) => {
      http
        .get(new URL(path, this.base), { agent: this.agent }, (res) => this.collect(res, resolve, reject))
        .on('error', reject);
    });
  }

  close() {
    this.agent.destroy();
  }

  private collect(res: http.IncomingMessage, resolve: (r: RawReply) => void, reject: (e: Error) => void) {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () =>
      resolve({
        status: res.statusCode ?? 0,
        contentType: res.headers['content-type'] ?? '',
        text: Buffer.concat(chunks).toString('utf8'),
      }),
    );
  }

  private overHttp(request: RawRequest, retry = true): Promise<RawReply> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        new URL(request.path, this.base),
        {
          method: 'POST',
          agent: this.agent,
          headers: { ...request.headers, 'content-length': String(request.body.length) },
        },
        (res) => this.collect(res, resolve, reject),
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed while idle: send again once, on a new one.
        if (retry && req.reusedSocket && error.code === 'ECONNRESET')
          this.overHttp(request, false).then(resolve, reject);
        else reject(error);
      });
      req.end(Buffer.from(request.body));
    });
  }

  /** Sends a body shorter than its Content-Length and closes the sending side, as a cut connection does. */
  private overSocket(request: RawRequest, shortBy: number): Promise<RawReply> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(this.base.port), this.base.hostname);
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      // A reset after the reply still leaves the reply to read ('close' follows).
      socket.on('error', (error) => (chunks.length === 0 ? reject(error) : undefined));
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = text.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/u.exec(head)?.[1] ?? 0);
        const contentType = /^content-type:\s*(.*)$/imu.exec(head)?.[1]?.trim() ?? '';
        resolve({ status, contentType, text: rest.join('\r\n\r\n') });
      });
      const headers = Object.entries({
        ...request.headers,
        host: this.base.host,
        'content-length': String(request.body.length + shortBy),
      })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(`POST ${request.path} HTTP/1.1\r\n${headers}\r\n`);
      socket.end(Buffer.from(request.body));
    });
  }
}
