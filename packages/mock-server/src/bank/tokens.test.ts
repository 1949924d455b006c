import { describe, expect, it } from 'vitest';
import { MINUTE, seededTestBank } from './test-bank';

describe('tokens', () => {
  it('tokens expire', async () => {
    const { bank, demo, advance } = await seededTestBank();
    const token = bank.issueToken(demo, 'user');
    advance(30 * MINUTE);
    expect(() => bank.authenticate(token, 'user')).toThrow('Your session has ended. Please log in again.');
  });
});
