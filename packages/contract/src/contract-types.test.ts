/**
 * The contract at compile time: a call with a wrong field name, a wrong field type, or a read of a reply
 * field that does not exist does not compile, through the ts-rest client and through `call` alike. The
 * `@ts-expect-error` lines fail the typecheck the day one of them compiles.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from './operations';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const api = createApiClient({
  baseUrl: 'http://bank.test/',
  fetch: () => Promise.resolve(json({ status: 'success' })),
});

describe('the typed contract', () => {
  it('types the ts-rest client from the router: fields, their types and the reply', async () => {
    const reply = await api.client.changeEmail({ body: { email: 'new@bank.test' } });
    expect(reply.status).toBe(200);
    if (reply.status === 200) {
      expect(reply.body.status).toBe('success');
      // @ts-expect-error a reply field the contract does not have
      expect(reply.body.balance).toBeUndefined();
    }
    // @ts-expect-error a field name the operation does not have
    void api.client.changeEmail({ body: { mail: 'new@bank.test' } }).catch(() => undefined);
    const wrongType = { email: 'a@bank.test', password: '123456', remeber: 'yes' };
    // @ts-expect-error a field of the wrong type (remeber is a flag)
    void api.client.login({ body: wrongType }).catch(() => undefined);
  });

  it('types `call` the same way', async () => {
    const reply = await api.call('changeEmail', { email: 'new@bank.test' });
    expect(reply.status).toBe('success');
    // @ts-expect-error a reply field the contract does not have
    expect(reply.balance).toBeUndefined();
    // @ts-expect-error a field name the operation does not have
    await expect(api.call('changeEmail', { mail: 'new@bank.test' })).rejects.toThrow();
    // @ts-expect-error a field of the wrong type (the amount is a number)
    await expect(api.call('createPin', { pin: 1234 })).rejects.toThrow();
  });
});
