import { TransactionStatusSchema, TransactionTypeSchema } from '@ebank/contract';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, validateStatementSearch } from './statement-search';

const parse = validateStatementSearch;

describe("the statement's search params", () => {
  it('lists the types and statuses of the contract', () => {
    expect(TRANSACTION_TYPES).toEqual(TransactionTypeSchema.options);
    expect(TRANSACTION_STATUSES).toEqual(TransactionStatusSchema.options);
  });

  it('keeps valid filters and page', () => {
    expect(
      parse({ type: 'debit', status: 'in_progress', from: '2025-01-01', to: '2025-12-31', q: 'Rent', page: 3 }),
    ).toEqual({ type: 'debit', status: 'in_progress', from: '2025-01-01', to: '2025-12-31', q: 'Rent', page: 3 });
    expect(parse({})).toEqual({});
  });

  it('drops what it cannot use, one value at a time, and never throws', () => {
    expect(
      parse({ type: 'loan', status: 'pending', from: '2025-02-30', to: 'yesterday', page: 0, q: '   ', extra: 1 }),
    ).toEqual({});
    expect(parse({ type: 'credit', page: -2 })).toEqual({ type: 'credit' });
    expect(parse({ page: 2.5 })).toEqual({});
    expect(parse({ page: 'two' })).toEqual({});
    expect(parse({ from: '2025-13-01', to: '2025-1-5' })).toEqual({});
    expect(parse({ q: ['a'], status: { x: 1 } })).toEqual({});
    // The router keeps an address's value its validator leaves out: a dropped value is named, as undefined.
    expect(parse({ status: 'pending' })).toHaveProperty('status', undefined);
  });

  it('reads numbers and flags the router parsed from the address back as the words they were', () => {
    expect(parse({ q: 2024 })).toEqual({ q: '2024' });
    expect(parse({ q: true })).toEqual({ q: 'true' });
    expect(parse({ q: '  café  ' })).toEqual({ q: 'café' });
  });
});
