import { describe, expect, it } from 'vitest';
import { birthDateProblem } from './birth-date';

describe('a date of birth on a given day', () => {
  it('is fine for someone 18 on that very day or older', () => {
    expect(birthDateProblem('2008-11-27', '2026-11-27')).toBeUndefined();
    expect(birthDateProblem('1990-04-23', '2026-11-27')).toBeUndefined();
  });

  it('names someone who turns 18 tomorrow a minor, and a day after today the future', () => {
    expect(birthDateProblem('2008-11-28', '2026-11-27')).toBe('minor');
    expect(birthDateProblem('2026-11-27', '2026-11-27')).toBe('minor');
    expect(birthDateProblem('2026-11-28', '2026-11-27')).toBe('future');
  });

  it('counts a birthday on 29 February as reached on 1 March of a common year, not before', () => {
    expect(birthDateProblem('2008-02-29', '2026-02-28')).toBe('minor');
    expect(birthDateProblem('2008-02-29', '2026-03-01')).toBeUndefined();
  });
});
