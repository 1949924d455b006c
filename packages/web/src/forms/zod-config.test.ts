import { dashboardOperations } from '@ebank/contract';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import './zod-config';

const message = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe("the contract's refusals under a form's field", () => {
  it('name the field by its label', () => {
    const profile = dashboardOperations.updateProfile.request.shape;
    const form = z.object({
      home_address: z.pipe(z.string().check(z.trim()), profile.home_address.def.innerType),
      next_of_kin: z.pipe(z.string(), profile.next_of_kin.def.innerType),
    });
    expect(message(form, { home_address: 'x'.repeat(301), next_of_kin: 'Sam' })).toBe(
      'Home address must be at most 300 characters',
    );
    expect(message(form, { home_address: 'Flat 1', next_of_kin: 'Sam\tDemo' })).toBe(
      'Next of kin must not contain control characters',
    );
  });

  it("keep the spec's messages as they are", () => {
    const email = z.object({ email: dashboardOperations.changeEmail.request.shape.email });
    expect(message(email, { email: 'dana' })).toBe("That doesn't look like an email address");
  });

  it('say "This field" for a field no form labels', () => {
    const form = z.object({ unlabelled: dashboardOperations.updateProfile.request.shape.fullname });
    expect(message(form, { unlabelled: 'x'.repeat(101) })).toBe('This field must be at most 100 characters');
  });
});

describe('zod in a web page', () => {
  it("builds and parses schemas without compiling code, which the page's policy forbids", () => {
    const compile = vi.spyOn(globalThis, 'Function');
    try {
      const form = z.object({ note: z.string(), profile: dashboardOperations.updateProfile.request });
      expect(form.safeParse({ note: 'x', profile: { fullname: 'Dana Demo' } }).success).toBe(true);
      expect(z.object({ a: z.number() }).safeParse({ a: 'x' }).success).toBe(false);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
  });
});
