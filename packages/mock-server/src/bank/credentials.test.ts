import { beforeEach, describe, expect, it } from 'vitest';
import type { Bank } from './bank';
import type { User } from './model';
import { refused, seededTestBank } from './test-bank';

let bank: Bank;
let demo: User;

beforeEach(async () => {
  ({ bank, demo } = await seededTestBank());
});

describe('credentials', () => {
  it('are stored only as salted scrypt hashes', () => {
    for (const user of bank.allUsers()) {
      expect(user.passcodeHash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]{22}\$[\w-]{43}$/u);
      expect(user.passcodeHash).not.toContain('123456');
    }
    const hashes = bank.allUsers().map((u) => u.passcodeHash);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('a passcode reset retires every token issued before it', async () => {
    const token = bank.issueToken(demo, 'user');
    expect(bank.authenticate(token, 'user')).toBe(demo);
    bank.requestReset('demo@bank.test');
    const link = bank.outboxFor('demo@bank.test')[0]?.link ?? '';
    expect(link).toMatch(/wp-user\/account\/reset\/r\/demo%40bank\.test\/[\w-]+$/u);
    await bank.resetPasscode('demo@bank.test', link.split('/').at(-1) ?? '', '654321');
    expect((await refused(() => bank.authenticate(token, 'user'))).status).toBe(401);
    expect((await bank.login('demo@bank.test', '654321', false)).kind).toBe('ok');
    expect((await refused(bank.resetPasscode('demo@bank.test', link.split('/').at(-1) ?? '', '111111'))).status).toBe(
      410,
    );
  });

  it('a passcode change retires the other tokens, keeps the changing one, and a later reset retires it too', async () => {
    const mine = bank.issueToken(demo, 'user');
    const other = bank.issueToken(demo, 'user');
    await bank.changePasscode(demo, mine, '123456', '654321', '654321');
    expect(bank.authenticate(mine, 'user')).toBe(demo);
    expect((await refused(() => bank.authenticate(other, 'user'))).status).toBe(401);
    bank.requestReset('demo@bank.test');
    const link = bank.outboxFor('demo@bank.test')[0]?.link ?? '';
    await bank.resetPasscode('demo@bank.test', link.split('/').at(-1) ?? '', '111111');
    expect((await refused(() => bank.authenticate(mine, 'user'))).status).toBe(401);
  });
});
