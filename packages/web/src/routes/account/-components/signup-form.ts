/**
 * The sign-up form's schema and empty values, apart from the route file: a schema built at a route file's
 * top level would be evaluated, with zod and the contract, in the app's first chunk.
 */
import * as z from 'zod/mini';
import { required } from '@/forms/form-rules';
import { emailField } from './email-field';
import {
  confirmMatches,
  confirmPasscodeField,
  newPasscodeField,
  signupShape as shape,
  termsAccepted,
} from './form-schemas';

export const signupFormSchema = z
  .object({
    first_name: z.pipe(required('First name is required'), shape.first_name),
    last_name: z.pipe(required('Last name is required'), shape.last_name),
    username: z.pipe(required('Username is required'), shape.username),
    email: emailField(),
    password: newPasscodeField(),
    confirm: confirmPasscodeField(),
    terms: termsAccepted(),
  })
  .check(z.refine((values) => values.confirm === values.password, confirmMatches('password')));

export type SignupFormInput = z.input<typeof signupFormSchema>;

export const emptyForm: SignupFormInput = {
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  password: '',
  confirm: '',
  terms: false,
};
