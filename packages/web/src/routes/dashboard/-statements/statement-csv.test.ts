import { describe, expect, it } from 'vitest';
import { TransactionSchema } from '@ebank/contract';
import { transaction as wireTransaction } from '@/test/bank-data';
import { csvCell, isoDate, statementCsv, statementFileName, toCsv } from './statement-csv';

/** A transaction as the app reads it from the bank's reply. */
const transaction = (overrides: Parameters<typeof wireTransaction>[0] = {}) =>
  TransactionSchema.parse(wireTransaction(overrides));

describe('the CSV writer (RFC 4180)', () => {
  it('leaves plain text as it is and separates lines with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a,b\r\nc,d');
    expect(toCsv([])).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes cells with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvCell('Café "Le Coin", Paris')).toBe('"Café ""Le Coin"", Paris"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsv([['x,y', 'z']])).toBe('"x,y",z');
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+44 20 7946 0958')).toBe(`"'+44 20 7946 0958"`);
    expect(csvCell('-rent')).toBe(`"'-rent"`);
    expect(csvCell('@home Furnishings')).toBe(`"'@home Furnishings"`);
    expect(csvCell('\tcmd')).toBe(`"'\tcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes amounts as plain numbers with two decimals, never prefixed', () => {
    expect(csvCell(-1200.5)).toBe('-1200.50');
    expect(csvCell(1234567.891)).toBe('1234567.89');
    expect(csvCell(0.1 + 0.2)).toBe('0.30');
  });
});

describe('statementCsv', () => {
  it('has a header row, ISO dates, signed plain amounts and the bank’s type and status', () => {
    const csv = statementCsv([
      transaction({ name: 'Salary: Contoso Ltd', date: '2026-03-25T09:30:00.000Z', amount: 4050 }),
      transaction({
        name: 'Card payment: Café "Le Coin", Paris',
        date: '2026-02-14T18:05:00Z',
        amount: 1200.5,
        transaction_type: 'debit',
        status: 'in_progress',
      }),
      transaction({
        name: '=1+1',
        date: '2026-02-01T00:00:00.000Z',
        amount: 3,
        transaction_type: 'debit',
        status: 'failed',
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date,Name,Type,Status,Amount',
      '2026-03-25T09:30:00.000Z,Salary: Contoso Ltd,credit,successful,4050.00',
      '2026-02-14T18:05:00.000Z,"Card payment: Café ""Le Coin"", Paris",debit,in_progress,-1200.50',
      `2026-02-01T00:00:00.000Z,"'=1+1",debit,failed,-3.00`,
    ]);
  });

  it('keeps a date the browser cannot read as it came', () => {
    expect(isoDate('2026-11-01T09:30:00+02:00')).toBe('2026-11-01T07:30:00.000Z');
    expect(isoDate('soon')).toBe('soon');
  });

  it('names the file after the local day', () => {
    expect(statementFileName(new Date(2026, 0, 5, 23, 59))).toBe('statement-2026-01-05.csv');
  });
});
