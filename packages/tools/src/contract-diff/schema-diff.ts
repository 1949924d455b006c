/**
 * Two JSON Schemas of one side of a call (its request fields, or its reply), compared field by field and
 * each difference classed by who it breaks.
 *
 * The portal calls the host. "Breaking for the host" means a host that follows the old contract no longer
 * satisfies the new one (the host's team must change); "breaking for the portal" means a portal built on
 * the old contract breaks against a host that follows the new one.
 *
 * Most rules follow from one question: does the new schema accept more values than the old one, or fewer?
 * - A request that accepts more (an enum value added, a field no longer required, a longer maximum) asks
 *   the host to take what it used to refuse: breaking for the host. A request that accepts fewer refuses
 *   what an old portal still sends: breaking for the portal.
 * - A reply that accepts more lets a host send what an old portal does not read: breaking for the portal.
 *   A reply that accepts fewer refuses what an old host still sends: breaking for the host.
 * - A value whose kind changes (text to number, object to array), or whose pattern or format is replaced,
 *   is neither more nor less: breaking for both.
 * Added and removed fields have their own rules (see {@link compareObject}): in a request an added required
 * field breaks both sides, an added optional one is compatible, and a removed field breaks the portal only
 * when the request object is strict (the host refuses a field it does not know). In a reply an added
 * required field breaks the host, an added optional one is compatible, and a removed field breaks the
 * portal when it was required (compatible when it was optional).
 *
 * Descriptions, titles and examples are ignored. Unions are split by the kind of JSON value (`null`,
 * boolean, number, string, object, array) and compared kind by kind, so `num` (a number or a numeric
 * string) or a nullable field compare like one value; objects told apart by a literal property (a
 * discriminated union) are compared variant by variant, by that property's value.
 */
import type { JsonSchema } from '../openapi';
import { plural } from '../cli-args';

/** Which side of a call a schema describes. */
export type Side = 'request' | 'reply';

/** Who a change breaks: the host, the portal, both, or neither. */
export type ChangeClass = 'host' | 'portal' | 'both' | 'compatible';

export interface SchemaChange {
  /** Where: `request.amount`, `reply.data[].status`, `request[action=reset].reset_code`. */
  readonly path: string;
  readonly change: string;
  readonly class: ChangeClass;
}

/** The class of a change that makes `side` accept more values. */
export const wider = (side: Side): ChangeClass => (side === 'request' ? 'host' : 'portal');
/** The class of a change that makes `side` accept fewer values. */
export const narrower = (side: Side): ChangeClass => (side === 'request' ? 'portal' : 'host');

type Schema = JsonSchema | boolean;
type Kind = 'null' | 'boolean' | 'number' | 'string' | 'object' | 'array' | 'other';
type Value = string | number | boolean | null;

/** Keys that only describe: a change to them is no change to the contract. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'examples',
  'example',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$schema',
  '$id',
]);
/** Keys whose value maps names to schemas (their own keys are names, not keywords). */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);
/** Keys whose value is data, kept as it is. */
const DATA = new Set(['enum', 'const', 'default', 'required']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema (or any JSON) without its annotations, keys sorted: equal texts mean equal schemas. */
function canonical(value: unknown): string {
  return JSON.stringify(stripped(value, false));
}

function stripped(value: unknown, isData: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => stripped(item, isData));
  if (!isRecord(value)) return value;
  const keys = Object.keys(value).sort();
  if (isData) return Object.fromEntries(keys.map((key) => [key, stripped(value[key], true)]));
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (ANNOTATIONS.has(key)) continue;
    const item = value[key];
    if (SCHEMA_MAPS.has(key) && isRecord(item))
      out[key] = Object.fromEntries(
        Object.keys(item)
          .sort()
          .map((name) => [name, stripped(item[name], false)]),
      );
    else out[key] = stripped(item, DATA.has(key));
  }
  return out;
}

const show = (value: unknown) => JSON.stringify(value);
const list = (values: readonly Value[]) => values.map(show).join(', ');

/** One comparison: the side, the two documents' roots (for `$ref`s) and the changes found so far. */
interface Context {
  readonly side: Side;
  readonly baseRoot: Schema;
  readonly headRoot: Schema;
  readonly changes: SchemaChange[];
  /** Pairs of schemas being compared, so a recursive schema is compared once. */
  readonly open: Set<string>;
}

/** The schema a local `$ref` points at, with the referring schema's own keys over it. */
function resolve(schema: JsonSchema, root: Schema, depth = 0): JsonSchema {
  const ref = schema.$ref;
  if (ref === undefined || depth > 20) return schema;
  const { $ref: _ref, ...rest } = schema;
  let target: unknown;
  if (ref === '#') target = root;
  else if (ref.startsWith('#/$defs/') && isRecord(root)) {
    const defs = root.$defs;
    target = defs?.[decodeURIComponent(ref.slice('#/$defs/'.length))];
  }
  if (!isRecord(target)) return schema;
  return resolve({ ...target, ...rest }, root, depth + 1);
}

interface Variant {
  readonly kind: Kind;
  readonly schema: JsonSchema;
}

/** What a schema accepts: any value, or the listed variants, each of one kind. */
interface Split {
  readonly any: boolean;
  readonly variants: readonly Variant[];
}

type SchemaType = Exclude<JsonSchema['type'], readonly unknown[] | undefined>;

const kindOfType = (type: SchemaType): Kind => (type === 'integer' ? 'number' : type);

const kindOfValue = (value: Value): 'null' | 'boolean' | 'number' | 'string' =>
  value === null ? 'null' : typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'number' : 'string';

/** The values a schema is limited to (`enum` or `const`), or undefined when it is not. */
function valuesOf(schema: JsonSchema): readonly Value[] | undefined {
  if (schema.const !== undefined) return [schema.const];
  return schema.enum;
}

/** Keys that say something (not annotations). */
const structuralKeys = (schema: JsonSchema) => Object.keys(schema).filter((key) => !ANNOTATIONS.has(key));

/** A schema split into variants of one kind each: unions flattened, `type` lists and mixed enums spread. */
function split(input: Schema, root: Schema): Split {
  if (input === true) return { any: true, variants: [] };
  if (input === false) return { any: false, variants: [] };
  const schema = resolve(input, root);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...outer } = schema;
    const parts = branches.map((branch) => split({ ...outer, ...branch }, root));
    return { any: parts.some((part) => part.any), variants: parts.flatMap((part) => part.variants) };
  }
  const { type: rawType, enum: _enum, const: _const, ...rest } = schema;
  const values = valuesOf(schema);
  let types: readonly SchemaType[] | undefined = typeof rawType === 'string' ? [rawType] : rawType;
  if (types === undefined) {
    if (values !== undefined) types = [...new Set(values.map(kindOfValue))];
    else if (schema.properties !== undefined || schema.required !== undefined) types = ['object'];
    else if (schema.items !== undefined || schema.prefixItems !== undefined) types = ['array'];
    else if (structuralKeys(rest).length === 0) return { any: true, variants: [] };
    else return { any: false, variants: [{ kind: 'other', schema }] };
  }
  const variants: Variant[] = [];
  for (const type of types) {
    const kind = kindOfType(type);
    const own = values?.filter((value) => kindOfValue(value) === kind);
    // A listed type none of the enum's values has accepts nothing.
    if (own?.length === 0) continue;
    const variant: JsonSchema = { ...rest, type };
    if (own !== undefined) variant.enum = own;
    variants.push({ kind, schema: variant });
  }
  return { any: false, variants };
}

function byKind(variants: readonly Variant[]): Map<Kind, JsonSchema[]> {
  const map = new Map<Kind, JsonSchema[]>();
  for (const { kind, schema } of variants) map.set(kind, [...(map.get(kind) ?? []), schema]);
  return map;
}

const kindWords: Readonly<Record<Kind, string>> = {
  null: 'null',
  boolean: 'a boolean',
  number: 'a number',
  string: 'text',
  object: 'an object',
  array: 'an array',
  other: 'another form',
};
const kindsText = (kinds: Iterable<Kind>) => [...kinds].join(' | ');

function push(ctx: Context, path: string, change: string, cls: ChangeClass): void {
  ctx.changes.push({ path, change, class: cls });
}

/** Compares two schemas at `path`, recording every difference in `ctx`. */
function compareSchemas(base: Schema, head: Schema, path: string, ctx: Context): void {
  const same = canonical(base);
  if (same === canonical(head) && !same.includes('"$ref"')) return;
  const pair = `${path}\u0000${same}\u0000${canonical(head)}`;
  if (ctx.open.has(pair)) return;
  ctx.open.add(pair);
  try {
    compareSplits(split(base, ctx.baseRoot), split(head, ctx.headRoot), path, ctx);
  } finally {
    ctx.open.delete(pair);
  }
}

function compareSplits(base: Split, head: Split, path: string, ctx: Context): void {
  if (base.any && head.any) return;
  const baseKinds = byKind(base.variants);
  const headKinds = byKind(head.variants);
  if (base.any) {
    push(ctx, path, `now limited to ${kindsText(headKinds.keys()) || 'nothing'} (was any value)`, narrower(ctx.side));
    return;
  }
  if (head.any) {
    push(ctx, path, `now any value (was ${kindsText(baseKinds.keys()) || 'nothing'})`, wider(ctx.side));
    return;
  }
  const shared = [...headKinds.keys()].filter((kind) => baseKinds.has(kind));
  if (shared.length === 0) {
    if (baseKinds.size > 0 || headKinds.size > 0)
      push(ctx, path, `type changed: ${kindsText(baseKinds.keys())} → ${kindsText(headKinds.keys())}`, 'both');
    return;
  }
  for (const kind of headKinds.keys())
    if (!baseKinds.has(kind)) push(ctx, path, `now also accepts ${kindWords[kind]}`, wider(ctx.side));
  for (const kind of baseKinds.keys())
    if (!headKinds.has(kind)) push(ctx, path, `no longer accepts ${kindWords[kind]}`, narrower(ctx.side));
  for (const kind of shared) compareKind(kind, baseKinds.get(kind) ?? [], headKinds.get(kind) ?? [], path, ctx);
}

interface Discriminated {
  readonly key: string;
  readonly variants: ReadonlyMap<string, JsonSchema>;
}

/**
 * The property that tells object variants apart (a literal in each, all different), if there is one. With
 * `prefer` (the other side's), that property is tried first, and one object whose property is a literal
 * counts as a union of one variant.
 */
function discriminator(variants: readonly JsonSchema[], root: Schema, prefer?: string): Discriminated | undefined {
  if (variants.length === 0 || (variants.length === 1 && prefer === undefined)) return undefined;
  const first = variants[0]?.properties ?? {};
  const keys =
    variants.length === 1 && prefer !== undefined
      ? [prefer]
      : Object.keys(first).sort((a, b) => Number(b === prefer) - Number(a === prefer));
  for (const key of keys) {
    const found = new Map<string, JsonSchema>();
    for (const variant of variants) {
      const property = variant.properties?.[key];
      const values = isRecord(property) ? valuesOf(resolve(property, root)) : undefined;
      const [value] = values ?? [];
      if (values?.length !== 1 || value === undefined || !variant.required?.includes(key)) break;
      const label = typeof value === 'string' ? value : show(value);
      if (found.has(label)) break;
      found.set(label, variant);
    }
    if (found.size === variants.length) return { key, variants: found };
  }
  return undefined;
}

/** Compares the variants of one kind on each side. */
function compareKind(kind: Kind, base: readonly JsonSchema[], head: readonly JsonSchema[], path: string, ctx: Context) {
  const [onlyBase] = base;
  const [onlyHead] = head;
  if (base.length === 1 && head.length === 1 && onlyBase && onlyHead) {
    compareVariant(kind, onlyBase, onlyHead, path, ctx);
    return;
  }
  if (kind === 'object') {
    // A union on one side and one object on the other: the object is a union of one when it has the key.
    const found = discriminator(base, ctx.baseRoot);
    const headUnion = discriminator(head, ctx.headRoot, found?.key);
    const baseUnion = found ?? (headUnion && discriminator(base, ctx.baseRoot, headUnion.key));
    if (headUnion && baseUnion?.key === headUnion.key) {
      const at = (value: string) => `${path}[${baseUnion.key}=${value}]`;
      for (const [value, variant] of headUnion.variants) {
        const old = baseUnion.variants.get(value);
        if (old === undefined) push(ctx, at(value), 'variant added', wider(ctx.side));
        else compareVariant('object', old, variant, at(value), ctx);
      }
      for (const value of baseUnion.variants.keys())
        if (!headUnion.variants.has(value)) push(ctx, at(value), 'variant removed', narrower(ctx.side));
      return;
    }
  }
  // Otherwise the forms of this kind are compared as a whole.
  const baseForms = new Set(base.map(canonical));
  const headForms = new Set(head.map(canonical));
  const added = [...headForms].filter((form) => !baseForms.has(form)).length;
  const removed = [...baseForms].filter((form) => !headForms.has(form)).length;
  if (added > 0 && removed === 0)
    push(ctx, path, `now also accepts another form of ${kindWords[kind]}`, wider(ctx.side));
  else if (removed > 0 && added === 0)
    push(ctx, path, `no longer accepts a form of ${kindWords[kind]}`, narrower(ctx.side));
  else if (added > 0) push(ctx, path, `forms of ${kindWords[kind]} changed`, 'both');
}

/** Keys each kind's comparison reads; any other key is compared as a whole ("schema changed"). */
const HANDLED: Readonly<Record<Kind, readonly string[]>> = {
  null: [],
  boolean: [],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentMediaType', 'contentEncoding', 'contentSchema'],
  object: ['properties', 'required', 'additionalProperties'],
  array: ['items', 'minItems', 'maxItems'],
  other: [],
};
const COMMON = ['type', 'enum', 'const', 'default'];

function rest(schema: JsonSchema, kind: Kind): Record<string, unknown> {
  const handled = new Set([...COMMON, ...HANDLED[kind]]);
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !handled.has(key) && !ANNOTATIONS.has(key)));
}

/** Compares two schemas of the same single kind. */
function compareVariant(kind: Kind, base: JsonSchema, head: JsonSchema, path: string, ctx: Context): void {
  if (kind === 'other') {
    if (canonical(base) !== canonical(head)) push(ctx, path, 'schema changed', 'both');
    return;
  }
  compareValues(base, head, path, ctx);
  if (canonical(base.default) !== canonical(head.default))
    push(ctx, path, `default changed: ${show(base.default)} → ${show(head.default)}`, 'both');
  switch (kind) {
    case 'string':
      // A list of values says exactly what is accepted: its lengths and pattern say nothing more.
      if (valuesOf(base) !== undefined || valuesOf(head) !== undefined) break;
      compareBound('minLength', base, head, path, ctx, false);
      compareBound('maxLength', base, head, path, ctx, true);
      for (const key of ['pattern', 'format', 'contentMediaType', 'contentEncoding'] as const)
        compareRestriction(key, base[key], head[key], path, ctx);
      if (base.contentSchema && head.contentSchema) compareSchemas(base.contentSchema, head.contentSchema, path, ctx);
      else if (head.contentSchema) push(ctx, path, 'JSON content schema added', narrower(ctx.side));
      else if (base.contentSchema) push(ctx, path, 'JSON content schema removed', wider(ctx.side));
      break;
    case 'number':
      if (base.type !== head.type)
        push(
          ctx,
          path,
          `${String(base.type)} → ${String(head.type)}`,
          head.type === 'integer' ? narrower(ctx.side) : wider(ctx.side),
        );
      compareBound('minimum', base, head, path, ctx, false);
      compareBound('exclusiveMinimum', base, head, path, ctx, false);
      compareBound('maximum', base, head, path, ctx, true);
      compareBound('exclusiveMaximum', base, head, path, ctx, true);
      compareRestriction('multipleOf', base.multipleOf, head.multipleOf, path, ctx);
      break;
    case 'object':
      compareObject(base, head, path, ctx);
      break;
    case 'array':
      if (!Array.isArray(base.items) && !Array.isArray(head.items))
        compareSchemas(base.items ?? true, head.items ?? true, `${path}[]`, ctx);
      else if (canonical(base.items) !== canonical(head.items)) push(ctx, `${path}[]`, 'items changed', 'both');
      compareBound('minItems', base, head, path, ctx, false);
      compareBound('maxItems', base, head, path, ctx, true);
      break;
    case 'null':
    case 'boolean':
      break;
  }
  if (canonical(rest(base, kind)) !== canonical(rest(head, kind))) push(ctx, path, 'schema changed', 'both');
}

/** Enum values (or a const) added, removed, introduced or dropped. */
function compareValues(base: JsonSchema, head: JsonSchema, path: string, ctx: Context): void {
  const before = valuesOf(base);
  const after = valuesOf(head);
  if (before === undefined && after === undefined) return;
  if (before === undefined) {
    push(ctx, path, `now limited to ${list(after ?? [])}`, narrower(ctx.side));
    return;
  }
  if (after === undefined) {
    push(ctx, path, `no longer limited to ${list(before)}`, wider(ctx.side));
    return;
  }
  const key = (value: Value) => show(value);
  const had = new Set(before.map(key));
  const has = new Set(after.map(key));
  const added = after.filter((value) => !had.has(key(value)));
  const removed = before.filter((value) => !has.has(key(value)));
  if (before.length === 1 && after.length === 1 && added.length === 1) {
    push(ctx, path, `value changed: ${list(before)} → ${list(after)}`, 'both');
    return;
  }
  if (added.length > 0) push(ctx, path, `${plural(added.length, 'enum value')} added: ${list(added)}`, wider(ctx.side));
  if (removed.length > 0)
    push(ctx, path, `${plural(removed.length, 'enum value')} removed: ${list(removed)}`, narrower(ctx.side));
}

type BoundKey =
  'minLength' | 'maxLength' | 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'minItems' | 'maxItems';

/** A limit: raising an upper one (or lowering a lower one) accepts more; adding one accepts fewer. */
function compareBound(key: BoundKey, base: JsonSchema, head: JsonSchema, path: string, ctx: Context, upper: boolean) {
  const before = base[key];
  const after = head[key];
  if (before === after) return;
  if (typeof before !== 'number' && typeof after !== 'number') {
    push(ctx, path, `${key} changed`, 'both');
    return;
  }
  if (typeof before !== 'number') push(ctx, path, `${key} ${show(after)} added`, narrower(ctx.side));
  else if (typeof after !== 'number') push(ctx, path, `${key} ${show(before)} removed`, wider(ctx.side));
  else {
    const accepts = upper ? after > before : after < before;
    push(ctx, path, `${key} ${before} → ${after}`, accepts ? wider(ctx.side) : narrower(ctx.side));
  }
}

/** A restriction with no order (a pattern, a format): added accepts fewer, removed more, replaced both. */
function compareRestriction(key: string, before: unknown, after: unknown, path: string, ctx: Context): void {
  if (canonical(before) === canonical(after)) return;
  if (before === undefined) push(ctx, path, `${key} added: ${show(after)}`, narrower(ctx.side));
  else if (after === undefined) push(ctx, path, `${key} removed: ${show(before)}`, wider(ctx.side));
  else push(ctx, path, `${key} changed: ${show(before)} → ${show(after)}`, 'both');
}

const strict = (schema: JsonSchema) => schema.additionalProperties === false;

/**
 * Two objects' fields.
 * - Added: in a request, required breaks both (old portals do not send it; the host must take it),
 *   optional is compatible. In a reply, required breaks the host (it must send it), optional is
 *   compatible.
 * - Removed: in a request, breaks the portal when the new object is strict (the host refuses the field
 *   an old portal still sends), else compatible. In a reply, breaks the portal when it was required (the
 *   old portal expects it), compatible when it was optional.
 * - Required to optional accepts more, optional to required fewer (see {@link wider}, {@link narrower}).
 * - Extra fields: a strict object that becomes open accepts more, an open one that becomes strict fewer.
 */
function compareObject(base: JsonSchema, head: JsonSchema, path: string, ctx: Context): void {
  const before = base.properties ?? {};
  const after = head.properties ?? {};
  const wasRequired = new Set(base.required ?? []);
  const isRequired = new Set(head.required ?? []);
  const request = ctx.side === 'request';
  for (const [key, schema] of Object.entries(after)) {
    const at = `${path}.${key}`;
    if (!Object.hasOwn(before, key)) {
      if (isRequired.has(key)) push(ctx, at, 'required field added', request ? 'both' : 'host');
      else push(ctx, at, 'optional field added', 'compatible');
      continue;
    }
    const old = before[key] ?? true;
    if (wasRequired.has(key) && !isRequired.has(key)) push(ctx, at, 'required → optional', wider(ctx.side));
    if (!wasRequired.has(key) && isRequired.has(key)) push(ctx, at, 'optional → required', narrower(ctx.side));
    compareSchemas(old, schema, at, ctx);
  }
  for (const key of Object.keys(before)) {
    if (Object.hasOwn(after, key)) continue;
    const at = `${path}.${key}`;
    const was = wasRequired.has(key) ? 'was required' : 'was optional';
    if (request)
      push(
        ctx,
        at,
        `field removed (${was}${strict(head) ? '' : '; extra fields are allowed'})`,
        strict(head) ? 'portal' : 'compatible',
      );
    else push(ctx, at, `field removed (${was})`, wasRequired.has(key) ? 'portal' : 'compatible');
  }
  if (strict(base) && !strict(head)) push(ctx, path, 'extra fields now allowed', wider(ctx.side));
  else if (!strict(base) && strict(head)) push(ctx, path, 'extra fields now refused', narrower(ctx.side));
  else if (!strict(base) && canonical(base.additionalProperties) !== canonical(head.additionalProperties))
    compareSchemas(base.additionalProperties ?? true, head.additionalProperties ?? true, `${path}.*`, ctx);
}

/**
 * The differences between two JSON Schemas of one side of a call, each with its class. `path` names the
 * root (`request`, `reply`).
 */
export function diffSchemas(base: JsonSchema, head: JsonSchema, side: Side, path: string = side): SchemaChange[] {
  const ctx: Context = { side, baseRoot: base, headRoot: head, changes: [], open: new Set() };
  compareSchemas(base, head, path, ctx);
  return ctx.changes;
}
