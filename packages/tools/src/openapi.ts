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
} from '@ebank/contract';
import * as dashboardReplies from '@ebank/contract/dashboard-replies';
import * as replies from '@ebank/contract/replies';
import type {
  InfoObject,
  MediaTypeObject,
  OpenAPIObject,
  OperationObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SecurityRequirementObject,
  SecuritySchemeObject,
  ServerObject,
  TagObject,
} from 'openapi3-ts/oas31';
import { z } from 'zod';

/**
 * A JSON Schema (draft 2020-12), as zod writes it. OpenAPI 3.1's schemas are exactly these; the
 * `SchemaObject` of openapi3-ts types a narrower set (no boolean subschemas, no `contentSchema`), so
 * the places of the document that hold a schema use this type instead.
 */
export type JsonSchema = z.core.JSONSchema.BaseSchema;

export type OpenApiTag = 'auth' | 'kyc' | 'dashboard';

/** A media type whose schema is a JSON Schema (a `$ref` to a component, or inline). */
export interface OpenApiMediaType extends Omit<MediaTypeObject, 'schema'> {
  readonly schema: JsonSchema;
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

/** An operation as this document writes it: OpenAPI's, with the parts it always has, and `x-wire`. */
export interface OpenApiOperation extends Omit<OperationObject, 'requestBody' | 'responses'> {
  readonly operationId: OperationName;
  readonly summary: string;
  readonly description: string;
  readonly tags: OpenApiTag[];
  readonly security: SecurityRequirementObject[];
  readonly requestBody: Omit<RequestBodyObject, 'content'> & {
    readonly content: Readonly<Record<string, OpenApiMediaType>>;
  };
  readonly responses: Readonly<Record<string, OpenApiResponse | ReferenceObject>>;
  readonly 'x-wire': WireCall;
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
    readonly securitySchemes: Readonly<Record<string, SecuritySchemeObject>>;
  };
}

export interface OpenApiOptions {
  /** The API base without its trailing `/` (`servers[0].url`); `/` (the same origin) when absent. */
  readonly serverUrl?: string;
  /** Example values by field name (wire strings), in place of the generic ones (for example a demo e-mail). */
  readonly fieldExamples?: Readonly<Record<string, string>>;
}

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

const SECURITY: Record<Exclude<Auth, 'none'>, string> = { user: 'userToken', kyc: 'kycToken' };

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
        if (!(zodSchema instanceof z.ZodPipe)) return undefined;
        const out: z.core.$ZodType = zodSchema.out;
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
    if (name.endsWith('Schema') && value instanceof z.ZodType) registry.add(value, { id: name.slice(0, -6) });
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
  if (options.fieldExamples) applyExamples(schema, options.fieldExamples);
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

function operationObject(name: OperationName, replyId: string): OpenApiOperation {
  const op: OperationDef = operations[name];
  const schema = schemaRef(`${pascal(name)}Request`);
  const fileFields = Object.entries(op.files);
  const multipart: OpenApiMediaType =
    fileFields.length > 0
      ? {
          schema,
          encoding: Object.fromEntries(
            fileFields.map(([field, spec]) => [field, { contentType: spec.types.join(', ') }] as const),
          ),
        }
      : { schema };
  const content: Record<string, OpenApiMediaType> = { [CONTENT_TYPES.multipart]: multipart };
  if (fileFields.length === 0) content[CONTENT_TYPES.urlencoded] = { schema };
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
    description: operationDescription(name, op),
    tags: [tagOf(name, op)],
    security: op.auth === 'none' ? [] : [{ [SECURITY[op.auth]]: [] }],
    requestBody: {
      description: `Form fields (${callLine(op)}).`,
      required: true,
      content,
    },
    responses,
    'x-wire': wireCall(op),
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

const securityScheme = (auth: Exclude<Auth, 'none'>): SecuritySchemeObject => ({
  type: 'apiKey',
  in: 'header',
  name: TOKEN_FIELD,
  description: `${pascal(TOKEN_SOURCE[auth])}. NOT a header: OpenAPI has no scheme for a token in the body, so this entry only names it. Send it as the form field \`${TOKEN_FIELD}\` of the body (see \`x-token-field\`); the host does not read a header.`,
  'x-token-field': TOKEN_FIELD,
  'x-token-in': 'body',
});

const DESCRIPTION = `Every call the portal makes to its bank's host, generated from the contract's operation table.

**One path for every call.** Every operation is \`POST {server}${OPENAPI_API_PATH}\` with a form body: \`multipart/form-data\` or \`application/x-www-form-urlencoded\` (the host accepts both for every operation; multipart is required when a file is sent). OpenAPI keys operations by path, so each one has a path here that names it:

- \`${OPENAPI_API_PATH}#getinstituition\`: the part after \`#\` is the NAME of the operation's marker field. Call \`POST {server}${OPENAPI_API_PATH}\` (a fragment is never sent) with the body field \`getinstituition=${MARKER_VALUE}\` and, when the operation needs one, the token in the body field \`${TOKEN_FIELD}\`. Exactly one marker field per request.
- \`${OPENAPI_API_PATH}?crud=iduser\`: a real URL. Call \`POST {server}${OPENAPI_API_PATH}?crud=iduser\` with the body fields; no marker, no token.

Each operation's \`x-wire\` says the same for tools: path, query, marker field and value, token field.

**Tokens.** Dashboard operations need ${TOKEN_SOURCE.user}; the identity check needs ${TOKEN_SOURCE.kyc}. Either goes in the body field \`${TOKEN_FIELD}\`, never in a header (the security schemes only name them).

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
    components.schemas[`${pascal(name)}Request`] = requestSchema(name, components, options);
    paths[openApiPath(operations[name])] = { post: operationObject(name, replyId) };
  }
  const body = {
    paths,
    components: {
      schemas: sorted(components.schemas),
      responses: RESPONSES,
      securitySchemes: { userToken: securityScheme('user'), kycToken: securityScheme('kyc') },
    },
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
