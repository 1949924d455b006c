/**
 * fast-check generators derived from the contract: a valid input for any operation, read from the
 * field registry each field builder fills. Tests and fuzzers use these instead of hand-written data.
 */
import fc from 'fast-check';
import { z } from '../zod';
import { fieldMeta, type FieldMeta } from '../fields';
import type { OperationDef, OperationInput } from '../operation';
import { operations, type OperationName, type Operations } from '../operations';
import { sampleImages } from './images';

const CONTROL = /[\u0000-\u001f\u007f]/gu;
const DIGITS = Array.from({ length: 10 }, (_, i) => String(i));

function textArbitrary(m: Extract<FieldMeta, { kind: 'text' }>): fc.Arbitrary<string> {
  const line = fc.string({ unit: 'binary', maxLength: Math.min(m.max, 40) }).map((s) => s.replace(CONTROL, ''));
  const value = m.multiline ? fc.array(line, { minLength: 1, maxLength: 4 }).map((ls) => ls.join('\n')) : line;
  return value.filter((s) => s.length <= m.max && s.trim().length >= m.min);
}

const digitString = (length: number) =>
  fc.array(fc.constantFrom(...DIGITS), { minLength: length, maxLength: length }).map((a) => a.join(''));

function metaArbitrary(m: FieldMeta, schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  switch (m.kind) {
    case 'text':
      return textArbitrary(m);
    case 'digits':
      return digitString(m.length);
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= 254 && schema.safeParse(e).success);
    case 'money':
      return fc.integer({ min: 1, max: 99_999_999_999_999 }).map((cents) => cents / 100);
    case 'flag':
      return fc.boolean();
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'phone':
      return fc
        .tuple(fc.boolean(), fc.stringMatching(/^[0-9][0-9 ()-]{3,22}$/u))
        .map(([plus, rest]) => (plus ? `+${rest}` : rest));
    case 'id':
      return fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/u);
    case 'json':
      if (schema instanceof z.ZodMiniPipe) return schemaArbitrary(schema.def.out as z.ZodMiniType);
      throw new Error('json field without an inner schema');
  }
}

/** A generator of typed (decoded) values for a request schema built from the field builders. */
export function schemaArbitrary(schema: z.ZodMiniType): fc.Arbitrary<unknown> {
  const m = fieldMeta.get(schema);
  if (m) return metaArbitrary(m, schema);
  if (schema instanceof z.ZodMiniDefault) return schemaArbitrary(schema.def.innerType as z.ZodMiniType);
  if (schema instanceof z.ZodMiniOptional) return schemaArbitrary(schema.def.innerType as z.ZodMiniType);
  if (schema instanceof z.ZodMiniLiteral) return fc.constantFrom(...schema.def.values);
  if (schema instanceof z.ZodMiniDiscriminatedUnion)
    return fc.oneof(...(schema.def.options as z.ZodMiniType[]).map((o) => schemaArbitrary(o)));
  if (schema instanceof z.ZodMiniObject) {
    const shape = schema.shape as Record<string, z.ZodMiniType>;
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const [key, field] of Object.entries(shape)) {
      model[key] = schemaArbitrary(field);
      if (!(field instanceof z.ZodMiniOptional)) requiredKeys.push(key);
    }
    return fc.record(model, { requiredKeys });
  }
  throw new Error(`No generator for a ${schema.constructor.name}: build request fields with the field builders`);
}

/** A valid image file of any accepted type, sometimes with trailing bytes. */
export const imageFileArbitrary = fc
  .tuple(
    fc.constantFrom(...(Object.keys(sampleImages) as (keyof typeof sampleImages)[])),
    fc.uint8Array({ maxLength: 32 }),
  )
  .map(([type, tail]) => {
    const bytes = new Uint8Array([...sampleImages[type], ...tail]);
    return new File([bytes], `proof.${type.split('/')[1] ?? 'img'}`, { type });
  });

/** A valid input (fields and files) for an operation. */
export function inputArbitrary<K extends OperationName>(name: K): fc.Arbitrary<OperationInput<Operations[K]>> {
  const operation: OperationDef = operations[name];
  const fileModel = Object.fromEntries(Object.keys(operation.files).map((f) => [f, imageFileArbitrary]));
  return fc
    .tuple(schemaArbitrary(operation.request), fc.record(fileModel))
    .map(([fields, files]) => ({ ...(fields as object), ...files }) as OperationInput<Operations[K]>);
}
