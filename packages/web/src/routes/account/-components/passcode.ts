/** A passcode is six digits (spec section 5); this module has no dependencies, so any page can use it. */
export const PASSCODE_LENGTH = 6;
