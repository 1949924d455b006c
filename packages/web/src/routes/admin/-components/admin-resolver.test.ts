import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { underField, withoutFieldNames } from './admin-resolver';

describe('the admin forms’ words under a field', () => {
  it("drop the field's wire name, from a capital", () => {
    expect(underField('advanceMinutes', 'advanceMinutes: must be at least 1 minute')).toBe('Must be at least 1 minute');
  });

  it('keep a message that names another field, or none, as it is', () => {
    expect(underField('rate', 'times: must be at least 1')).toBe('times: must be at least 1');
    expect(underField('name', 'Enter a name')).toBe('Enter a name');
  });

  it('come out of the resolver so, field by field, and a valid form is read as the schema reads it', async () => {
    const resolver = withoutFieldNames(
      zodResolver(
        z.object({
          minutes: z.pipe(
            z.pipe(z.string(), z.transform(Number)),
            z.number().check(z.gte(1, 'minutes: must be at least 1')),
          ),
          name: z.string().check(z.minLength(1, 'Enter a name')),
        }),
      ),
    );
    const options = { fields: {}, shouldUseNativeValidation: false };
    const refused = await resolver({ minutes: '0', name: '' }, undefined, options);
    expect(refused.errors.minutes?.message).toBe('Must be at least 1');
    expect(refused.errors.name?.message).toBe('Enter a name');
    const read = await resolver({ minutes: '5', name: 'x' }, undefined, options);
    expect(read).toEqual({ values: { minutes: 5, name: 'x' }, errors: {} });
  });
});
