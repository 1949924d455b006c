/**
 * The OpenAPI document as a tool or a person reading it sees it: a valid OpenAPI 3.1 structure whose
 * references all resolve, one operation per contract operation, and request and reply schemas that
 * tell the truth about the wire: what the contract's codec sends is accepted by the documented
 * schema, and a body built from the documented examples is one the contract accepts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  decode,
  encode,
  ErrorReplySchema,
  MARKER_VALUE,
  operationNames,
  operations,
  type IncomingFile,
  type OperationDef,
  type OperationName,
} from '@ebank/contract';
import { inputArbitrary, sampleImages } from '@ebank/contract/testing';
import { openApiDocument, openApiPath, wireJsonSchema, type JsonSchema, type OpenApiOperation } from './openapi';

const doc = openApiDocument({ serverUrl: 'http://bank.test/' });
/** The document as a tool reads it: plain JSON. */
const json = JSON.parse(JSON.stringify(doc)) as Record<string, unknown>;

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Follows a local JSON pointer (`#/components/schemas/X`) in the document. */
function resolvePointer(root: Json, ref: string): Json {
  if (!ref.startsWith('#/')) return undefined;
  let node: Json = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/gu, '/').replace(/~0/gu, '~');
    if (!isObject(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/** Every `$ref` in the document, with where it is. */
function refsIn(node: Json, at = '#'): [string, string][] {
  if (Array.isArray(node)) return node.flatMap((item, i) => refsIn(item, `${at}/${i}`));
  if (!isObject(node)) return [];
  return Object.entries(node).flatMap(([key, value]): [string, string][] =>
    key === '$ref' && typeof value === 'string' ? [[at, value]] : refsIn(value, `${at}/${key}`),
  );
}

const deref = (node: Json): Json =>
  isObject(node) && typeof node.$ref === 'string' ? deref(resolvePointer(json, node.$ref)) : node;

// ------------------------------------------------------------------------------------------------
// a structural check of JSON Schema 2020-12 (the keywords and value shapes the document may use)

const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
const SCHEMA_KEYWORDS = new Set([
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'anyOf',
  'oneOf',
  'allOf',
  'enum',
  'const',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'format',
  'description',
  'examples',
  'default',
  'title',
  'contentMediaType',
  'contentSchema',
]);

function schemaShapeErrors(schema: Json, at: string): string[] {
  if (typeof schema === 'boolean') return [];
  if (!isObject(schema)) return [`${at}: not a schema`];
  const errors: string[] = [];
  const sub = (value: Json, where: string) => errors.push(...schemaShapeErrors(value, where));
  for (const [key, value] of Object.entries(schema)) {
    const here = `${at}/${key}`;
    if (key.startsWith('x-')) continue; // an extension (OpenAPI 3.1 allows them in a schema)
    if (!SCHEMA_KEYWORDS.has(key)) errors.push(`${here}: unknown keyword`);
    else if (key === 'type') {
      const types = Array.isArray(value) ? value : [value];
      if (types.length === 0 || !types.every((t) => typeof t === 'string' && TYPES.has(t)))
        errors.push(`${here}: bad type`);
    } else if (key === 'properties') {
      if (!isObject(value)) errors.push(`${here}: not an object`);
      else for (const [name, property] of Object.entries(value)) sub(property, `${here}/${name}`);
    } else if (key === 'required') {
      const ok =
        Array.isArray(value) && value.every((v) => typeof v === 'string') && new Set(value).size === value.length;
      if (!ok) errors.push(`${here}: not an array of unique names`);
    } else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
      if (!Array.isArray(value) || value.length === 0) errors.push(`${here}: not a non-empty array`);
      else value.forEach((v, i) => sub(v, `${here}/${i}`));
    } else if (key === 'enum' || key === 'examples') {
      if (!Array.isArray(value) || value.length === 0) errors.push(`${here}: not a non-empty array`);
    } else if (['items', 'additionalProperties', 'propertyNames', 'contentSchema'].includes(key)) sub(value, here);
    else if (key === 'pattern') {
      try {
        new RegExp(String(value), 'u');
      } catch {
        errors.push(`${here}: not a regular expression`);
      }
    } else if (['minLength', 'maxLength'].includes(key) && !(Number.isInteger(value) && Number(value) >= 0))
      errors.push(`${here}: not a non-negative integer`);
    else if (['$ref', 'format', 'description', 'title', 'contentMediaType'].includes(key) && typeof value !== 'string')
      errors.push(`${here}: not a string`);
  }
  return errors;
}

// ------------------------------------------------------------------------------------------------
// a small validator for the keywords the document uses (enough to check values against it)

function typeOf(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function validate(schema: Json, value: Json, at = 'value'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${at}: not allowed`];
  if (!isObject(schema)) return [`${at}: bad schema`];
  if (typeof schema.$ref === 'string') return validate(resolvePointer(json, schema.$ref), value, at);
  const errors: string[] = [];
  const fail = (message: string) => errors.push(`${at}: ${message}`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = typeOf(value);
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number')))
      fail(`is ${actual}, not ${types.join(' or ')}`);
  }
  if (schema.const !== undefined && value !== schema.const) fail(`is not ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) fail('is not one of the values');
  if (typeof value === 'string') {
    const length = Array.from(value).length; // JSON Schema counts code points
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) fail('is too long');
    if (typeof schema.minLength === 'number' && length < schema.minLength) fail('is too short');
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) fail('does not match');
    if (schema.contentMediaType === 'application/json' && schema.contentSchema !== undefined) {
      let parsed: Json;
      try {
        parsed = JSON.parse(value);
      } catch {
        fail('is not JSON');
      }
      if (parsed !== undefined) errors.push(...validate(schema.contentSchema, parsed, `${at}(json)`));
    }
  }
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const key of Array.isArray(schema.required) ? schema.required : [])
      if (typeof key === 'string' && !Object.hasOwn(value, key)) fail(`misses ${key}`);
    for (const [key, item] of Object.entries(value)) {
      if (Object.hasOwn(properties, key)) errors.push(...validate(properties[key], item, `${at}.${key}`));
      else if (schema.additionalProperties !== undefined)
        errors.push(...validate(schema.additionalProperties, item, `${at}.${key}`));
    }
  }
  if (Array.isArray(value) && schema.items !== undefined)
    value.forEach((item, i) => errors.push(...validate(schema.items, item, `${at}[${i}]`)));
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((s) => validate(s, value, at).length === 0))
    fail('matches none of anyOf');
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter((s) => validate(s, value, at).length === 0).length !== 1)
    fail('does not match exactly one of oneOf');
  return errors;
}

// ------------------------------------------------------------------------------------------------

const entries = Object.entries(doc.paths).map(([path, item]) => [path, item.post] as const);
const operationOf = (name: OperationName): OpenApiOperation => {
  const found = entries.find(([, op]) => op.operationId === name);
  if (!found) throw new Error(`${name} is not in the document`);
  return found[1];
};
const requestSchemaOf = (name: OperationName): Json => {
  const content = operationOf(name).requestBody.content['multipart/form-data'];
  return deref(content?.schema);
};
const variantsOf = (schema: Json): Record<string, Json>[] => {
  const resolved = deref(schema);
  if (!isObject(resolved)) return [];
  const branches = resolved.oneOf ?? resolved.anyOf;
  return Array.isArray(branches) ? branches.filter(isObject) : [resolved];
};

/** A body built only from what the document shows: each required field's example or const. */
function documentedBody(
  variant: Record<string, Json>,
  token: string,
): { fields: Record<string, string>; files: string[] } {
  const properties = isObject(variant.properties) ? variant.properties : {};
  const required = Array.isArray(variant.required) ? variant.required.map(String) : [];
  const fields: Record<string, string> = {};
  const files: string[] = [];
  for (const name of required) {
    const property = properties[name];
    if (!isObject(property)) throw new Error(`${name} has no schema`);
    if (property.format === 'binary') files.push(name);
    else if (name === 'token') fields[name] = token;
    else {
      const example = Array.isArray(property.examples) ? (property.examples as unknown[])[0] : property.const;
      if (typeof example !== 'string') throw new Error(`${name} has no example`);
      fields[name] = example;
    }
  }
  return { fields, files };
}

const imageFile = (fieldname: string): IncomingFile => {
  const buffer = sampleImages['image/png'];
  return { fieldname, originalname: 'proof.png', size: buffer.length, buffer };
};

describe('the OpenAPI document: structure', () => {
  it('has the top-level fields of OpenAPI 3.1, and no others but x- extensions', () => {
    expect(Object.keys(json).sort()).toEqual(
      ['components', 'info', 'jsonSchemaDialect', 'openapi', 'paths', 'servers', 'tags', 'x-call-order'].sort(),
    );
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/u);
    expect(doc.info.title).not.toBe('');
    expect(doc.info.version).toMatch(/^contract-[0-9a-f]{8}$/u);
    expect(doc.servers).toEqual([{ url: 'http://bank.test', description: 'This server' }]);
    expect(openApiDocument().servers[0]?.url).toBe('/');
  });

  it('has one POST operation per contract operation, each with a unique operationId', () => {
    expect(Object.keys(doc.paths)).toHaveLength(operationNames.length);
    for (const [path, item] of Object.entries(json.paths as Record<string, Json>))
      expect(Object.keys(item as object), path).toEqual(['post']);
    const ids = entries.map(([, op]) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...operationNames].sort());
  });

  it('keys each operation by a path that names its real call', () => {
    for (const name of operationNames) {
      const op: OperationDef = operations[name];
      const path =
        'marker' in op.selector ? `/api/users.php#${op.selector.marker}` : `/api/users.php?crud=${op.selector.crud}`;
      expect(openApiPath(op)).toBe(path);
      expect(doc.paths[path]?.post.operationId).toBe(name);
    }
  });

  it('resolves every $ref, and refers to each shared schema it defines', () => {
    const refs = refsIn(json);
    expect(refs.length).toBeGreaterThan(operationNames.length * 3);
    for (const [at, ref] of refs) expect(resolvePointer(json, ref), `${at} -> ${ref}`).toBeDefined();
    const targets = new Set(refs.map(([, ref]) => ref));
    for (const id of Object.keys(doc.components.schemas)) {
      const referenced = targets.has(`#/components/schemas/${id}`);
      // Enumerations only some replies use may go unreferenced; every object schema is used.
      if (!referenced) expect(doc.components.schemas[id]?.type, id).not.toBe('object');
    }
  });

  it('writes every component schema as a JSON Schema 2020-12 shape, without root-only keywords', () => {
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    for (const [id, schema] of Object.entries(json.components as { schemas: Record<string, Json> }).flatMap(
      ([key, value]) => (key === 'schemas' ? Object.entries(value) : []),
    )) {
      expect(schemaShapeErrors(schema, id), id).toEqual([]);
      expect(Object.keys(schema as object), id).not.toContain('$schema');
      expect(Object.keys(schema as object), id).not.toContain('$id');
    }
    // The checker itself refuses what is not a schema.
    expect(schemaShapeErrors({ type: 'text', requird: [] }, 'x')).toHaveLength(2);
  });

  it('gives each operation what OpenAPI requires, with the tags it declares', () => {
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const [path, op] of entries) {
      expect(op.summary, path).toBe(operations[op.operationId].summary);
      expect(
        op.tags.every((t) => tags.has(t)),
        path,
      ).toBe(true);
      expect(
        Object.keys(op.responses).every((code) => /^([1-5]\d\d|[1-5]XX|default)$/u.test(code)),
        path,
      ).toBe(true);
      for (const response of Object.values(op.responses)) {
        const resolved = deref(response);
        expect(isObject(resolved) && typeof resolved.description === 'string', path).toBe(true);
      }
      expect(Object.keys(op.requestBody.content).length, path).toBeGreaterThan(0);
    }
  });

  it('claims no header, query or cookie for the token: it is a required body field, and says where it comes from', () => {
    expect(Object.keys(json.components as object).sort()).toEqual(['responses', 'schemas']);
    expect(JSON.stringify(json)).not.toContain('securitySchemes');
    expect(doc.info.description).toMatch(/declares none/u);
    for (const [path, op] of entries) {
      expect(Object.keys(op), path).not.toContain('security');
      const auth = operations[op.operationId].auth;
      for (const variant of variantsOf(requestSchemaOf(op.operationId))) {
        const token = (variant.properties as Record<string, Record<string, Json>>).token;
        if (auth === 'none') continue;
        expect((variant.required as string[]).includes('token'), path).toBe(true);
        expect(token?.description, path).toMatch(/never in a header/u);
        expect(token?.['x-values-from'], path).toEqual(
          auth === 'kyc' ? { operationId: 'verifyEmail', path: 'jwt' } : { operationId: 'login', path: 'jwt' },
        );
      }
      if (auth !== 'none') expect(op['x-wire'].tokenField).toBe('token');
    }
  });

  it('is the same, byte for byte, every time it is made', () => {
    const again = openApiDocument({ serverUrl: 'http://bank.test/' });
    expect(JSON.stringify(again)).toBe(JSON.stringify(doc));
    const elsewhere = openApiDocument({ serverUrl: 'https://elsewhere.test/bank/' });
    expect({ ...elsewhere, servers: [] }).toEqual({ ...doc, servers: [] });
    expect(elsewhere.servers[0]?.url).toBe('https://elsewhere.test/bank');
  });
});

describe('the OpenAPI document: how to call', () => {
  it('says in info.description how to call by marker field and by ?crud=', () => {
    const text = doc.info.description;
    expect(text).toContain('POST {server}/api/users.php');
    expect(text).toContain(`getinstituition=${MARKER_VALUE}`);
    expect(text).toContain('?crud=iduser');
    expect(text).toContain('`token`');
    expect(text).toMatch(/multipart\/form-data/u);
    expect(text).toMatch(/application\/x-www-form-urlencoded/u);
  });

  it.each(operationNames)('%s: says how to call it, in words and in x-wire', (name) => {
    const op: OperationDef = operations[name];
    const documented = operationOf(name);
    const wire = documented['x-wire'];
    expect(wire.method).toBe('POST');
    expect(wire.path).toBe('/api/users.php');
    expect(wire.token).toBe(op.auth);
    if ('marker' in op.selector) {
      expect(documented.description).toContain(`\`${op.selector.marker}=${MARKER_VALUE}\``);
      expect(wire.marker).toEqual({ field: op.selector.marker, value: MARKER_VALUE });
      expect(wire.query).toEqual({});
      if (op.auth !== 'none') expect(documented.description).toContain('body field `token`');
    } else {
      expect(documented.description).toContain(`POST {server}/api/users.php?crud=${op.selector.crud}`);
      expect(wire.query).toEqual({ crud: op.selector.crud });
      expect(wire.marker).toBeUndefined();
    }
    const expectedTag =
      op.auth === 'user' ? 'dashboard' : op.auth === 'kyc' || name === 'getDocumentTypes' ? 'kyc' : 'auth';
    expect(documented.tags).toEqual([expectedTag]);
  });

  it.each(operationNames)('%s: documents the body: marker, token, fields, files and both encodings', (name) => {
    const op: OperationDef = operations[name];
    const content = operationOf(name).requestBody.content;
    const files = Object.keys(op.files);
    expect(Object.keys(content)).toEqual(
      files.length > 0 ? ['multipart/form-data'] : ['multipart/form-data', 'application/x-www-form-urlencoded'],
    );
    expect(Object.keys(content['multipart/form-data']?.encoding ?? {})).toEqual(files);
    for (const variant of variantsOf(content['multipart/form-data']?.schema)) {
      const properties = variant.properties as Record<string, Record<string, Json>>;
      const required = variant.required as string[];
      expect(variant.additionalProperties).toBe(false);
      expect(required.every((r) => Object.hasOwn(properties, r))).toBe(true);
      if ('marker' in op.selector) {
        expect(properties[op.selector.marker]).toMatchObject({ type: 'string', const: MARKER_VALUE });
        expect(required).toContain(op.selector.marker);
        expect(properties.token?.type).toBe('string');
        expect(required.includes('token')).toBe(op.auth !== 'none');
      } else expect(properties.token).toBeUndefined();
      for (const file of files) {
        expect(properties[file]).toMatchObject({ type: 'string', format: 'binary' });
        expect(required).toContain(file);
      }
    }
  });

  it.each(operationNames)('%s: answers 200 with its reply schema and 4xx with ErrorReply', (name) => {
    const op: OperationDef = operations[name];
    const { responses } = operationOf(name);
    const ok = deref(responses['200']) as { content: Record<string, { schema: Json }> };
    expect(Object.keys(ok.content)).toEqual(['application/json']);
    expect(deref(ok.content['application/json']?.schema)).toBeDefined();
    const codes = op.auth === 'none' ? ['400', '4XX', '5XX'] : ['400', '401', '403', '4XX', '5XX'];
    for (const code of codes) {
      const error = deref(responses[code]) as { content: Record<string, { schema: { $ref: string } }> };
      expect(error.content['application/json']?.schema.$ref, code).toBe('#/components/schemas/ErrorReply');
    }
  });
});

describe('the OpenAPI document tells the truth', () => {
  it.each(operationNames)('%s: every body the contract sends matches the documented request schema', (name) => {
    const op: OperationDef = operations[name];
    const schema = requestSchemaOf(name);
    fc.assert(
      fc.property(inputArbitrary(name), (input) => {
        const sent = encode(name, input, { token: 'a.token' });
        const body: Record<string, string> = Object.fromEntries(sent.fields);
        // A file part has no JSON form; the schema's `format: binary` string stands for it.
        for (const [field] of sent.files) body[field] = 'binary';
        expect(validate(schema, body)).toEqual([]);
      }),
      { numRuns: 15 },
    );
    // and it refuses a body without the marker field, or with a field the operation does not have
    if ('marker' in op.selector) expect(validate(schema, { token: 'a.token' })).not.toEqual([]);
    expect(validate(schema, { notAField: 'x' })).not.toEqual([]);
  });

  it.each(operationNames)('%s: a body built from the documented examples is one the contract accepts', (name) => {
    const op: OperationDef = operations[name];
    const query = 'crud' in op.selector ? { crud: op.selector.crud } : {};
    for (const variant of variantsOf(requestSchemaOf(name))) {
      const { fields, files } = documentedBody(variant, 'a.token');
      const decoded = decode(query, fields, files.map(imageFile));
      expect(decoded.ok ? [] : decoded.issues).toEqual([]);
      expect(decoded.ok && decoded.name).toBe(name);
      expect(decoded.ok && decoded.token).toBe('marker' in op.selector && op.auth !== 'none' ? 'a.token' : undefined);
    }
  });

  it('uses the example values it is given by field name, and they are still valid', () => {
    const custom = openApiDocument({ fieldExamples: { email: 'demo@bank.test', password: '123456' } });
    const login = custom.components.schemas.LoginRequest as { properties: Record<string, JsonSchema> };
    expect(login.properties.email?.examples).toEqual(['demo@bank.test']);
    expect(login.properties.password?.examples).toEqual(['123456']);
    const lookup = custom.components.schemas.LookupUserRequest as Record<string, Json>;
    const { fields } = documentedBody(lookup, '');
    expect(decode({ crud: 'iduser' }, fields)).toMatchObject({ ok: true, input: { email: 'demo@bank.test' } });
  });

  it('describes the JSON document a field carries, with an example that matches it', () => {
    const transfer = requestSchemaOf('createTransfer') as { properties: Record<string, Record<string, Json>> };
    const extra = transfer.properties.extra;
    expect(extra).toMatchObject({
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: { $ref: '#/components/schemas/TransferFields' },
    });
    const example = (extra?.examples as string[])[0] ?? '';
    expect(validate(extra, example)).toEqual([]);
    expect(validate(extra, '{"bank":"x"}')).not.toEqual([]);
    expect(validate(extra, 'not json')).not.toEqual([]);
  });

  it('says in each field what the schema cannot express and the server checks', () => {
    const transfer = requestSchemaOf('createTransfer') as { properties: Record<string, JsonSchema> };
    expect(transfer.properties.amount?.description).toMatch(/greater than 0/u);
    expect(transfer.properties.bank?.description).toMatch(/other than spaces; no control characters/u);
    const profile = requestSchemaOf('updateProfile') as { properties: Record<string, JsonSchema> };
    expect(profile.properties.dob?.format).toBe('date');
    expect(profile.properties.dob?.description).toMatch(/real date/u);
    const picture = requestSchemaOf('updateProfilePicture') as { properties: Record<string, JsonSchema> };
    expect(picture.properties.profilePic?.description).toMatch(/PNG, JPG, GIF or WebP.*5 MB/u);
    // Where zod has no JSON Schema for a value, the schema accepts anything and says so.
    const loose = wireJsonSchema(z.object({ at: z.date(), n: z.pipe(z.string(), z.transform(Number)) }));
    expect(loose.properties?.at).toEqual({
      description: expect.stringMatching(/zod cannot describe this date/u) as unknown,
    });
    expect(loose.properties?.n).toEqual({ type: 'string' });
  });

  it('documents replies in every form the client accepts: typed, or as a PHP host sends them', () => {
    const reply = deref(operationOf('getInstitution').responses['200']) as {
      content: Record<string, { schema: Json }>;
    };
    const schema = reply.content['application/json']?.schema;
    const typed = {
      account: { account_no: '0123456789' },
      u: {
        picture: null,
        fullname: 'Dana Demo',
        current_plan: 'Gold',
        total_credit: 10,
        total_debit: 2.5,
        username: 'dana',
      },
      currency: '$',
      tb: { current_balance: 7.5 },
      notificationcount: 3,
      haspin: true,
      data: { account_no: '0123456789' },
      data2: { swift_code: 'BANKGB22', routing_no: null, country: 'UK' },
    };
    const php = {
      ...typed,
      account: { account_no: 123456789 },
      u: { fullname: 'Dana Demo', total_credit: '10.00', total_debit: '2.50' },
      tb: { current_balance: '7.50' },
      notificationcount: '3',
      haspin: 'yes',
    };
    const broken = { ...typed, tb: { current_balance: 'lots' }, haspin: 'maybe' };
    for (const [value, accepted] of [
      [typed, true],
      [php, true],
      [broken, false],
    ] as const) {
      expect(operations.getInstitution.reply.safeParse(value).success).toBe(accepted);
      expect(validate(schema, value).length === 0).toBe(accepted);
    }
    const error = {
      error: true,
      message: 'No',
      code: 'invalid_request',
      issues: [{ field: 'email', message: 'email: x' }],
    };
    expect(ErrorReplySchema.safeParse(error).success).toBe(true);
    expect(validate({ $ref: '#/components/schemas/ErrorReply' }, error)).toEqual([]);
    expect(validate({ $ref: '#/components/schemas/ErrorReply' }, { message: 'No' })).not.toEqual([]);
  });

  it('versions the document by its content, not by the server it is served from', () => {
    expect(openApiDocument({ fieldExamples: { email: 'other@bank.test' } }).info.version).not.toBe(doc.info.version);
    expect(openApiDocument({ serverUrl: 'http://other.test' }).info.version).toBe(doc.info.version);
  });
});

describe('the OpenAPI document says how to use the operations together', () => {
  const order = doc['x-call-order'];
  /** Every field schema of a request, with its operation and name. */
  const fieldsOf = (name: OperationName): [string, Record<string, Json>][] =>
    variantsOf(requestSchemaOf(name)).flatMap((variant) =>
      Object.entries(variant.properties as Record<string, Record<string, Json>>),
    );
  const firstStep = (name: string) => order.findIndex((step) => step.operationId === name);

  it('states a call order that reaches every operation, each step with an example the operation has', () => {
    expect(new Set(order.map((step) => step.operationId))).toEqual(new Set(operationNames));
    for (const [i, step] of order.entries()) {
      const examples = operationOf(step.operationId).requestBody.content['multipart/form-data']?.examples ?? {};
      expect(Object.keys(examples), `step ${i + 1}`).toContain(step.example);
      expect(step.why, `step ${i + 1}`).not.toBe('');
    }
    for (const name of operationNames) {
      const own = operationOf(name)['x-call-order'];
      expect(own.steps.map((s) => order[s - 1]?.operationId)).toEqual(own.steps.map(() => name));
      expect(own.steps.length, name).toBeGreaterThan(0);
      // What must come first does come first, and the description says so in words.
      for (const before of own.after) {
        const earliest = order.findIndex(
          (step) => step.operationId === before.operationId && (before.example ?? step.example) === step.example,
        );
        expect(earliest, `${name} after ${before.operationId}`).toBeGreaterThanOrEqual(0);
        expect(earliest + 1, `${name} after ${before.operationId}`).toBeLessThan(Math.max(...own.steps));
        expect(operationOf(name).description).toContain(`Call after ${own.after[0]?.operationId ?? ''}`);
      }
    }
    expect(operationOf('createTransfer')['x-call-order'].after.map((p) => p.operationId)).toEqual(
      expect.arrayContaining(['confirmPin', 'confirmTransferCode']) as unknown,
    );
    expect(operationOf('verifyEmail')['x-call-order'].after.map((p) => p.operationId)).toContain('signup');
  });

  it.each(operationNames)('%s: each named example and each field example validates against its own schema', (name) => {
    const media = operationOf(name).requestBody.content;
    for (const [type, content] of Object.entries(media))
      for (const [key, example] of Object.entries(content.examples ?? {}))
        expect(validate(content.schema, example.value), `${type} ${key}`).toEqual([]);
    for (const [field, property] of fieldsOf(name))
      for (const example of Array.isArray(property.examples) ? property.examples : [])
        expect(validate(property, example), field).toEqual([]);
  });

  it('points every x-values-from, x-same-as and x-code-from at an operation called earlier in the order', () => {
    let rules = 0;
    for (const name of operationNames)
      for (const [field, property] of fieldsOf(name)) {
        const from = property['x-values-from'] as { operationId: OperationName; path: string } | undefined;
        const same = property['x-same-as'] as { operationId?: OperationName; field: string } | undefined;
        const code = property['x-code-from'] as { to: { operationId?: OperationName }; kind: string } | undefined;
        for (const source of [from?.operationId, same?.operationId, code?.to.operationId]) {
          if (source === undefined) continue;
          rules++;
          expect(firstStep(source), `${name}.${field} <- ${source}`).toBeLessThan(firstStep(name) + 1);
          expect(firstStep(source), `${name}.${field} <- ${source}`).toBeGreaterThanOrEqual(0);
        }
        const words = String(property.description);
        if (from) expect(words, `${name}.${field}`).toContain(`\`${from.path}\` of the ${from.operationId} reply`);
        if (same) expect(words, `${name}.${field}`).toMatch(/x-same-as/u);
        if (code) {
          expect(code).toMatchObject({ method: 'GET', path: '/__mock/outbox', query: 'to', pick: 'newest' });
          expect(words, `${name}.${field}`).toContain('/__mock/outbox?to=');
        }
      }
    expect(rules).toBeGreaterThan(30);
  });

  it('says which reply lists the coin types, purposes, plans and document types', () => {
    const from = (name: OperationName, field: string) =>
      fieldsOf(name).find(([f]) => f === field)?.[1]['x-values-from'];
    expect(from('createPayment', 'type')).toEqual({ operationId: 'getPaymentForm', path: 'names[]' });
    expect(from('createPayment', 'purpose')).toEqual({
      operationId: 'getPaymentForm',
      path: 'purposes[].purpose_name',
    });
    expect(from('createFixedDeposit', 'plan')).toEqual({
      operationId: 'getFixedDepositForm',
      path: 'plans[].plan_name',
    });
    expect(from('createUpgrade', 'plan')).toEqual({ operationId: 'getUpgradeForm', path: 'plans[].plan_name' });
    expect(from('createCryptoDeposit', 'type')).toEqual({ operationId: 'getCryptoDepositForm', path: 'names[]' });
    expect(from('submitVerification', 'type')).toEqual({ operationId: 'getDocumentTypes', path: 'docs[].doc_name' });
    expect(from('markNotificationRead', 'id')).toEqual({ operationId: 'getNotifications', path: 'notifications[].id' });
  });

  it('states that confirmations equal their first entry, and that createTransfer sends what confirmPin confirmed', () => {
    const field = (name: OperationName, f: string) => fieldsOf(name).find(([n]) => n === f)?.[1] ?? {};
    for (const [name, confirm, first] of [
      ['signup', 'confirm', 'password'],
      ['changePin', 'con_pwd', 'n_pwd'],
      ['changePasscode', 'con_pwd', 'n_pwd'],
    ] as const) {
      expect(field(name, confirm)['x-equals'], name).toBe(first);
      expect(field(name, confirm).description, name).toContain(`Must equal the field \`${first}\``);
      expect(field(name, confirm).examples, name).toEqual(field(name, first).examples);
    }
    for (const f of ['bank', 'swift', 'currency', 'routing', 'country', 'act_no', 'act_hold_name', 'amount', 'note'])
      expect(field('createTransfer', f)['x-same-as'], f).toEqual({
        operationId: 'confirmPin',
        field: 'extra',
        path: f,
      });
    expect(field('confirmTransferCode', 'extra')['x-same-as']).toEqual({ operationId: 'confirmPin', field: 'extra' });
    expect(field('createTransfer', 'extra')['x-same-as']).toEqual({ operationId: 'confirmPin', field: 'extra' });
    // The examples are of one transfer: what confirmPin confirms is what the others send.
    const confirmed = JSON.parse(String((field('confirmPin', 'extra').examples as Json[])[0])) as Record<string, Json>;
    expect(field('confirmTransferCode', 'extra').examples).toEqual(field('confirmPin', 'extra').examples);
    expect(field('createTransfer', 'extra').examples).toEqual(field('confirmPin', 'extra').examples);
    for (const [f, value] of Object.entries(confirmed)) expect(field('createTransfer', f).examples, f).toEqual([value]);
  });

  it('signs up an address no seeded customer has, and signs in with a seeded one', () => {
    const example = (name: OperationName, key = 'default') =>
      operationOf(name).requestBody.content['multipart/form-data']?.examples?.[key]?.value as Record<string, string>;
    expect(example('signup').email).not.toMatch(/@bank\.test$/u);
    expect(example('changeEmail').email).not.toMatch(/@bank\.test$/u);
    expect(example('login')).toMatchObject({ email: 'demo@bank.test', password: '123456' });
    expect(example('lookupUser')).toMatchObject({ email: 'demo@bank.test' });
  });
});
