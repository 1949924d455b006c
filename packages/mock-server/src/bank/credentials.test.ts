import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_HASH_COST } from '../testing/harness';
import { BankSnapshotSchema } from '../snapshot-schema';
import { Bank, OUTDATED_RESET_LINK } from './bank';
import type { User } from './model';
import { DEMO_PASSCODE, seedBank } from './seed';
import { TokenSigner } from './security';
import { lastCode, MINUTE, refused, seededTestBank, type TestBank } from './test-bank';

let bank: Bank;
let demo: User;
let advance: TestBank['advance'];

beforeEach(async () => {
  ({ bank, demo, advance } = await seededTestBank());
});

/** Asks for a passcode reset and gives the token of the link the bank e-mailed. */
async function resetLinkToken() {
  await bank.requestReset('demo@bank.test');
  return bank.outboxFor('demo@bank.test')[0]?.link?.split('/').at(-1) ?? '';
}

describe('credentials', () => {
  it('are stored only as salted PBKDF2 hashes', () => {
    for (const user of bank.allUsers()) {
      expect(user.passcodeHash).toMatch(/^pbkdf2-sha256\$1000\$[\w-]{22}\$[\w-]{43}$/u);
      expect(user.passcodeHash).not.toContain('123456');
    }
    const hashes = bank.allUsers().map((u) => u.passcodeHash);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('a passcode reset retires every token issued before it', async () => {
    const token = await bank.issueToken(demo, 'user');
    expect(await bank.authenticate(token, 'user')).toBe(demo);
    await bank.requestReset('demo@bank.test');
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
    const mine = await bank.issueToken(demo, 'user');
    const other = await bank.issueToken(demo, 'user');
    await bank.changePasscode(demo, mine, '123456', '654321', '654321');
    expect(await bank.authenticate(mine, 'user')).toBe(demo);
    expect((await refused(() => bank.authenticate(other, 'user'))).status).toBe(401);
    await bank.requestReset('demo@bank.test');
    const link = bank.outboxFor('demo@bank.test')[0]?.link ?? '';
    await bank.resetPasscode('demo@bank.test', link.split('/').at(-1) ?? '', '111111');
    expect((await refused(() => bank.authenticate(mine, 'user'))).status).toBe(401);
  });

  describe('a reset link replaced by a newer reset', () => {
    it('is refused as out of date, and costs no attempt however often it is opened', async () => {
      const older = await resetLinkToken();
      const newest = await resetLinkToken();
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
      const first = await resetLinkToken();
      await resetLinkToken();
      await resetLinkToken();
      expect((await refused(bank.resetPasscode('demo@bank.test', first, '654321'))).message).toBe(OUTDATED_RESET_LINK);
      expect((await refused(bank.resetPasscode('demo@bank.test', 'not-a-link', '654321'))).message).toBe(
        'Invalid reset code. 4 attempts left.',
      );
      expect(demo.attempts.resetCode.failures).toBe(1);
    });

    it('once the newest reset has expired, says that it has expired', async () => {
      const older = await resetLinkToken();
      await resetLinkToken();
      advance(bank.config.emailCodeTtlMinutes * MINUTE);
      expect((await refused(bank.resetPasscode('demo@bank.test', older, '654321'))).message).toBe(
        'This reset code has expired. Ask for a new one.',
      );
    });

    it('is not kept from a reset that had already expired when the new one was asked for', async () => {
      const older = await resetLinkToken();
      advance(bank.config.emailCodeTtlMinutes * MINUTE);
      await resetLinkToken();
      expect(demo.resetCode?.replacedLinkHashes).toBeUndefined();
      expect((await refused(bank.resetPasscode('demo@bank.test', older, '654321'))).message).toBe(
        'Invalid reset code. 4 attempts left.',
      );
    });

    it('survives a snapshot (valid for a state file) and restore', async () => {
      const older = await resetLinkToken();
      await resetLinkToken();
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

describe('e-mailed codes and the bank clock moved forward, then back', () => {
  it('a verification code sent while the clock was ahead has expired once it goes back', async () => {
    const email = 'unverified@bank.test';
    bank.clock.advance(60);
    await bank.resendConfirmCode(email);
    const code = lastCode(bank, email);
    bank.clock.reset();
    expect((await refused(() => bank.verifyEmail(email, code))).message).toBe(
      'This code has expired. Ask for a new one.',
    );
    await bank.resendConfirmCode(email);
    // The outbox lists by bank time: the message sent while the clock was ahead still comes first.
    const fresh = bank.outboxFor(email).find((message) => message.createdAt === bank.now());
    expect((await bank.verifyEmail(email, fresh?.code ?? '')).emailVerified).toBe(true);
  });

  it('a reset code sent while the clock was ahead has expired once it goes back', async () => {
    bank.clock.advance(60 * 24);
    await bank.requestReset('demo@bank.test');
    const code = lastCode(bank, 'demo@bank.test');
    bank.clock.reset();
    expect((await refused(bank.resetPasscode('demo@bank.test', code, '654321'))).message).toBe(
      'This reset code has expired. Ask for a new one.',
    );
    expect((await bank.login('demo@bank.test', DEMO_PASSCODE, false)).kind).toBe('ok');
  });

  it('a code sent before the clock moved forward keeps its own lifetime, both ways', async () => {
    const email = 'unverified@bank.test';
    await bank.resendConfirmCode(email);
    const code = lastCode(bank, email);
    bank.clock.advance(29);
    bank.clock.reset();
    expect((await bank.verifyEmail(email, code)).emailVerified).toBe(true);
  });
});

describe('an e-mail change', () => {
  const NEW = 'dana.new@bank.test';

  it('tells the old address, asks the new one to be confirmed, and ends the other sessions', async () => {
    const mine = await bank.issueToken(demo, 'user');
    const other = await bank.issueToken(demo, 'user', true);
    await bank.changeEmail(demo, mine, ' Dana.New@Bank.test ');

    expect(demo.email).toBe(NEW);
    expect(bank.outboxFor('demo@bank.test')[0]).toMatchObject({
      to: 'demo@bank.test',
      kind: 'notice',
      subject: 'Your e-mail address was changed',
      text: expect.stringMatching(
        /changed to d\*+@bank\.test\..*If you did not make this change, contact support/u,
      ) as unknown,
    });
    expect(bank.outboxFor('demo@bank.test')[0]?.code).toBeUndefined();
    const [sent] = bank.outboxFor(NEW);
    expect(sent).toMatchObject({ to: NEW, kind: 'verify-email', code: expect.stringMatching(/^\d{6}$/u) as unknown });

    // The session that made the change carries on; every other one has ended.
    expect(await bank.authenticate(mine, 'user')).toBe(demo);
    expect((await refused(() => bank.authenticate(other, 'user'))).message).toBe(
      'Your session has ended. Please log in again.',
    );
    // The next sign-in asks for the new address to be confirmed, with the code sent there.
    expect((await bank.login(NEW, DEMO_PASSCODE, false)).kind).toBe('unverified');
    expect(bank.findByEmail('demo@bank.test')).toBeUndefined();
    expect((await bank.verifyEmail(NEW, sent?.code ?? '')).emailVerified).toBe(true);
    expect((await bank.login(NEW, DEMO_PASSCODE, false)).kind).toBe('ok');
  });

  it('voids a reset code sent to the old address', async () => {
    await bank.requestReset('demo@bank.test');
    const code = lastCode(bank, 'demo@bank.test');
    await bank.changeEmail(demo, await bank.issueToken(demo, 'user'), NEW);
    expect((await refused(bank.resetPasscode(NEW, code, '654321'))).status).toBe(410);
  });

  it('to the same address changes nothing; to a taken one is refused and changes nothing', async () => {
    const mine = await bank.issueToken(demo, 'user');
    const other = await bank.issueToken(demo, 'user');
    const before = bank.digest();
    await bank.changeEmail(demo, mine, 'DEMO@bank.test');
    expect((await refused(() => bank.changeEmail(demo, mine, 'nopin@bank.test'))).status).toBe(409);
    expect(bank.digest()).toBe(before);
    expect(await bank.authenticate(other, 'user')).toBe(demo);
  });

  it('keeps its effect across a snapshot (a state file) and restore', async () => {
    let time = Date.parse('2026-11-21T10:00:00Z');
    const signer = new TokenSigner();
    const options = { now: () => time, signer, config: { hashCost: TEST_HASH_COST } };
    const first = await seedBank(options);
    const dana = first.findByEmail('demo@bank.test');
    if (!dana) throw new Error('the seed has no demo@bank.test');
    const mine = await first.issueToken(dana, 'user');
    const other = await first.issueToken(dana, 'user');
    await first.changeEmail(dana, mine, NEW);
    const snapshot = first.snapshot();
    expect(BankSnapshotSchema.safeParse(snapshot).success).toBe(true);
    time += MINUTE;
    const restored = Bank.restore(snapshot, { ...options, catalogue: first.catalogue });
    expect((await restored.authenticate(mine, 'user')).email).toBe(NEW);
    expect((await refused(() => restored.authenticate(other, 'user'))).status).toBe(401);
    expect((await restored.login(NEW, DEMO_PASSCODE, false)).kind).toBe('unverified');
  });
});
