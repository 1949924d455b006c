/**
 * The UI side of the account forms' schemas: the screens' messages in front of the contract's
 * own field schemas. Each field first checks what the screen promises, in the screen's words, then pipes
 * into the contract's field, so a form can never produce a request the contract would refuse.
 */
import { authOperations } from '@ebank/contract';
import * as z from 'zod/mini';
import { PASSCODE_LENGTH } from './passcode';

/** The sign-up request's fields (route files import it from here, so their first chunk stays lean). */
export const signupShape = authOperations.signup.request.shape;

export { PASSCODE_LENGTH };

export const messages = {
  email: "That doesn't look like an email address",
  passcodeShort: 'Password must be > 6 characters',
  confirm: 'Confirm Password must be 6 digits and same as Passcode',
  terms: 'Please confirm that you are at least 18 years old and accept the terms',
} as const;

/** A new 6-digit passcode: "Password must be > 6 characters" while it is short. */
export const newPasscodeField = () =>
  z.pipe(
    z
      .string()
      .check(
        z.minLength(1, 'Passcode is required'),
        z.minLength(PASSCODE_LENGTH, messages.passcodeShort),
        z.regex(/^\d+$/u, messages.passcodeShort),
      ),
    signupShape.password,
  );

/** Its confirmation: 6 digits and the same as the passcode (the equality is checked on the object). */
export const confirmPasscodeField = () =>
  z.pipe(
    z
      .string()
      .check(
        z.minLength(1, 'Confirm passcode is required'),
        z.regex(new RegExp(`^\\d{${PASSCODE_LENGTH}}$`, 'u'), messages.confirm),
      ),
    signupShape.confirm,
  );

/** The 18+ and terms checkbox, when it must be ticked. */
export const termsAccepted = () => z.boolean().check(z.refine((accepted) => accepted, messages.terms));

/**
 * Options for the "confirm equals passcode" check of a form object: reported on `confirm`, and checked
 * as soon as both fields hold text, even while other fields still have problems.
 */
export const confirmMatches = (passcodeKey: string) => ({
  path: ['confirm'],
  message: messages.confirm,
  when: (payload: { value: unknown }) => {
    const value = payload.value;
    if (typeof value !== 'object' || value === null) return false;
    const fields = value as Record<string, unknown>;
    return typeof fields.confirm === 'string' && typeof fields[passcodeKey] === 'string';
  },
});
