/**
 * The checks both trees' forms put in front of the contract's fields, in the screen's own words; each form
 * then pipes into the contract's field, so it can never produce a request the contract would refuse.
 */
import { z } from 'zod';

/** A text that must not be blank, with the screen's own message. */
export const required = (message: string) => z.string().trim().min(1, message);

/** Exactly `length` digits (a passcode, a PIN, a code), with the screen's own message otherwise. */
export const exactDigits = (length: number, message: string) =>
  z.string().regex(new RegExp(`^\\d{${String(length)}}$`, 'u'), message);
