/** A passcode is six digits; this module has no dependencies, so any page can use it. */
export const PASSCODE_LENGTH = 6;
