import { describe, expect, it } from 'vitest';
import { TEST_HASH_COST } from '../testing/harness';
import { Bank } from './bank';
import { CATALOGUE } from './seed';
import { lastCode, seededTestBank } from './test-bank';

const options = { catalogue: CATALOGUE, config: { hashCost: TEST_HASH_COST } };

describe('a snapshot', () => {
  it('restores to a bank with the same records in the same order: the same snapshot and digest', async () => {
    const { bank } = await seededTestBank();
    const snapshot = bank.snapshot();
    const restored = Bank.restore(snapshot, { ...options, now: bank.now });
    expect(JSON.stringify(restored.snapshot())).toBe(JSON.stringify(snapshot));
    expect(restored.digest()).toBe(bank.digest());
    expect(restored.upload(snapshot.uploads[0]?.id ?? '')?.bytes).toEqual(
      bank.upload(snapshot.uploads[0]?.id ?? '')?.bytes,
    );
  });

  it('is a copy: later changes to the bank do not touch it, nor the restored bank', async () => {
    const { bank, demo } = await seededTestBank();
    const snapshot = bank.snapshot();
    const before = JSON.stringify(snapshot);
    const restored = Bank.restore(snapshot, { ...options, now: bank.now });
    bank.notify(demo, 'Later', 'A later notification');
    expect(JSON.stringify(snapshot)).toBe(before);
    expect(restored.digest()).not.toBe(bank.digest());
  });

  it('keeps the key of e-mailed codes, so a code sent before a restart still matches', async () => {
    const { bank } = await seededTestBank();
    const email = 'unverified@bank.test';
    const restored = Bank.restore(bank.snapshot(), { ...options, now: bank.now });
    expect((await restored.verifyEmail(email, lastCode(bank, email))).emailVerified).toBe(true);
  });

  it('refuses a code key of the wrong length', async () => {
    const { bank } = await seededTestBank();
    const snapshot = { ...bank.snapshot(), codeKey: Buffer.alloc(16).toString('base64') };
    expect(() => Bank.restore(snapshot, { ...options, now: bank.now })).toThrow(
      "The snapshot's code key has the wrong length",
    );
  });
});
