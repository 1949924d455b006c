/**
 * The sign-in side's operations: looking up an e-mail, signing in, signing up, verifying the e-mail and
 * resetting the passcode, as one part of the contract (decision 0030). The login page loads only this part.
 */
import { z } from './zod';
import { digits, email, flag, id, text } from './fields';
import { crud, marker, c, errorResponses, operation, operationsOf } from './route';
import {
  HeadBodySchema,
  LoginUserSchema,
  RoleSchema,
  StatusReplySchema,
  VerificationStatusSchema,
  maybe,
  str,
  yesNo,
} from './replies';

export const authContract = c.router(
  {
    // --- auth ----------------------------------------------------------------------------------------
    lookupUser: operation(
      {
        selector: crud('iduser'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Login step 1: who is this e-mail (role, picture, full name)',
      },
      {
        request: z.strictObject({ email: email() }),
        reply: z.object({ role: RoleSchema, user: LoginUserSchema, message: maybe(str) }),
      },
    ),
    login: operation(
      {
        selector: crud('userlogin'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Login step 2: passcode (users) or password (admins)',
      },
      {
        request: z.strictObject({ email: email(), password: text({ max: 128 }), remeber: flag() }),
        reply: z.object({
          role: RoleSchema,
          jwt: maybe(str),
          verification_status: maybe(VerificationStatusSchema),
          verified: maybe(yesNo),
          submitted: maybe(z.enum(['Yes', 'No'])),
          email: maybe(str),
          message: maybe(str),
          error: maybe(yesNo),
          ismsg: maybe(HeadBodySchema),
          user: maybe(LoginUserSchema),
        }),
      },
    ),
    signup: operation(
      {
        selector: crud('newuser'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Create an account; the bank sends an e-mail verification code',
      },
      {
        request: z.strictObject({
          first_name: text({ max: 50 }),
          last_name: text({ max: 50 }),
          username: text({ max: 30 }),
          email: email(),
          password: digits(6),
          confirm: digits(6),
          fullname: text({ max: 101 }),
        }),
        reply: z.object({ status: str, message: maybe(str), email: maybe(str) }),
      },
    ),
    verifyEmail: operation(
      {
        selector: crud('verifyuser'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Confirm the e-mail with the code the bank sent; gives the (temporary) token',
      },
      {
        request: z.strictObject({ email: email(), ver_code: digits(6), action: z.literal('code') }),
        reply: z.object({
          status: str,
          message: maybe(str),
          jwt: maybe(str),
          verification_status: maybe(VerificationStatusSchema),
        }),
      },
    ),
    forgotPasscode: operation(
      {
        selector: crud('userforgot'),
        auth: 'none',
        kind: 'mutation',
        summary: 'action=code: send a reset code and link; action=reset: set a new passcode with it',
      },
      {
        request: z.discriminatedUnion('action', [
          z.strictObject({ action: z.literal('code'), email: email() }),
          z.strictObject({ action: z.literal('reset'), email: email(), reset_code: id(), new_password: digits(6) }),
        ]),
        reply: StatusReplySchema,
      },
    ),
    resendConfirmCode: operation(
      {
        selector: marker('resendconfirmcode'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Send the e-mail verification code again',
      },
      {
        request: z.strictObject({ email: email() }),
        reply: StatusReplySchema,
      },
    ),
    resendForgotCode: operation(
      {
        selector: marker('resendforgotcode'),
        auth: 'none',
        kind: 'mutation',
        summary: 'Send the passcode reset code and link again',
      },
      {
        request: z.strictObject({ email: email() }),
        reply: StatusReplySchema,
      },
    ),
  },
  { commonResponses: errorResponses },
);

/** This part's routes under plain names (derived, never written twice): `authOperations.login.request`, ... */
export const authOperations = operationsOf(authContract);
