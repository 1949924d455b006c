import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { Resolver } from './form-state';
import { schemaResolver } from './schema-resolver';

describe('schemaResolver', () => {
  it("gives the schema's output for valid values, typed from the schema's input and output", async () => {
    const resolver = schemaResolver(z.object({ name: z.string().trim(), amount: z.string().transform(Number) }));
    expectTypeOf(resolver).toEqualTypeOf<
      Resolver<{ name: string; amount: string }, { name: string; amount: number }>
    >();
    expect(await resolver({ name: ' Ada ', amount: '10.5' })).toEqual({ values: { name: 'Ada', amount: 10.5 } });
  });

  it("gives each field in error its first issue's message", async () => {
    const resolver = schemaResolver(
      z.object({
        code: z.string().min(1, 'Code is required').regex(/^\d+$/u, 'Digits only'),
        pin: z.string().regex(/^\d{4}$/u, 'Four digits'),
        name: z.string(),
      }),
    );
    expect(await resolver({ code: '', pin: '12', name: 'Ada' })).toEqual({
      errors: { code: { message: 'Code is required' }, pin: { message: 'Four digits' } },
    });
    expect(await resolver({ code: 'x', pin: '1234', name: 'Ada' })).toEqual({
      errors: { code: { message: 'Digits only' } },
    });
  });

  it('keys an error by the first segment of its path, as a refinement of the object names it', async () => {
    const resolver = schemaResolver(
      z
        .object({ passcode: z.string(), confirm: z.string(), address: z.object({ city: z.string().min(1, 'City') }) })
        .refine((values) => values.passcode === values.confirm, { path: ['confirm'], message: 'Not the same' }),
    );
    expect(await resolver({ passcode: '1', confirm: '1', address: { city: '' } })).toEqual({
      errors: { address: { message: 'City' } },
    });
    expect(await resolver({ passcode: '1', confirm: '2', address: { city: 'Oslo' } })).toEqual({
      errors: { confirm: { message: 'Not the same' } },
    });
  });

  it('fails on an issue of the whole object too, and runs asynchronous checks', async () => {
    const whole = schemaResolver(z.object({ a: z.string() }).refine(() => false, 'Never'));
    expect('values' in (await whole({ a: '' }))).toBe(false);
    const later = schemaResolver(
      z.object({ email: z.string().refine(async (value) => Promise.resolve(value !== 'taken'), 'Taken') }),
    );
    expect(await later({ email: 'taken' })).toEqual({ errors: { email: { message: 'Taken' } } });
    expect(await later({ email: 'free' })).toEqual({ values: { email: 'free' } });
  });
});
