/**
 * The one error every call can fail with, and the real host's habit of answering 200 with an error body.
 * This module has no runtime dependencies (no zod), so a page can recognise and show a failed call
 * without loading the contract's schemas.
 */
import type { OperationName } from './operations';
import type { FieldIssue } from './replies';

/**
 * - `http`: a 4xx/5xx reply (JSON with `message` when the server follows the contract)
 * - `host`: a 200 reply that carries an error, as the real host does
 * - `network`: no reply at all; the spec calls this an empty result, so it has no message
 * - `reply`: a reply that is not JSON or does not match the contract
 * - `input`: the input does not satisfy the contract, so nothing was sent
 */
export type ApiErrorKind = 'http' | 'host' | 'network' | 'reply' | 'input';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | undefined;
  readonly issues: readonly FieldIssue[];
  readonly code: string | undefined;
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly operation: OperationName,
    details: { status?: number; issues?: readonly FieldIssue[]; code?: string | undefined } = {},
  ) {
    super(message);
    this.status = details.status;
    this.issues = details.issues ?? [];
    this.code = details.code;
  }

  /** True for the spec's "empty result": the call never got a reply. */
  get isEmptyResult() {
    return this.kind === 'network';
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The real host answers some failures with 200 and an error body. Returns the error's message ('' when
 * it gives none) or undefined when the body is not an error.
 */
export function hostErrorMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const flagged =
    body.error === true ||
    (typeof body.error === 'string' && body.error !== '') ||
    body.status === 'error' ||
    body.status === 'failed' ||
    body.failed === true ||
    body.icon === 'error';
  if (!flagged) return undefined;
  if (typeof body.message === 'string') return body.message;
  return typeof body.error === 'string' ? body.error : '';
}
