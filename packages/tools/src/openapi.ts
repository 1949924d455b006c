/**
 * An OpenAPI 3.1 description of the wire, generated from the operation table: one path item per
 * operation, its form fields from the request codecs (their wire side, strings), its reply from the
 * reply schema (the forms a host may send), and the error reply every call shares.
 *
 * OpenAPI keys operations by path and method, and every call here is `POST api/users.php`; what tells
 * the calls apart is the NAME of a marker field in the body, or `?crud=`. So each operation gets a
 * pseudo-path that names it: `/api/users.php#getinstituition` (the fragment is never sent) or
 * `/api/users.php?crud=iduser` (a real URL). `info.description`, each operation's description and its
 * `x-wire` extension say exactly how to call it.
 *
 * The document is also enough to use the operations together: `x-call-order` (the document's and each
 * operation's) gives an order in which every operation succeeds on a freshly reset mock, each step with
 * a named example of its body, and field extensions say where a value comes from (`x-values-from`: another
 * reply; `x-same-as`: an earlier request; `x-equals`: another field; `x-code-from`: the mock's outbox).
 * The token is a required body field; no security scheme is declared, since OpenAPI has none for the body.
 *
 * Both sides use zod's `io: 'input'`. For requests that is the wire form of each field codec (a
 * string). For replies it is every form a host may send; the output side would be no better than
 * `{}` (any value) wherever the contract turns a PHP-style value into a typed one (`num`, `str`,
 * `yesNo`, `maybe` are transforms, which JSON Schema cannot describe). What a schema cannot say (a
 * refinement, an image checked by content) is in the field's description.
 */
import {
  API_PATH,
  CONTENT_TYPES,
  describeTypes,
  fieldMeta,
  MARKER_VALUE,
  MAX_IMAGE_SIDE,
  MAX_MARKER_LENGTH,
  MAX_TOKEN_LENGTH,
  operationNames,
  operations,
  TOKEN_FIELD,
  TransferFieldsSchema,
  type Auth,
  type FieldMeta,
  type FileSpec,
  type OperationDef,
  type OperationName,
  type OutboxKind,
} from '@ebank/contract';
import * as dashboardReplies from '@ebank/contract/dashboard-replies';
import * as replies from '@ebank/contract/replies';
import type {
  ExampleObject,
  InfoObject,
  MediaTypeObject,
  OpenAPIObject,
  OperationObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  ServerObject,
  TagObject,
} from 'openapi3-ts/oas31';
import * as z from 'zod/mini';

/**
 * A JSON Schema (draft 2020-12), as zod writes it. OpenAPI 3.1's schemas are exactly these; the
 * `SchemaObject` of openapi3-ts types a narrower set (no boolean subschemas, no `contentSchema`), so
 * the places of the document that hold a schema use this type instead.
 */
export type JsonSchema = z.core.JSONSchema.BaseSchema;

export type OpenApiTag = 'auth' | 'kyc' | 'dashboard';

/** A media type whose schema is a JSON Schema (a `$ref` to a component, or inline); request bodies name their examples. */
export interface OpenApiMediaType extends Omit<MediaTypeObject, 'schema' | 'examples'> {
  readonly schema: JsonSchema;
  readonly examples?: Readonly<Record<string, ExampleObject>>;
}

/** A response of this document: always JSON, so always with content. */
export interface OpenApiResponse extends Omit<ResponseObject, 'content'> {
  readonly content: Readonly<Record<string, OpenApiMediaType>>;
}

/** How to make the call, for tools: the real path and query, the marker field and the token field. */
export interface WireCall {
  readonly method: 'POST';
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  /** The body field whose NAME selects the operation, and the value the portal sends. */
  readonly marker?: { readonly field: string; readonly value: string };
  /** The token the body's `token` field carries: the user's, the temporary KYC one, or none. */
  readonly token: Auth;
  readonly tokenField?: string;
  readonly contentTypes: readonly string[];
}

/**
 * An operation as this document writes it: OpenAPI's, with the parts it always has, `x-wire` and
 * `x-call-order`. No `security`: the token is a body field, which no OpenAPI security scheme can name.
 */
export interface OpenApiOperation extends Omit<OperationObject, 'requestBody' | 'responses' | 'security'> {
  readonly operationId: OperationName;
  readonly summary: string;
  readonly description: string;
  readonly tags: OpenApiTag[];
  readonly requestBody: Omit<RequestBodyObject, 'content'> & {
    readonly content: Readonly<Record<string, OpenApiMediaType>>;
  };
  readonly responses: Readonly<Record<string, OpenApiResponse | ReferenceObject>>;
  readonly 'x-wire': WireCall;
  readonly 'x-call-order': OperationCallOrder;
}

/** The whole document: OpenAPI 3.1's, with the parts this one always has; its schemas are {@link JsonSchema}s. */
export interface OpenApiDocument extends Omit<OpenAPIObject, 'paths' | 'components'> {
  readonly jsonSchemaDialect: string;
  readonly info: InfoObject & { readonly description: string };
  readonly servers: ServerObject[];
  readonly tags: (TagObject & { readonly name: OpenApiTag; readonly description: string })[];
  readonly paths: Readonly<Record<string, { readonly post: OpenApiOperation }>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly responses: Readonly<Record<string, OpenApiResponse>>;
  };
  /** The order in which every operation succeeds on a freshly reset mock, with the example each step sends. */
  readonly 'x-call-order': readonly CallStep[];
}

export interface OpenApiOptions {
  /** The API base without its trailing `/` (`servers[0].url`); `/` (the same origin) when absent. */
  readonly serverUrl?: string;
  /**
   * Example values by field name (wire strings), in place of the generic ones and of
   * {@link DEFAULT_FIELD_EXAMPLES}; an operation's own examples (a new address for sign-up, say) stay.
   */
  readonly fieldExamples?: Readonly<Record<string, string>>;
}

/** The seeded demo customer of the mock: the e-mail and passcode examples of the sign-in calls. */
export const DEFAULT_FIELD_EXAMPLES: Readonly<Record<string, string>> = {
  email: 'demo@bank.test',
  password: '123456',
};

const SCHEMA_REF = '#/components/schemas/';
const RESPONSE_REF = '#/components/responses/';
const JSON_TYPE = 'application/json';
/** The path every call goes to, as OpenAPI writes paths. */
export const OPENAPI_API_PATH = `/${API_PATH}`;

const TAGS: OpenApiDocument['tags'] = [
  {
    name: 'auth',
    description: 'Sign-up, e-mail verification, login and passcode reset. No token; most are selected by `?crud=`.',
  },
  {
    name: 'kyc',
    description: 'The identity check: the accepted document types, and the case sent with the temporary KYC token.',
  },
  { name: 'dashboard', description: 'The signed-in customer: every call carries the user token in the body.' },
];
/** Tags the rule in {@link tagOf} would get wrong. */
const TAG_OVERRIDES: Partial<Record<OperationName, OpenApiTag>> = { getDocumentTypes: 'kyc' };
const tagOf = (name: OperationName, op: OperationDef): OpenApiTag =>
  TAG_OVERRIDES[name] ?? (op.auth === 'user' ? 'dashboard' : op.auth === 'kyc' ? 'kyc' : 'auth');

const TOKEN_SOURCE: Record<Exclude<Auth, 'none'>, string> = {
  user: 'the user token (`jwt` of the login reply, `?crud=userlogin`)',
  kyc: 'the temporary KYC token (`jwt` of the e-mail verification reply, `?crud=verifyuser`, or of the login reply while the identity check is due)',
};

/** The pseudo-path that names an operation in this document. */
export const openApiPath = (op: OperationDef) =>
  'marker' in op.selector
    ? `${OPENAPI_API_PATH}#${op.selector.marker}`
    : `${OPENAPI_API_PATH}?crud=${op.selector.crud}`;

const pascal = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// ------------------------------------------------------------------------------------------------
// field descriptions: what the field builders check, including what JSON Schema cannot say

const CHECKED = 'Checked by the server, not expressible in this schema:';

/** A wire example of `length` digits: 1234, 123456. */
const digitsExample = (length: number) => Array.from({ length }, (_, i) => String((i + 1) % 10)).join('');

function describeText(m: Extract<FieldMeta, { kind: 'text' }>): string {
  const lines = m.multiline ? 'Text, may span lines (CR LF and CR are read as LF)' : 'One line of text';
  const controls = m.multiline ? 'no control characters other than tab and line breaks' : 'no control characters';
  return `${lines}, at most ${m.max} characters. ${CHECKED} at least ${m.min} of them other than spaces; ${controls}.`;
}

interface FieldDoc {
  readonly description: string;
  readonly example: string;
  readonly extra?: JsonSchema;
}

/** The JSON document a `json` field carries: its schema (a reference when it is a component) and an example. */
interface InnerDoc {
  readonly schema: JsonSchema;
  readonly example: unknown;
}

function fieldDoc(m: FieldMeta, inner: () => InnerDoc | undefined): FieldDoc {
  switch (m.kind) {
    case 'text':
      return { description: describeText(m), example: 'Example'.slice(0, m.max), extra: { minLength: m.min } };
    case 'digits':
      return {
        description: `Exactly ${m.length} digits, sent as text (leading zeros count).`,
        example: digitsExample(m.length),
      };
    case 'email':
      return { description: 'An e-mail address.', example: 'customer@example.com' };
    case 'money':
      return {
        description: `An amount with at most two decimals, such as 10.50. ${CHECKED} greater than 0.`,
        example: '10.50',
      };
    case 'flag':
      return {
        description: 'A yes/no flag: 1, true, on or yes for yes; 0, false, off, no or empty for no. Absent means no.',
        example: '0',
      };
    case 'date':
      return {
        description: `A calendar date, YYYY-MM-DD. ${CHECKED} a real date (not 2023-02-30).`,
        example: '1990-04-23',
        extra: { format: 'date' },
      };
    case 'phone':
      return {
        description: 'A phone number: digits with an optional leading +, spaces, dashes and brackets.',
        example: '+44 20 7946 0958',
      };
    case 'id':
      return { description: 'An identifier: letters, digits, _ and -.', example: 'a1b2c3' };
    case 'json': {
      const doc = inner();
      return {
        description: `A JSON document in one text field (its schema is \`contentSchema\`). ${CHECKED} valid JSON that matches it.`,
        example: JSON.stringify(doc?.example ?? {}),
        extra: doc ? { contentMediaType: JSON_TYPE, contentSchema: doc.schema } : { contentMediaType: JSON_TYPE },
      };
    }
  }
}

/** Zod types with no JSON Schema form; `unrepresentable: 'any'` writes them as `{}` (any value). */
const UNREPRESENTABLE = new Set([
  'bigint',
  'symbol',
  'undefined',
  'void',
  'date',
  'map',
  'set',
  'transform',
  'nan',
  'function',
  'promise',
  'custom',
]);

interface Components {
  readonly registry: z.core.$ZodRegistry<{ id: string }>;
  readonly schemas: Record<string, JsonSchema>;
}

/** Adds each field builder's description and example; says so where zod could not describe a value. */
function annotator(components: Components | undefined) {
  return (ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: JsonSchema }) => {
    const { zodSchema, jsonSchema } = ctx;
    const meta = fieldMeta.get(zodSchema);
    if (meta) {
      const doc = fieldDoc(meta, () => {
        // The core class: contract-diff also describes a contract loaded from an older commit.
        if (!(zodSchema instanceof z.core.$ZodPipe)) return undefined;
        const out: z.core.$ZodType = zodSchema._zod.def.out;
        const inline = toWire(out, components);
        const id = components?.registry.get(out)?.id;
        return { schema: id === undefined ? inline : { $ref: `${SCHEMA_REF}${id}` }, example: exampleOf(inline) };
      });
      Object.assign(jsonSchema, doc.extra ?? {}, { description: doc.description, examples: [doc.example] });
      return;
    }
    const type = zodSchema._zod.def.type;
    if (UNREPRESENTABLE.has(type) && Object.keys(jsonSchema).length === 0)
      jsonSchema.description = `Any JSON value: zod cannot describe this ${type} in JSON Schema; the contract checks it.`;
  };
}

/** A plain JSON Schema object without the keys that only a root document carries. */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/**
 * The JSON Schema of a contract schema's wire side (`io: 'input'`: for a request field the string it
 * is sent as; for a reply every form a host may send). Parts zod cannot describe become "any value"
 * with a description saying so.
 */
export function wireJsonSchema(schema: z.core.$ZodType): JsonSchema {
  return toWire(schema, undefined);
}

/** {@link wireJsonSchema}, with `json` fields pointing at the shared components when they are ones. */
function toWire(schema: z.core.$ZodType, components: Components | undefined): JsonSchema {
  return bare(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: annotator(components) }));
}

/** An example value for a schema: its example, const or first enum value; objects by their required fields. */
function exampleOf(schema: JsonSchema): unknown {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branch = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (branch) return exampleOf(branch);
  if (schema.type === 'object' && schema.properties) {
    const object: Record<string, unknown> = {};
    for (const key of schema.required ?? []) {
      const property = schema.properties[key];
      if (isRecord(property)) object[key] = exampleOf(property);
    }
    return object;
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------
// components

/** Every exported `...Schema` of the replies and the transfer form, under its name without `Schema`. */
function sharedComponents(): Components {
  const registry = z.registry<{ id: string }>();
  const named: [string, unknown][] = [
    ...Object.entries(replies),
    ...Object.entries(dashboardReplies),
    ['TransferFieldsSchema', TransferFieldsSchema],
  ];
  for (const [name, value] of named)
    if (name.endsWith('Schema') && value instanceof z.ZodMiniType) registry.add(value, { id: name.slice(0, -6) });
  return { registry, schemas: {} };
}

/** The reply component of each operation: a shared one when the reply is exported, else `<Name>Reply`. */
function replyComponents(components: Components): Map<OperationName, string> {
  const ids = new Map<OperationName, string>();
  for (const name of operationNames) {
    const reply: z.core.$ZodType = operations[name].reply;
    let id = components.registry.get(reply)?.id;
    if (id === undefined) {
      id = `${pascal(name)}Reply`;
      components.registry.add(reply, { id });
    }
    ids.set(name, id);
  }
  const { schemas } = z.toJSONSchema(components.registry, {
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `${SCHEMA_REF}${id}`,
    override: annotator(components),
  });
  for (const [id, schema] of Object.entries(schemas)) components.schemas[id] = bare(schema);
  return ids;
}

function fileProperty(spec: FileSpec): JsonSchema {
  const megabytes = spec.maxBytes / (1024 * 1024);
  return {
    type: 'string',
    format: 'binary',
    description: `One ${describeTypes(spec.types)} image, at most ${megabytes} MB and ${MAX_IMAGE_SIDE} pixels a side. ${CHECKED} the type by its content (not its name or the type the sender claims), and no markup inside.`,
  };
}

function tokenProperty(auth: Auth): JsonSchema {
  const description =
    auth === 'none'
      ? 'Not needed: ignored when sent.'
      : `${pascal(TOKEN_SOURCE[auth])}. It goes in this body field, never in a header.`;
  return { type: 'string', maxLength: MAX_TOKEN_LENGTH, description };
}

interface WireFields {
  /** The marker and token fields, put before the operation's own fields. */
  readonly before: Record<string, JsonSchema>;
  /** The file fields, put after them. */
  readonly after: Record<string, JsonSchema>;
  readonly required: readonly string[];
}

/** Adds the marker, token and file fields to the fields' object schema (to each variant of a union). */
function withWireFields(fields: JsonSchema, wire: WireFields): JsonSchema {
  const variants = fields.oneOf ?? fields.anyOf;
  if (variants) {
    const key = fields.oneOf ? 'oneOf' : 'anyOf';
    return { ...fields, [key]: variants.map((v) => withWireFields(v, wire)) };
  }
  if (fields.type !== 'object') throw new Error('Request fields must be an object or a union of objects');
  const own = Object.keys(fields.properties ?? {});
  const clash = [...Object.keys(wire.before), ...Object.keys(wire.after)].find((k) => own.includes(k));
  if (clash !== undefined) throw new Error(`The field ${clash} is both a form field and a wire field`);
  const required = [...(fields.required ?? []), ...wire.required];
  const properties = { ...wire.before, ...fields.properties, ...wire.after };
  return {
    ...fields,
    properties,
    required: Object.keys(properties).filter((k) => required.includes(k)),
    additionalProperties: false,
  };
}

/** Puts example values given by field name on every matching string property. */
function applyExamples(schema: JsonSchema, examples: Readonly<Record<string, string>>): void {
  for (const variant of [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) applyExamples(variant, examples);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const example = Object.hasOwn(examples, key) ? examples[key] : undefined;
    if (example !== undefined && isRecord(property) && property.type === 'string' && property.format !== 'binary')
      property.examples = [example];
  }
}

// ------------------------------------------------------------------------------------------------
// how to use the operations together: call order, where values come from, rules across fields

/**
 * Where a field's allowed values are listed: at `path` of the reply of `operationId`. The path is
 * dotted property names; `[]` after a name means every element of that array (`docs[].doc_name`).
 */
export interface ValuesFrom {
  readonly operationId: OperationName;
  readonly path: string;
}

/**
 * The value a field of an earlier request carried: `field` of the latest call of `operationId` (or of
 * this request when `operationId` is absent); `path` names a property of the JSON document that field
 * holds.
 */
export interface SameAs {
  readonly operationId?: OperationName;
  readonly field: string;
  readonly path?: string;
}

/** The kinds of e-mail that carry a code (the `kind` of a message in the mock's outbox). */
export type CodeMailKind = Exclude<OutboxKind, 'notice'>;

/**
 * Where the mock keeps a code the bank e-mails: `GET {server}/__mock/outbox?to=<address>` answers the
 * messages to that address, newest first; the code is the `code` of the newest one of this `kind`.
 * `to` says which address: a field of this request or of an earlier one.
 */
export interface CodeFrom {
  readonly method: 'GET';
  readonly path: string;
  readonly query: 'to';
  readonly to: SameAs;
  readonly kind: CodeMailKind;
  readonly pick: 'newest';
  readonly property: 'code';
}

/** One step of the document's call order: an operation, with the named example of its body to send. */
export interface CallStep {
  readonly operationId: OperationName;
  readonly example: string;
  readonly why: string;
}

/** A call that must have succeeded before an operation (the named example tells which, when it matters). */
export interface Prerequisite {
  readonly operationId: OperationName;
  readonly example?: string;
  readonly why: string;
}

/** An operation's place in the call order: its steps (1-based, in `x-call-order`), and what must come first. */
export interface OperationCallOrder {
  readonly steps: readonly number[];
  readonly after: readonly Prerequisite[];
}

/** The rules and the example of one request field. */
interface FieldRule {
  /** The value this document shows, one that succeeds on a freshly reset mock in the call order. */
  readonly example?: string;
  readonly valuesFrom?: ValuesFrom;
  readonly equals?: string;
  readonly sameAs?: SameAs;
  readonly codeFrom?: { readonly to: SameAs; readonly kind: CodeMailKind };
}

interface OperationDocs {
  readonly after?: readonly Prerequisite[];
  readonly fields?: Readonly<Record<string, FieldRule>>;
  /** Named examples besides the one of each variant: field values that differ from the field examples. */
  readonly examples?: Readonly<Record<string, { readonly summary: string; readonly values: Record<string, string> }>>;
}

/** The mock's outbox, where every e-mailed code can be read. */
export const OUTBOX_PATH = '/__mock/outbox';

const LOGIN_TOKEN: ValuesFrom = { operationId: 'login', path: 'jwt' };
/** The customer that signs up in the call order: an address no account of a freshly reset mock has. */
const NEW_CUSTOMER = 'nova.newman@example.com';
/** A seeded customer whose passcode the call order resets (no session of the order uses it). */
const RESET_CUSTOMER = 'history@bank.test';
/** A seeded customer without a transaction PIN: the call order creates one, then changes the credentials. */
const PINLESS_CUSTOMER = 'nopin@bank.test';
/** The name of login's example that signs in {@link PINLESS_CUSTOMER}. */
const PINLESS_LOGIN = 'nopin';
/** The transfer the call order confirms and sends: at least 1000, so the mock asks for the e-mailed code. */
const TRANSFER_EXAMPLE = {
  bank: 'First Example Bank',
  swift: 'FEXBUS33',
  currency: 'USD',
  routing: '026009593',
  country: 'United States',
  act_no: '000123456789',
  act_hold_name: 'Jane Cooper',
  amount: '1500.00',
  note: 'Invoice 42',
} as const;
const TRANSFER_JSON = JSON.stringify(TRANSFER_EXAMPLE);
/** createTransfer sends the very transfer confirmPin confirmed: each field as in its `extra`. */
const transferFields = Object.fromEntries(
  Object.entries(TRANSFER_EXAMPLE).map(([field, example]): [string, FieldRule] => [
    field,
    { example, sameAs: { operationId: 'confirmPin', field: 'extra', path: field } },
  ]),
);

const coinType = (operationId: OperationName): FieldRule => ({
  example: 'BTC',
  valuesFrom: { operationId, path: 'names[]' },
});

const DEMO_SESSION: Prerequisite = {
  operationId: 'login',
  example: 'default',
  why: 'its `jwt` is the user token (the seeded demo customer)',
};

/**
 * Per operation: what must come before it, where its fields' values come from, and examples that
 * succeed on a freshly reset mock when the operations are called in the order of {@link CALL_ORDER}.
 * Every operation has an entry, so a new one cannot go undocumented.
 */
const OPERATION_DOCS: Readonly<Record<OperationName, OperationDocs>> = {
  lookupUser: {},
  login: {
    examples: {
      [PINLESS_LOGIN]: {
        summary: `The seeded customer ${PINLESS_CUSTOMER}, who has no transaction PIN yet`,
        values: { email: PINLESS_CUSTOMER },
      },
    },
  },
  signup: {
    fields: {
      first_name: { example: 'Nova' },
      last_name: { example: 'Newman' },
      username: { example: 'nova.newman' },
      email: { example: NEW_CUSTOMER },
      password: { example: '246810' },
      confirm: { example: '246810', equals: 'password' },
      fullname: { example: 'Nova Newman' },
    },
  },
  resendConfirmCode: {
    after: [{ operationId: 'signup', why: 'the code is sent again to an account that is not verified yet' }],
    fields: { email: { example: NEW_CUSTOMER, sameAs: { operationId: 'signup', field: 'email' } } },
  },
  verifyEmail: {
    after: [
      { operationId: 'signup', why: 'sign-up e-mails the verification code (resendConfirmCode sends a new one)' },
    ],
    fields: {
      email: { example: NEW_CUSTOMER, sameAs: { operationId: 'signup', field: 'email' } },
      ver_code: { codeFrom: { to: { field: 'email' }, kind: 'verify-email' } },
    },
  },
  forgotPasscode: {
    after: [
      {
        operationId: 'forgotPasscode',
        example: 'code',
        why: 'action=reset needs the code that action=code (or resendForgotCode) e-mailed; the newest counts',
      },
    ],
    fields: {
      email: { example: RESET_CUSTOMER },
      reset_code: { codeFrom: { to: { field: 'email' }, kind: 'reset-passcode' } },
      new_password: { example: '135790' },
    },
  },
  resendForgotCode: {
    after: [{ operationId: 'forgotPasscode', example: 'code', why: 'sends the reset code again, replacing it' }],
    fields: { email: { example: RESET_CUSTOMER, sameAs: { operationId: 'forgotPasscode', field: 'email' } } },
  },
  getDocumentTypes: {},
  submitVerification: {
    after: [
      {
        operationId: 'verifyEmail',
        why: 'its `jwt` is the temporary KYC token of the new customer (a login while the identity check is due gives one too)',
      },
      { operationId: 'getDocumentTypes', why: '`type` is one of the document types it lists' },
    ],
    fields: {
      country: { example: 'United States' },
      phone: { example: '+1 555 010 2000' },
      home_address: { example: '12 Elm Street, Springfield' },
      type: { example: 'Passport', valuesFrom: { operationId: 'getDocumentTypes', path: 'docs[].doc_name' } },
    },
  },
  getInstitution: { after: [DEMO_SESSION] },
  getHomeStatement: { after: [DEMO_SESSION] },
  getStatement: { after: [DEMO_SESSION] },
  checkPin: { after: [DEMO_SESSION] },
  getTransferList: { after: [DEMO_SESSION] },
  getServiceCharge: { after: [DEMO_SESSION] },
  getProfile: { after: [DEMO_SESSION] },
  updateProfile: { after: [DEMO_SESSION], fields: { fullname: { example: 'Dana Demo' } } },
  updateProfilePicture: { after: [DEMO_SESSION] },
  getPaymentMethods: { after: [DEMO_SESSION] },
  getContact: { after: [DEMO_SESSION] },
  getNotifications: { after: [DEMO_SESSION] },
  markNotificationRead: {
    after: [DEMO_SESSION, { operationId: 'getNotifications', why: '`id` is the id of one of its notifications' }],
    fields: {
      id: { example: 'n0123456789ab', valuesFrom: { operationId: 'getNotifications', path: 'notifications[].id' } },
    },
  },
  getPaymentForm: { after: [DEMO_SESSION] },
  createPayment: {
    after: [DEMO_SESSION, { operationId: 'getPaymentForm', why: '`purpose` and `type` are among the values it lists' }],
    fields: {
      purpose: {
        example: 'Account top-up',
        valuesFrom: { operationId: 'getPaymentForm', path: 'purposes[].purpose_name' },
      },
      type: coinType('getPaymentForm'),
      amount: { example: '50.00' },
    },
  },
  getFixedDepositForm: { after: [DEMO_SESSION] },
  createFixedDeposit: {
    after: [
      DEMO_SESSION,
      { operationId: 'getFixedDepositForm', why: '`plan` and `type` are among the values it lists' },
    ],
    fields: {
      plan: {
        example: '3 months at 4.50%',
        valuesFrom: { operationId: 'getFixedDepositForm', path: 'plans[].plan_name' },
      },
      type: coinType('getFixedDepositForm'),
      amount: { example: '500.00' },
    },
  },
  getUpgradeForm: { after: [DEMO_SESSION] },
  createUpgrade: {
    after: [DEMO_SESSION, { operationId: 'getUpgradeForm', why: '`plan` and `type` are among the values it lists' }],
    fields: {
      plan: { example: 'Tier 2', valuesFrom: { operationId: 'getUpgradeForm', path: 'plans[].plan_name' } },
      type: coinType('getUpgradeForm'),
      amount: { example: '49.00' },
    },
  },
  getCryptoDepositForm: { after: [DEMO_SESSION] },
  createCryptoDeposit: {
    after: [DEMO_SESSION, { operationId: 'getCryptoDepositForm', why: '`type` is one of the coin types it lists' }],
    fields: { type: coinType('getCryptoDepositForm'), amount: { example: '100.00' } },
  },
  confirmPin: {
    after: [DEMO_SESSION],
    fields: { pin: { example: '1234' }, extra: { example: TRANSFER_JSON } },
  },
  confirmTransferCode: {
    after: [
      DEMO_SESSION,
      {
        operationId: 'confirmPin',
        why: 'a confirmPin reply with `requiresanother` e-mailed the code, bound to that transfer (on the mock: an amount of 1000 or more)',
      },
    ],
    fields: {
      code: { codeFrom: { to: { operationId: 'login', field: 'email' }, kind: 'transfer-code' } },
      extra: { example: TRANSFER_JSON, sameAs: { operationId: 'confirmPin', field: 'extra' } },
    },
  },
  createTransfer: {
    after: [
      DEMO_SESSION,
      {
        operationId: 'confirmPin',
        why: 'confirmPin of the very same transfer (the same payee and amount), then confirmTransferCode when its reply has `requiresanother`',
      },
      { operationId: 'confirmTransferCode', why: 'when confirmPin asked for the e-mailed code' },
    ],
    fields: {
      ...transferFields,
      extra: { example: TRANSFER_JSON, sameAs: { operationId: 'confirmPin', field: 'extra' } },
    },
  },
  createPin: {
    after: [
      {
        operationId: 'login',
        example: PINLESS_LOGIN,
        why: 'only a customer without a PIN can create one (the seeded demo customer has one)',
      },
    ],
    fields: { pin: { example: '2580' } },
  },
  changePin: {
    after: [{ operationId: 'createPin', why: '`c_pwd` is the current PIN: the one createPin set' }],
    fields: {
      c_pwd: { example: '2580', sameAs: { operationId: 'createPin', field: 'pin' } },
      n_pwd: { example: '1470' },
      con_pwd: { example: '1470', equals: 'n_pwd' },
    },
  },
  changePasscode: {
    after: [
      {
        operationId: 'login',
        example: PINLESS_LOGIN,
        why: '`c_pwd` is the passcode that login used; other sessions of the account end',
      },
    ],
    fields: {
      c_pwd: { example: '123456', sameAs: { operationId: 'login', field: 'password' } },
      n_pwd: { example: '112233' },
      con_pwd: { example: '112233', equals: 'n_pwd' },
    },
  },
  changeEmail: {
    after: [
      {
        operationId: 'login',
        example: PINLESS_LOGIN,
        why: 'a sign-in in the last 10 minutes (403 otherwise); the account becomes unverified and other sessions end, so it comes last',
      },
    ],
    fields: { email: { example: 'noah.new@example.com' } },
  },
};

/**
 * The order in which every operation succeeds on a freshly reset mock, each with the named example of
 * its body. Replies and requests of earlier steps give the values later ones need: the tokens, the
 * allowed values, the e-mailed codes (read from the mock's outbox).
 */
const CALL_ORDER: readonly CallStep[] = [
  { operationId: 'lookupUser', example: 'default', why: 'login step 1, with the seeded demo customer' },
  { operationId: 'signup', example: 'default', why: 'a new customer, with an address no account has' },
  { operationId: 'resendConfirmCode', example: 'default', why: 'a new verification code for the new customer' },
  { operationId: 'verifyEmail', example: 'default', why: 'the newest code from the outbox; gives the KYC token' },
  { operationId: 'getDocumentTypes', example: 'default', why: 'the document types submitVerification accepts' },
  { operationId: 'submitVerification', example: 'default', why: 'the identity check, with the KYC token' },
  { operationId: 'forgotPasscode', example: 'code', why: 'a reset code for a seeded customer' },
  { operationId: 'resendForgotCode', example: 'default', why: 'a new reset code, replacing the first' },
  { operationId: 'forgotPasscode', example: 'reset', why: 'the new passcode, with the newest code from the outbox' },
  { operationId: 'login', example: 'default', why: 'the seeded demo customer; gives the user token' },
  ...(
    [
      'getInstitution',
      'getHomeStatement',
      'getStatement',
      'checkPin',
      'getTransferList',
      'getServiceCharge',
      'getProfile',
      'updateProfile',
      'updateProfilePicture',
      'getPaymentMethods',
      'getContact',
      'getNotifications',
      'markNotificationRead',
      'getPaymentForm',
      'createPayment',
      'getFixedDepositForm',
      'createFixedDeposit',
      'getUpgradeForm',
      'createUpgrade',
      'getCryptoDepositForm',
      'createCryptoDeposit',
    ] as const
  ).map((operationId): CallStep => ({
    operationId,
    example: 'default',
    why: 'with the user token of the demo customer',
  })),
  {
    operationId: 'confirmPin',
    example: 'default',
    why: 'the PIN for a transfer of 1500.00: asks for the e-mailed code',
  },
  { operationId: 'confirmTransferCode', example: 'default', why: 'the code from the outbox, for the same transfer' },
  { operationId: 'createTransfer', example: 'default', why: 'the very transfer confirmed' },
  { operationId: 'login', example: PINLESS_LOGIN, why: 'a customer without a PIN; its token is used from here on' },
  { operationId: 'createPin', example: 'default', why: 'the first PIN' },
  { operationId: 'changePin', example: 'default', why: 'from the PIN just created' },
  { operationId: 'changePasscode', example: 'default', why: 'from the passcode login used' },
  { operationId: 'changeEmail', example: 'default', why: 'last: the account is unverified again after it' },
];

/** Where the token of an operation comes from. */
const tokenFrom = (auth: Exclude<Auth, 'none'>): ValuesFrom =>
  auth === 'kyc' ? { operationId: 'verifyEmail', path: 'jwt' } : LOGIN_TOKEN;

const sameAsWords = (rule: SameAs) => {
  const field = `\`${rule.field}${rule.path === undefined ? '' : `.${rule.path}`}\``;
  return rule.operationId === undefined
    ? `the field ${field} of this request`
    : `${field} as sent to ${rule.operationId} (its latest call)`;
};

/** The rules of a field in plain words, for its description. */
function ruleWords(rule: FieldRule): string[] {
  const words: string[] = [];
  if (rule.valuesFrom)
    words.push(
      `The value comes from \`${rule.valuesFrom.path}\` of the ${rule.valuesFrom.operationId} reply (one of those listed there, when there are several): call ${rule.valuesFrom.operationId} first (\`x-values-from\`).`,
    );
  if (rule.equals !== undefined) words.push(`Must equal the field \`${rule.equals}\` (\`x-equals\`).`);
  if (rule.sameAs) words.push(`Must be the same as ${sameAsWords(rule.sameAs)} (\`x-same-as\`).`);
  if (rule.codeFrom)
    words.push(
      `The code the bank e-mails to ${sameAsWords(rule.codeFrom.to)}. On the mock: the \`code\` of the newest message of kind \`${rule.codeFrom.kind}\` at \`GET {server}${OUTBOX_PATH}?to=<address>\` (\`x-code-from\`).`,
    );
  return words;
}

const withWords = (schema: JsonSchema, words: readonly string[]): JsonSchema =>
  words.length === 0
    ? schema
    : { ...schema, description: [schema.description, ...words].filter((s) => s !== undefined).join(' ') };

/** A field's schema with its rules as `x-` extensions and words, and its example (new objects: variants share some). */
function documentedField(property: JsonSchema, rule: FieldRule): JsonSchema {
  const extensions: Record<string, unknown> = {};
  if (rule.valuesFrom) extensions['x-values-from'] = rule.valuesFrom;
  if (rule.equals !== undefined) extensions['x-equals'] = rule.equals;
  if (rule.sameAs) extensions['x-same-as'] = rule.sameAs;
  if (rule.codeFrom) {
    const codeFrom: CodeFrom = {
      method: 'GET',
      path: OUTBOX_PATH,
      query: 'to',
      to: rule.codeFrom.to,
      kind: rule.codeFrom.kind,
      pick: 'newest',
      property: 'code',
    };
    extensions['x-code-from'] = codeFrom;
  }
  const example = rule.example === undefined ? {} : { examples: [rule.example] };
  return { ...withWords(property, ruleWords(rule)), ...example, ...extensions };
}

/**
 * Where the allowed values of a request field come from (`x-values-from`), when another reply lists them:
 * a notification's id, a plan, a document type. The token is not among them: it is the sign-in's.
 */
export const valuesFromOf = (operation: OperationName, field: string): ValuesFrom | undefined =>
  OPERATION_DOCS[operation].fields?.[field]?.valuesFrom;

/** The values at a path of {@link ValuesFrom} in a reply (`notifications[].id`: every element's `id`). */
export function valuesAt(reply: unknown, path: string): unknown[] {
  let nodes: unknown[] = [reply];
  for (const part of path.split('.')) {
    const many = part.endsWith('[]');
    const key = many ? part.slice(0, -2) : part;
    nodes = nodes.flatMap((node) => {
      const value = key === '' ? node : isRecord(node) ? node[key] : undefined;
      return many ? (Array.isArray(value) ? (value as unknown[]) : []) : [value];
    });
  }
  return nodes;
}

const variantsOf = (schema: JsonSchema): JsonSchema[] => schema.oneOf ?? schema.anyOf ?? [schema];

/** Puts each field's rules, words and example on the request schema of an operation. */
function documentFields(name: OperationName, schema: JsonSchema): void {
  const op: OperationDef = operations[name];
  const rules: Readonly<Record<string, FieldRule>> = {
    ...(op.auth === 'none' ? {} : { [TOKEN_FIELD]: { valuesFrom: tokenFrom(op.auth) } }),
    ...OPERATION_DOCS[name].fields,
  };
  for (const variant of variantsOf(schema)) {
    const properties = variant.properties;
    if (!properties) continue;
    for (const [field, rule] of Object.entries(rules)) {
      const property = properties[field];
      if (isRecord(property)) properties[field] = documentedField(property, rule);
    }
  }
}

/** The discriminator of a variant: a field other than the marker with a const value (`action`). */
function variantName(variant: JsonSchema, marker: string | undefined): string | undefined {
  for (const [field, property] of Object.entries(variant.properties ?? {}))
    if (field !== marker && isRecord(property) && typeof property.const === 'string') return property.const;
  return undefined;
}

/** What stands for a value that is not known before the call: a reply's, or a file. */
function placeholder(field: string, property: JsonSchema): string | undefined {
  if (property.format === 'binary') return `<${field}: an image file>`;
  const from = property['x-values-from'];
  if (field === TOKEN_FIELD && isRecord(from)) return `<${String(from.operationId)}.${String(from.path)}>`;
  return undefined;
}

/** A body of a variant from its fields' examples: the required fields, and the optional ones a rule gives. */
function exampleBody(name: OperationName, variant: JsonSchema, marker: string | undefined): Record<string, string> {
  const rules = OPERATION_DOCS[name].fields ?? {};
  const required = new Set(variant.required ?? []);
  const body: Record<string, string> = {};
  for (const [field, property] of Object.entries(variant.properties ?? {})) {
    if (!isRecord(property) || !(required.has(field) || rules[field]?.example !== undefined)) continue;
    const value = placeholder(field, property) ?? exampleOf(property);
    if (typeof value === 'string') body[field] = value;
    else if (field !== marker) throw new Error(`${name}: the field ${field} has no example`);
  }
  return body;
}

const EXAMPLE_NOTE =
  "The token, e-mailed codes and ids are placeholders here: take them as the fields' `x-values-from`, `x-same-as` and `x-code-from` say. File fields stand for the file part.";

/** The named examples of an operation's body: one per variant (`default`, or its discriminator), and the extra ones. */
function requestExamples(name: OperationName, schema: JsonSchema): Record<string, ExampleObject> {
  const op: OperationDef = operations[name];
  const marker = 'marker' in op.selector ? op.selector.marker : undefined;
  const variants = variantsOf(schema);
  const examples: Record<string, ExampleObject> = {};
  for (const variant of variants) {
    const key = variants.length > 1 ? (variantName(variant, marker) ?? 'default') : 'default';
    examples[key] = {
      summary: variants.length > 1 ? `${name} with ${key}` : `${name}, as the call order sends it`,
      description: EXAMPLE_NOTE,
      value: exampleBody(name, variant, marker),
    };
  }
  const [first] = variants;
  for (const [key, extra] of Object.entries(OPERATION_DOCS[name].examples ?? {}))
    if (first)
      examples[key] = {
        summary: extra.summary,
        description: EXAMPLE_NOTE,
        value: { ...exampleBody(name, first, marker), ...extra.values },
      };
  return examples;
}

/** Where an operation comes in the call order, and what must come before it. */
function operationCallOrder(name: OperationName): OperationCallOrder {
  const steps = CALL_ORDER.flatMap((step, i) => (step.operationId === name ? [i + 1] : []));
  const op: OperationDef = operations[name];
  const token: Prerequisite[] =
    op.auth === 'kyc' && !(OPERATION_DOCS[name].after ?? []).some((p) => p.operationId === 'verifyEmail')
      ? [{ operationId: 'verifyEmail', why: 'its `jwt` is the KYC token' }]
      : [];
  return { steps, after: [...token, ...(OPERATION_DOCS[name].after ?? [])] };
}

function callOrderWords(order: OperationCallOrder): string {
  const steps = `Step${order.steps.length > 1 ? 's' : ''} ${order.steps.join(' and ')} of the document's \`x-call-order\`.`;
  if (order.after.length === 0) return `${steps} Needs no earlier call.`;
  const after = order.after
    .map((p) => `${p.operationId}${p.example === undefined ? '' : ` (example ${p.example})`}: ${p.why}`)
    .join('; ');
  return `${steps} Call after ${after} (\`x-call-order\`).`;
}

function requestSchema(name: OperationName, components: Components, options: OpenApiOptions): JsonSchema {
  const op: OperationDef = operations[name];
  const wire: WireFields = { before: {}, after: {}, required: [] };
  const required: string[] = [];
  if ('marker' in op.selector) {
    wire.before[op.selector.marker] = {
      type: 'string',
      const: MARKER_VALUE,
      description: `Selects ${name}: the field's NAME does. The portal sends "${MARKER_VALUE}"; the host accepts any non-empty value of at most ${MAX_MARKER_LENGTH} characters. One marker field per request.`,
      examples: [MARKER_VALUE],
    };
    required.push(op.selector.marker);
    wire.before[TOKEN_FIELD] = tokenProperty(op.auth);
    if (op.auth !== 'none') required.push(TOKEN_FIELD);
  }
  for (const [field, spec] of Object.entries(op.files)) {
    wire.after[field] = fileProperty(spec);
    if (spec.required) required.push(field);
  }
  const schema = withWireFields(toWire(op.request, components), { ...wire, required });
  applyExamples(schema, { ...DEFAULT_FIELD_EXAMPLES, ...options.fieldExamples });
  documentFields(name, schema);
  return { description: `The form fields of ${name}: ${callLine(op)}.`, ...schema };
}

// ------------------------------------------------------------------------------------------------
// operations

const contentTypesOf = (op: OperationDef) =>
  Object.keys(op.files).length > 0 ? [CONTENT_TYPES.multipart] : [CONTENT_TYPES.multipart, CONTENT_TYPES.urlencoded];

/** One line saying how to call: the real path and query, the marker and the token fields. */
function callLine(op: OperationDef): string {
  if ('crud' in op.selector) return `POST ${OPENAPI_API_PATH}?crud=${op.selector.crud}, no marker field, no token`;
  const token = op.auth === 'none' ? 'no token' : `${TOKEN_FIELD}=<${op.auth === 'kyc' ? 'KYC token' : 'user token'}>`;
  return `POST ${OPENAPI_API_PATH} with ${op.selector.marker}=${MARKER_VALUE}, ${token}`;
}

function operationDescription(name: OperationName, op: OperationDef): string {
  const files = Object.keys(op.files);
  const body =
    files.length > 0
      ? `The body is \`multipart/form-data\`: it carries the file field${files.length > 1 ? 's' : ''} ${files.map((f) => `\`${f}\``).join(', ')}.`
      : 'The body is `multipart/form-data` or `application/x-www-form-urlencoded`.';
  if ('crud' in op.selector)
    return [
      `Call \`POST {server}${OPENAPI_API_PATH}?crud=${op.selector.crud}\` with the form fields below; no marker field, no token. This path is the real URL.`,
      body,
    ].join(' ');
  const token =
    op.auth === 'none'
      ? 'No token is needed.'
      : `Put ${TOKEN_SOURCE[op.auth]} in the body field \`${TOKEN_FIELD}\` (not in a header).`;
  return [
    `Call \`POST {server}${OPENAPI_API_PATH}\` with the body field \`${op.selector.marker}=${MARKER_VALUE}\`: its NAME selects ${name}.`,
    token,
    `The \`#${op.selector.marker}\` of this document's path only names the operation here; it is never sent.`,
    body,
  ].join(' ');
}

function wireCall(op: OperationDef): WireCall {
  const contentTypes = contentTypesOf(op);
  if ('crud' in op.selector)
    return { method: 'POST', path: OPENAPI_API_PATH, query: { crud: op.selector.crud }, token: op.auth, contentTypes };
  return {
    method: 'POST',
    path: OPENAPI_API_PATH,
    query: {},
    marker: { field: op.selector.marker, value: MARKER_VALUE },
    token: op.auth,
    tokenField: TOKEN_FIELD,
    contentTypes,
  };
}

const ref = (id: string): ReferenceObject => ({ $ref: id });
const schemaRef = (id: string): JsonSchema => ({ $ref: `${SCHEMA_REF}${id}` });

function operationObject(name: OperationName, replyId: string, request: JsonSchema): OpenApiOperation {
  const op: OperationDef = operations[name];
  const schema = schemaRef(`${pascal(name)}Request`);
  const examples = requestExamples(name, request);
  const fileFields = Object.entries(op.files);
  const multipart: OpenApiMediaType =
    fileFields.length > 0
      ? {
          schema,
          examples,
          encoding: Object.fromEntries(
            fileFields.map(([field, spec]) => [field, { contentType: spec.types.join(', ') }] as const),
          ),
        }
      : { schema, examples };
  const content: Record<string, OpenApiMediaType> = { [CONTENT_TYPES.multipart]: multipart };
  if (fileFields.length === 0) content[CONTENT_TYPES.urlencoded] = { schema, examples };
  const callOrder = operationCallOrder(name);
  const responses: Record<string, OpenApiResponse | ReferenceObject> = {
    '200': { description: 'The reply.', content: { [JSON_TYPE]: { schema: schemaRef(replyId) } } },
    '400': ref(`${RESPONSE_REF}InvalidRequest`),
  };
  if (op.auth !== 'none') {
    responses['401'] = ref(`${RESPONSE_REF}Unauthorized`);
    responses['403'] = ref(`${RESPONSE_REF}Forbidden`);
  }
  responses['4XX'] = ref(`${RESPONSE_REF}Refused`);
  responses['5XX'] = ref(`${RESPONSE_REF}Unavailable`);
  return {
    operationId: name,
    summary: op.summary,
    description: `${operationDescription(name, op)} ${callOrderWords(callOrder)}`,
    tags: [tagOf(name, op)],
    requestBody: {
      description: `Form fields (${callLine(op)}).`,
      required: true,
      content,
    },
    responses,
    'x-wire': wireCall(op),
    'x-call-order': callOrder,
  };
}

const errorResponse = (description: string): OpenApiResponse => ({
  description,
  content: { [JSON_TYPE]: { schema: schemaRef('ErrorReply') } },
});

const RESPONSES: Readonly<Record<string, OpenApiResponse>> = {
  InvalidRequest: errorResponse(
    'The request names no operation or several, or a field is missing or invalid: `issues` names each field.',
  ),
  Unauthorized: errorResponse('No token, or the session has ended: log in again.'),
  Forbidden: errorResponse('The token does not open this operation (for example the temporary KYC token).'),
  Refused: errorResponse(
    'Another refusal: 404 not found, 409 conflict, 410 expired, 413 too large, 415 not a form body, 423 locked, 429 too many attempts (with `Retry-After`).',
  ),
  Unavailable: errorResponse('The bank could not answer (503 when it is unavailable); the body is still JSON.'),
};

const DESCRIPTION = `Every call the portal makes to its bank's host, generated from the contract's operation table.

**One path for every call.** Every operation is \`POST {server}${OPENAPI_API_PATH}\` with a form body: \`multipart/form-data\` or \`application/x-www-form-urlencoded\` (the host accepts both for every operation; multipart is required when a file is sent). OpenAPI keys operations by path, so each one has a path here that names it:

- \`${OPENAPI_API_PATH}#getinstituition\`: the part after \`#\` is the NAME of the operation's marker field. Call \`POST {server}${OPENAPI_API_PATH}\` (a fragment is never sent) with the body field \`getinstituition=${MARKER_VALUE}\` and, when the operation needs one, the token in the body field \`${TOKEN_FIELD}\`. Exactly one marker field per request.
- \`${OPENAPI_API_PATH}?crud=iduser\`: a real URL. Call \`POST {server}${OPENAPI_API_PATH}?crud=iduser\` with the body fields; no marker, no token.

Each operation's \`x-wire\` says the same for tools: path, query, marker field and value, token field.

**Tokens.** Dashboard operations need ${TOKEN_SOURCE.user}; the identity check needs ${TOKEN_SOURCE.kyc}. Either is the required body field \`${TOKEN_FIELD}\` of the request schema, never a header, a query parameter or a cookie. OpenAPI has no security scheme for a token in the body, so this document declares none: the field's \`x-values-from\` says which reply holds the token, and \`x-wire.tokenField\` names the field.

**Using the operations together.** The document's \`x-call-order\` lists the steps in which every operation succeeds on a freshly reset mock, each with the named example of its request body (\`examples\` of the request's media type) to send; each operation's \`x-call-order\` gives its steps and the calls that must come before it, and its description says the same in words. Field extensions say where a value comes from:

- \`x-values-from: { operationId, path }\`: the allowed values are at \`path\` of that operation's reply (dotted names; \`[]\` is every element of an array, as in \`docs[].doc_name\`). Coin types, purposes, plans, document types and notification ids come from other replies; so do the tokens (\`jwt\`).
- \`x-equals: field\`: the value must equal that field of the same request (a confirmation).
- \`x-same-as: { operationId, field, path }\`: the value must be the one sent in \`field\` of the latest call of that operation (\`path\`: a property of the JSON document it holds). createTransfer sends the very transfer confirmPin confirmed.
- \`x-code-from: { method, path, query, to, kind, pick, property }\`: a code the bank e-mails. The mock keeps its e-mails: \`GET {server}${OUTBOX_PATH}?to=<address>\` answers them newest first, and the code is the \`code\` of the newest one of that \`kind\`; \`to\` says which field holds the address.

The examples use the mock's seeded customers (demo@bank.test with passcode 123456 and PIN 1234; nopin@bank.test; history@bank.test) and addresses no account has yet (for sign-up and the e-mail change).

**Fields.** Every value is a string on the wire. What JSON Schema cannot say (text that is not only spaces, no control characters, amounts greater than 0, real calendar dates, images checked by content) is in each field's description; the server checks it and answers 400 with \`issues\` naming each field.

**Replies.** Always JSON, also for errors: 200 with the reply schema, or 4xx/5xx with \`ErrorReply\`. A reply schema lists every form a client accepts: a PHP host may send numbers as numeric strings and flags as yes/no/1/0. The real host may also answer 200 with an error body (\`error\`, \`status: error\` or \`failed\`, or \`icon: error\`): a client treats that as an error.`;

/** FNV-1a of the text, 8 hex digits: the document's version changes exactly when the contract does. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const sorted = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The OpenAPI 3.1 document of every operation of the contract. Same input, same bytes. */
export function openApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const components = sharedComponents();
  const replyIds = replyComponents(components);
  const paths: Record<string, { post: OpenApiOperation }> = {};
  for (const name of operationNames) {
    const replyId = replyIds.get(name);
    if (replyId === undefined) throw new Error(`${name} has no reply component`);
    const request = requestSchema(name, components, options);
    components.schemas[`${pascal(name)}Request`] = request;
    paths[openApiPath(operations[name])] = { post: operationObject(name, replyId, request) };
  }
  const body = {
    paths,
    components: {
      schemas: sorted(components.schemas),
      responses: RESPONSES,
    },
    'x-call-order': CALL_ORDER,
  };
  const url = (options.serverUrl ?? '/').replace(/\/+$/u, '') || '/';
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: "E-banking portal: the bank host's API",
      version: `contract-${fingerprint(JSON.stringify(body))}`,
      description: DESCRIPTION,
    },
    servers: [{ url, description: url === '/' ? 'The same origin' : 'This server' }],
    tags: TAGS,
    ...body,
  };
}
