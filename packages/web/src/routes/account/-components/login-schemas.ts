/**
 * The login steps' schemas, in a module of their own: the login page renders without them (and without
 * zod), and its forms load them on first validation through `lazyResolver`.
 */
import { operations } from '@ebank/contract';
import { z } from 'zod';
import { schemaResolver } from '@/lib/schema-resolver';
import { emailField } from './form-schemas';
import { PASSCODE_LENGTH } from './passcode';

const emailStepSchema = z.object({ email: emailField(), remember: z.boolean() });

const password = operations.login.request.shape.password;

/** Users sign in with their 6-digit passcode; staff with a password. */
const passcodeSchema = z.object({
  password: z
    .string()
    .regex(new RegExp(`^\\d{${PASSCODE_LENGTH}}$`, 'u'), 'Enter your 6-digit passcode')
    .pipe(password),
});
const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password').pipe(password) });

export type EmailStepValues = z.input<typeof emailStepSchema>;
export type EmailStepOutput = z.output<typeof emailStepSchema>;
export type PasscodeStepValues = z.input<typeof passcodeSchema>;
export type PasscodeStepOutput = z.output<typeof passcodeSchema>;

export const emailStepResolver = schemaResolver(emailStepSchema);
export const passcodeResolver = schemaResolver(passcodeSchema);
export const passwordResolver = schemaResolver(passwordSchema);
