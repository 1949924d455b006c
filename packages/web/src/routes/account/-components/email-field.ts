/**
 * The e-mail field of every account form, apart from the sign-up's and reset's rules (form-schemas.ts), so
 * that the login page, which needs only this one, does not load theirs.
 */
import { authOperations } from '@ebank/contract';
import * as z from 'zod/mini';
import { required } from '@/forms/form-rules';

/** An e-mail address: required, then the contract's rule ("That doesn't look like an email address"). */
export const emailField = () => z.pipe(required('E-mail is required'), authOperations.lookupUser.request.shape.email);
