/**
 * The age rule of a date of birth, shared by the portal's profile form (the browser's day) and the bank
 * (its own clock's day). A module of its own, so that only the profile page's code carries it.
 */

/** The youngest a customer may be, in years (the sign-up's 18+ checkbox; a date of birth must agree). */
export const ADULT_AGE = 18;

/**
 * What is wrong with a date of birth (`YYYY-MM-DD`) on the calendar day `today` (`YYYY-MM-DD`): 'future'
 * for a day after today, 'minor' for someone not yet {@link ADULT_AGE}; undefined when it is fine. The
 * portal asks it with the browser's day, the bank with its own clock's.
 */
export function birthDateProblem(dob: string, today: string): 'future' | 'minor' | undefined {
  if (dob > today) return 'future';
  const year = Number(today.slice(0, 4)) - ADULT_AGE;
  // Born on or before this day ADULT_AGE years ago (29 February counts as its own day: the string order holds).
  return dob <= `${String(year).padStart(4, '0')}${today.slice(4)}` ? undefined : 'minor';
}
