/** The login steps' schemas: the e-mail step's, and the passcode (users) or password (staff) step's. */
import { authOperations } from '@ebank/contract';
import * as z from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { emailField } from './email-field';
import { PASSCODE_LENGTH } from './passcode';

const emailStepSchema = z.object({ email: emailField(), remember: z.boolean() });

const password = authOperations.login.request.shape.password;

/** Users sign in with their 6-digit passcode; staff with a password. */
const passcodeSchema = z.object({
  password: z.pipe(
    z.string().check(z.regex(new RegExp(`^\\d{${PASSCODE_LENGTH}}$`, 'u'), 'Enter your 6-digit passcode')),
    password,
  ),
});
const passwordSchema = z.object({
  password: z.pipe(z.string().check(z.minLength(1, 'Enter your password')), password),
});

export type EmailStepValues = z.input<typeof emailStepSchema>;
export type EmailStepOutput = z.output<typeof emailStepSchema>;
export type PasscodeStepValues = z.input<typeof passcodeSchema>;
export type PasscodeStepOutput = z.output<typeof passcodeSchema>;

export const emailStepResolver = zodResolver(emailStepSchema);
export const passcodeResolver = zodResolver(passcodeSchema);
export const passwordResolver = zodResolver(passwordSchema);
