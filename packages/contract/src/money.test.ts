import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

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
});
