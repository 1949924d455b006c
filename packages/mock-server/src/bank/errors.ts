import { SIGN_IN_AGAIN } from '@ebank/contract';

/** A refusal by the bank: a client-facing message and the HTTP status the adapter should use. */
export type BankErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | typeof SIGN_IN_AGAIN
  | 'not_found'
  | 'conflict'
  | 'invalid'
  | 'locked'
  | 'rate_limited'
  | 'gone'
  | 'quota_exceeded'
  | 'unavailable';

const STATUS: Record<BankErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  // Refused for this session, not for the customer: a fresh sign-in lifts it.
  [SIGN_IN_AGAIN]: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  locked: 423,
  rate_limited: 429,
  // The customer's stored files are at their limit: the request conflicts with what the account holds.
  quota_exceeded: 409,
  // The server holds as much as it may (sandboxes): try again later.
  unavailable: 503,
};

export class BankError extends Error {
  override readonly name = 'BankError';
  readonly status: number;
  constructor(
    readonly code: BankErrorCode,
    message: string,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export function refuse(code: BankErrorCode, message: string): never {
  throw new BankError(code, message);
}
