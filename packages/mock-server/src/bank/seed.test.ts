import { describe, expect, it } from 'vitest';
import { seededTestBank } from './test-bank';

describe('the seeded bank', () => {
  it.each([0, 10, 50, 99, 100])(
    'seeds with any service charge the configuration accepts (%s percent), holding only transfers the bank could make',
    async (percent) => {
      const { bank, demo } = await seededTestBank({ serviceChargePercent: percent });
      expect(bank.allEntries().every((entry) => Number.isSafeInteger(entry.amountCents) && entry.amountCents > 0)).toBe(
        true,
      );
      const transfers = bank.requestsOf(demo.id, 'transfer');
      for (const request of transfers) {
        expect(request.transfer?.feeCents).toBe(bank.feeCents(request.amountCents));
        expect(request.transfer?.feeCents).toBeLessThan(request.amountCents);
        const held = bank.entries(demo.id).filter((entry) => entry.requestId === request.id);
        expect(held.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(request.amountCents);
        expect(held.some((entry) => entry.name === 'Service charge')).toBe(percent > 0);
      }
      expect(transfers).toHaveLength(percent < 100 ? 3 : 0);
      expect(bank.balanceCents(demo.id)).toBeGreaterThan(0);
    },
  );
});
