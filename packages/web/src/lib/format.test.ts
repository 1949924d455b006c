import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, statusLabel } from './format';

describe('formatAmount', () => {
  it.each([
    [0, '$', '$0.00'],
    [5120, '$', '$5,120.00'],
    [0.1 + 0.2, '$', '$0.30'],
    [1234.5, '€', '€1,234.50'],
    [-75, '$', '-$75.00'],
  ])('%d %s -> %s', (amount, currency, text) => {
    expect(formatAmount(amount, currency)).toBe(text);
  });
  it('defaults to $', () => {
    expect(formatAmount(1)).toBe('$1.00');
  });
});

describe('formatDate', () => {
  it('gives day/month/year with the real month', () => {
    expect(formatDate('2026-01-05T12:00:00')).toBe('5/1/2026');
    expect(formatDate('2026-12-31T12:00:00')).toBe('31/12/2026');
  });
  it('shows what it cannot read as it came', () => {
    expect(formatDate('yesterday')).toBe('yesterday');
  });
});

describe('statusLabel', () => {
  it('shows underscores as spaces', () => {
    expect(statusLabel('in_progress')).toBe('in progress');
    expect(statusLabel('successful')).toBe('successful');
  });
});
