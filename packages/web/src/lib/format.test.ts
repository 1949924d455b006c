import { formatMoney } from '@ebank/contract';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatTime, parseDate, statusLabel } from './format';

describe('formatAmount', () => {
  it.each([
    [0, '$', '$0.00'],
    [5120, '$', '$5,120.00'],
    [0.1 + 0.2, '$', '$0.30'],
    [1234.5, '€', '€1,234.50'],
    [-75, '$', '-$75.00'],
    [1200, 'NGN', 'NGN1,200.00'],
    [-0.005, '€', '-€0.01'],
  ])('%d %s -> %s', (amount, currency, text) => {
    expect(formatAmount(amount, currency)).toBe(text);
  });
  it('defaults to $', () => {
    expect(formatAmount(1)).toBe('$1.00');
  });

  it.each([
    [1200, '$1,200.00'],
    [0.5, '$0.50'],
    [1234567.891, '$1,234,567.89'],
  ])("writes %d as the bank writes it in its texts (the contract's formatter): %s", (amount, text) => {
    expect(formatAmount(amount)).toBe(text);
    expect(formatMoney(amount)).toBe(text);
  });

  it('writes every amount a bank sends as Intl.NumberFormat en-US does: halves of a cent, up to four decimals, below ten trillion', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const expected = (n: number) => `${n < 0 ? '-' : ''}$${intl.format(Math.abs(n))}`;
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const amounts = [
      1.005, 2.675, 0.125, 0.995, 9.995, 99.995, 999.995, 999_999.995, 1e-7, 5e-3, 4.999e-3, 123_456_789.125,
      9_999_999_999_999.99, -0.005, -0, 0.01, 0.1,
    ];
    for (let i = 0; i < 3000; i += 1) {
      const magnitude = 10 ** Math.floor(random() * 13 - 3);
      amounts.push(
        Math.round(random() * magnitude * 1000) / 1000,
        Math.round((random() - 0.5) * magnitude * 10_000) / 10_000,
      );
    }
    for (const amount of amounts) expect(formatAmount(amount), String(amount)).toBe(expected(amount));
  });
});

describe('formatDate', () => {
  it('gives day/month/year with the real month', () => {
    expect(formatDate('2026-01-05T12:00:00')).toBe('5/1/2026');
    expect(formatDate('2026-12-31T12:00:00')).toBe('31/12/2026');
  });
  it('gives a calendar date (a date of birth) as that day, in the same style', () => {
    expect(formatDate('1990-03-15')).toBe('15/3/1990');
    expect(formatDate('2000-12-01')).toBe('1/12/2000');
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

describe('one date style', () => {
  it('writes a moment with its time on a 24-hour clock, in the same day/month/year style', () => {
    const moment = new Date(2026, 10, 26, 6, 49, 36).toISOString();
    expect(formatDateTime(moment)).toBe('26/11/2026, 06:49:36');
    expect(formatTime(moment)).toBe('06:49:36');
    expect(formatDate(moment)).toBe('26/11/2026');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it.each([
    ['26/11/2026', '2026-11-26'],
    ['5/1/2026', '2026-01-05'],
    ['05/01/2026', '2026-01-05'],
    [' 29/2/2028 ', '2028-02-29'],
    ['26.11.2026', '2026-11-26'],
  ])('reads %s as the day %s', (typed, day) => {
    expect(parseDate(typed)).toBe(day);
    // What it reads is shown back the way the tables show it.
    expect(formatDate(day)).toBe(
      typed
        .trim()
        .replaceAll('.', '/')
        .replace(/\b0(\d)/gu, '$1'),
    );
  });

  it.each(['31/2/2026', '29/2/2027', '2026-11-26', '11/26/2026', '26/11', '', 'soon', '0/1/2026'])(
    'refuses %j',
    (typed) => {
      expect(parseDate(typed)).toBeUndefined();
    },
  );
});
