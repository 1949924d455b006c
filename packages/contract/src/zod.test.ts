import { config } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { z } from './zod';

describe("the contract's zod on a server", () => {
  it('keeps the compiled parsers: no document, so jitless is not set', () => {
    expect(typeof document).toBe('undefined');
    expect(config().jitless).toBeUndefined();
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
