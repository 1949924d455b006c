import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, serviceChargeCents } from './money';

describe('formatMoney', () => {
  it.each([
    [1200, '$', '$1,200.00'],
    [0.5, '$', '$0.50'],
    [1234567.891, '$', '$1,234,567.89'],
    [0, '$', '$0.00'],
    [1234.5, '€', '€1,234.50'],
    [-75, '$', '-$75.00'],
    [1200, 'NGN', 'NGN1,200.00'],
  ])('%d %s -> %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });

  it('writes $ when no currency is named', () => {
    expect(formatMoney(1)).toBe('$1.00');
  });

  it("writes the bank's symbol as it comes, even one that reads as a replacement pattern", () => {
    expect(formatMoney(5, '$$')).toBe('$$5.00');
    expect(formatMoney(-5, "$&$'")).toBe("-$&$'5.00");
  });

  it('writes every amount in whole cents as en-US number formatting does', () => {
    const enUs = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (cents) => {
        const amount = cents / 100;
        const number = enUs.format(Math.abs(amount));
        expect(formatMoney(amount, '€')).toBe(amount < 0 ? `-€${number}` : `€${number}`);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('serviceChargeCents', () => {
  it.each([
    [10_000, 10, 1_000],
    [12_345, 10, 1_235],
    [12_344, 10, 1_234],
    [5, 10, 1],
    [4, 10, 0],
    [10_000, 2.5, 250],
    [999, 0, 0],
    [100, 100, 100],
  ])('%d cents at %d%% -> %d cents', (amountCents, percent, feeCents) => {
    expect(serviceChargeCents(amountCents, percent)).toBe(feeCents);
  });

  it('is a whole number of cents, never more than the amount below 100%', () => {
    for (const amountCents of [1, 7, 99, 101, 123_457, 10_000_001])
      for (const percent of [0, 1, 3.5, 10, 33, 99.9]) {
        const fee = serviceChargeCents(amountCents, percent);
        expect(Number.isInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(amountCents);
      }
  });
});
