import { beforeEach, describe, expect, it } from 'vitest';
import { BankSnapshotSchema } from '../snapshot-schema';
import { Bank, OUTDATED_RESET_LINK } from './bank';
import type { User } from './model';
import { MINUTE, refused, seededTestBank, type TestBank } from './test-bank';

let bank: Bank;
let demo: User;
let advance: TestBank['advance'];

beforeEach(async () => {
  ({ bank, demo, advance } = await seededTestBank());
});

/** Asks for a passcode reset and gives the token of the link the bank e-mailed. */
function resetLinkToken() {
  bank.requestReset('demo@bank.test');
  return bank.outboxFor('demo@bank.test')[0]?.link?.split('/').at(-1) ?? '';
}

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

  describe('a reset link replaced by a newer reset', () => {
    it('is refused as out of date, and costs no attempt however often it is opened', async () => {
      const older = resetLinkToken();
      const newest = resetLinkToken();
      for (let i = 0; i < bank.config.maxAttempts + 2; i += 1) {
        const refusal = await refused(bank.resetPasscode('demo@bank.test', older, '654321'));
        expect(refusal.status).toBe(410);
        expect(refusal.message).toBe('This reset link is out of date: use the newest link we sent you.');
        expect(refusal.message).toBe(OUTDATED_RESET_LINK);
      }
      expect(demo.attempts.resetCode.failures).toBe(0);
      await bank.resetPasscode('demo@bank.test', newest, '654321');
      expect((await bank.login('demo@bank.test', '654321', false)).kind).toBe('ok');
    });

    it('is told apart for a few resets back; a wrong code still counts', async () => {
      const first = resetLinkToken();
      resetLinkToken();
      resetLinkToken();
      expect((await refused(bank.resetPasscode('demo@bank.test', first, '654321'))).message).toBe(OUTDATED_RESET_LINK);
      expect((await refused(bank.resetPasscode('demo@bank.test', 'not-a-link', '654321'))).message).toBe(
        'Invalid reset code. 4 attempts left.',
      );
      expect(demo.attempts.resetCode.failures).toBe(1);
    });

    it('once the newest reset has expired, says that it has expired', async () => {
      const older = resetLinkToken();
      resetLinkToken();
      advance(bank.config.emailCodeTtlMinutes * MINUTE);
      expect((await refused(bank.resetPasscode('demo@bank.test', older, '654321'))).message).toBe(
        'This reset code has expired. Ask for a new one.',
      );
    });

    it('is not kept from a reset that had already expired when the new one was asked for', async () => {
      const older = resetLinkToken();
      advance(bank.config.emailCodeTtlMinutes * MINUTE);
      resetLinkToken();
      expect(demo.resetCode?.replacedLinkHashes).toBeUndefined();
      expect((await refused(bank.resetPasscode('demo@bank.test', older, '654321'))).message).toBe(
        'Invalid reset code. 4 attempts left.',
      );
    });

    it('survives a snapshot (valid for a state file) and restore', async () => {
      const older = resetLinkToken();
      resetLinkToken();
      expect(BankSnapshotSchema.safeParse(bank.snapshot()).success).toBe(true);
      const restored = Bank.restore(bank.snapshot(), {
        catalogue: bank.catalogue,
        config: bank.config,
        now: bank.now,
      });
      expect((await refused(restored.resetPasscode('demo@bank.test', older, '654321'))).message).toBe(
        OUTDATED_RESET_LINK,
      );
    });
  });
});
