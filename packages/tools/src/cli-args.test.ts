import { describe, expect, it } from 'vitest';
import { plural } from './cli-args';

describe('plural', () => {
  it('is singular for one only', () => {
    expect(`1 ${plural(1, 'failure')}`).toBe('1 failure');
    expect(`0 ${plural(0, 'failure')}`).toBe('0 failures');
    expect(`2 ${plural(2, 'test')}`).toBe('2 tests');
  });
});
