import { describe, expect, it } from 'vitest';
import { TransactionSchema } from '@ebank/contract';
import { transaction as wireTransaction } from '@/test/bank-data';
import { formatDate } from '@/lib/format';
import { csvCell, statementCsv, statementFileName, toCsv } from './statement-csv';

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

/** A moment at a time of the customer's own day, as the bank sends it (ISO 8601 in UTC). */
const localMoment = (year: number, month: number, day: number, hours: number, minutes: number) =>
  new Date(year, month - 1, day, hours, minutes).toISOString();

describe('statementCsv', () => {
  it('has a header row, the dates and statuses as the screen shows them, and signed plain amounts', () => {
    const csv = statementCsv([
      transaction({ name: 'Salary: Contoso Ltd', date: localMoment(2026, 3, 25, 9, 30), amount: 4050 }),
      transaction({
        name: 'Card payment: Café "Le Coin", Paris',
        date: localMoment(2026, 2, 14, 18, 5),
        amount: 1200.5,
        transaction_type: 'debit',
        status: 'in_progress',
      }),
      transaction({
        name: '=1+1',
        date: localMoment(2026, 2, 1, 0, 0),
        amount: 3,
        transaction_type: 'debit',
        status: 'failed',
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date,Name,Type,Status,Amount',
      '25/3/2026,Salary: Contoso Ltd,credit,successful,4050.00',
      '14/2/2026,"Card payment: Café ""Le Coin"", Paris",debit,in progress,-1200.50',
      `1/2/2026,"'=1+1",debit,failed,-3.00`,
    ]);
  });

  it('writes the customer’s own day, as the table does, not the UTC one', () => {
    // Late in the evening and just after midnight where the customer is: in most places the UTC day differs.
    const evening = localMoment(2026, 11, 25, 23, 43);
    const night = localMoment(2026, 11, 26, 0, 15);
    const lines = statementCsv([
      transaction({ name: 'Evening', date: evening, amount: 20, status: 'in_progress' }),
      transaction({ name: 'Night', date: night, amount: 5, transaction_type: 'debit' }),
    ]).split('\r\n');
    expect(lines.slice(1)).toEqual([
      '25/11/2026,Evening,credit,in progress,20.00',
      '26/11/2026,Night,debit,successful,-5.00',
    ]);
    // One formatter for both: the table's.
    expect(lines[1]?.split(',')[0]).toBe(formatDate(evening));
  });

  it('keeps a date the browser cannot read as it came', () => {
    expect(statementCsv([transaction({ name: 'x', date: 'soon' })]).split('\r\n')[1]).toMatch(/^soon,x,/u);
  });

  it('names the file after the local day', () => {
    expect(statementFileName(new Date(2026, 0, 5, 23, 59))).toBe('statement-2026-01-05.csv');
  });
});
