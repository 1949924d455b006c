/**
 * The profile form's schema and country choices, apart from the route file: what a route file builds at
 * its top level is evaluated, with zod, the contract and the country list, in the app's first chunk.
 */
import { ADULT_AGE, birthDateProblem, dashboardOperations } from '@ebank/contract';
import * as z from 'zod/mini';
import { countryNames } from '@/forms/countries';
import { blankAsAbsent } from '@/forms/form-rules';
import { calendarDay, parseDate } from '@/lib/format';

const shape = dashboardOperations.updateProfile.request.shape;

export const PHONE = /^\+?[0-9][0-9 ()-]{3,22}$/u;
/** What the date of birth says of a text that is not a day. */
export const DOB_NOT_A_DAY = 'Enter the date of birth as day/month/year, such as 23/4/1990';

/** Today's calendar day where the browser is, `YYYY-MM-DD`. */
export const today = () => calendarDay(new Date());

export const profileSchema = z.object({
  fullname: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Full name is required')), shape.fullname),
  phone: z.pipe(
    z.pipe(
      z.string().check(
        z.trim(),
        z.refine((value) => value === '' || PHONE.test(value), 'Enter a phone number such as +44 20 7946 0958'),
      ),
      z.transform((value: string) => (value === '' ? undefined : value)),
    ),
    shape.phone,
  ),
  // An optional detail left blank is left as it is (the contract's absent field).
  gender: blankAsAbsent(shape.gender),
  // Typed as the portal writes days (23/4/1990), sent as the bank takes them (1990-04-23).
  dob: z.pipe(
    z
      .pipe(
        z.string().check(
          z.trim(),
          z.refine((value) => value === '' || parseDate(value) !== undefined, DOB_NOT_A_DAY),
        ),
        z.transform((value: string) => (value === '' ? undefined : parseDate(value))),
      )
      .check(
        z.refine(
          (value) => value === undefined || birthDateProblem(value, today()) !== 'future',
          'The date of birth cannot be in the future',
        ),
        z.refine(
          (value) => value === undefined || birthDateProblem(value, today()) !== 'minor',
          `Customers must be ${String(ADULT_AGE)} or over: check the date of birth`,
        ),
      ),
    shape.dob,
  ),
  country: blankAsAbsent(shape.country),
  marital_status: blankAsAbsent(shape.marital_status),
  home_address: blankAsAbsent(shape.home_address),
  next_of_kin: blankAsAbsent(shape.next_of_kin),
});

export type ProfileFormInput = z.input<typeof profileSchema>;

export const countryOptions = countryNames.map((country) => ({ value: country, label: country }));
