import { describe, expect, it } from 'vitest';
import { z } from './zod';

describe("the contract's zod", () => {
  it("words its own refusals in English, as zod's default locale did", () => {
    expect(z.string().safeParse(1).error?.issues[0]?.message).toBe('Invalid input: expected string, received number');
    expect(z.object({ a: z.string() }).safeParse({}).error?.issues[0]?.message).toBe(
      'Invalid input: expected string, received undefined',
    );
  });
});
