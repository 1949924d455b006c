/**
 * The reply check of the request core: every reply is checked against its operation's schema as the JSON
 * text the client receives; a text found to match is not checked again, and one that does not match is
 * answered with a 500 every time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { operations } from '@ebank/contract';
import { seededTestBank, type TestBank } from '../bank/test-bank';
import { handleApiCall } from './api-core';
import { handlers } from './handlers';

let test: TestBank;
let token: string;
beforeEach(async () => {
  test = await seededTestBank();
  token = await test.bank.tokenFor(test.demo);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The handler as the bank has it, before any test replaces it. */
const realHandler = handlers.getInstitution;

const getInstitution = () =>
  handleApiCall(test.bank, {
    query: {},
    fields: { getinstituition: '1', token },
    files: [],
    origin: 'http://bank.test',
  });

/** The reply the handler gives, under a name no other test's reply has (the checked texts outlive a test). */
function replyAs(fullname: string) {
  return vi.spyOn(handlers, 'getInstitution').mockImplementation(async (context, input) => {
    const reply = await realHandler(context, input);
    return { ...reply, u: { ...reply.u, fullname } };
  });
}

describe('the reply check', () => {
  it('checks a reply it has not sent before, and sends the checked text', async () => {
    const name = `Checked ${crypto.randomUUID()}`;
    replyAs(name);
    const check = vi.spyOn(operations.getInstitution.reply, 'safeParse');
    const result = await getInstitution();
    expect(result).toMatchObject({ status: 200, replyValid: true });
    expect(check).toHaveBeenCalledTimes(1);
    expect(JSON.parse(result.json ?? '')).toEqual(result.body);
    expect(result.json).toContain(name);
  });

  it('does not check the same text again, and checks a changed one', async () => {
    replyAs(`Twice ${crypto.randomUUID()}`);
    const check = vi.spyOn(operations.getInstitution.reply, 'safeParse');
    await getInstitution();
    await getInstitution();
    expect(check).toHaveBeenCalledTimes(1);
    replyAs(`Changed ${crypto.randomUUID()}`);
    expect(await getInstitution()).toMatchObject({ status: 200, replyValid: true });
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('answers a reply that does not match the contract with a 500, every time', async () => {
    vi.spyOn(handlers, 'getInstitution').mockImplementation(async (context, input) => {
      const reply = await realHandler(context, input);
      return { ...reply, tb: { current_balance: 'lots' } };
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (let i = 0; i < 2; i++) {
      expect(await getInstitution()).toMatchObject({
        status: 500,
        replyValid: false,
        body: { error: true, code: 'contract_mismatch' },
      });
    }
    expect(error).toHaveBeenCalledTimes(2);
  });
});
