import { describe, expect, it } from 'vitest';
import { Bank } from './bank';
import { MAX_MESSAGES_PER_ADDRESS } from './messages';
import { seededTestBank } from './test-bank';

describe('the outbox', () => {
  it('keeps the newest 100 messages of an address, dropping the oldest, and leaves other addresses alone', async () => {
    const { bank, advance } = await seededTestBank();
    const others = bank.outboxFor('unverified@bank.test');
    expect(MAX_MESSAGES_PER_ADDRESS).toBe(100);
    for (let i = 0; i < 130; i += 1) {
      bank.send('flood@bank.test', 'notice', `Message ${i}`, { text: `number ${i}` });
      advance(1);
    }
    const kept = bank.outboxFor('flood@bank.test');
    expect(kept).toHaveLength(100);
    expect(kept[0]?.subject).toBe('Message 129');
    expect(kept.at(-1)?.subject).toBe('Message 30');
    expect(bank.outboxFor('unverified@bank.test')).toEqual(others);
    expect(bank.snapshot().outbox.filter((m) => m.to === 'flood@bank.test')).toHaveLength(100);
  });

  it('keeps the limit for reset requests and resends nobody signed in for, and after a restore', async () => {
    const { bank } = await seededTestBank();
    for (let i = 0; i < 120; i += 1) await bank.requestReset('demo@bank.test');
    for (let i = 0; i < 120; i += 1) await bank.resendConfirmCode('unverified@bank.test');
    expect(bank.outboxFor('demo@bank.test')).toHaveLength(100);
    expect(bank.outboxFor('unverified@bank.test')).toHaveLength(100);

    const restored = Bank.restore(bank.snapshot(), { catalogue: bank.catalogue, config: bank.config, now: bank.now });
    expect(restored.digest()).toBe(bank.digest());
    await restored.requestReset('demo@bank.test');
    const kept = restored.outboxFor('demo@bank.test');
    expect(kept).toHaveLength(100);
    expect(kept[0]?.code).toBeDefined();
    expect(kept.map((m) => m.id)).not.toContain(bank.outboxFor('demo@bank.test').at(-1)?.id);
  });
});
