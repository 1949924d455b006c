import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { digits, email, nameFieldsWith, text } from './fields';

const form = z.object({ note: text({ max: 5, multiline: true }), pin: digits(4), email: email() });
const messages = (input: Record<string, string>) =>
  (form.safeParse(input).error?.issues ?? []).map((issue) => issue.message);

afterEach(() => {
  nameFieldsWith(() => undefined);
});

describe('the fields name themselves in their refusals when the app names them', () => {
  it('gives the bare phrase by default, for the wire to put the field name in front', () => {
    expect(messages({ note: 'too long', pin: '12', email: 'dana@bank.test' })).toEqual([
      'must be at most 5 characters',
      'must be exactly 4 digits',
    ]);
  });

  it("names each field in the app's words, and keeps the spec's own sentence as it is", () => {
    const labels: Record<string, string> = { note: 'Note', pin: 'Transaction PIN', email: 'E-mail' };
    nameFieldsWith((path) => labels[String(path.at(-1))]);
    expect(messages({ note: 'too long', pin: '12', email: 'dana' })).toEqual([
      'Note must be at most 5 characters',
      'Transaction PIN must be exactly 4 digits',
      "That doesn't look like an email address",
    ]);
    expect(messages({ pin: '1234', email: 'dana@bank.test' })).toEqual(['Note is required']);
  });
});
