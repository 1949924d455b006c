/**
 * The text a screen shows for a failed call, for every operation, in one place. Apart from `client.ts`
 * (the client and the contract), so the app's QueryClient and route guards show it without loading them.
 *
 * The bank's own refusals are plain sentences (the spec's messages among them) and pass through as they
 * are. A refusal of the request itself (the contract's check of the fields and files) speaks the wire's
 * language: operation markers, field names, how the request was sent. A customer never sees that text:
 * a refused picture gets one sentence saying what the bank accepts, a refused field is named by its
 * label (../forms/field-labels), and what the customer cannot fix gets the screen's fallback.
 */
import type { OperationName } from '@ebank/contract';
import { isApiError, type ApiError } from '@ebank/contract/errors';
import { fieldLabel, isFileField, type FileFieldName } from '@/forms/field-labels';
import { IMAGE_REFUSED } from '@/forms/image-rules';

/** Used when a failed call has no message of its own and the screen names none. */
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong!';

/** A refused request whose fields cannot be named in the customer's words. */
export const DETAILS_REFUSED = 'Some of the details could not be accepted. Please check them and try again.';
/** A request too large to be received, with no field named. */
export const TOO_LARGE = 'That was too large to send. Please choose a smaller picture and try again.';

/** Refusals of how a request was made (no operation, a reply the contract does not know, a fault): nothing the customer can fix. */
const NOT_FOR_THE_CUSTOMER: ReadonlySet<string> = new Set([
  'no_operation',
  'several_operations',
  'unknown_crud',
  'contract_mismatch',
  'internal',
  'unsupported_media_type',
  'method_not_allowed',
]);

/** Refusals of what was sent, whose text names the fields as the wire does. */
const OF_THE_REQUEST: ReadonlySet<string> = new Set(['invalid_request', 'payload_too_large']);

/** The contract's own refusal of a request: 'Invalid <marker> request: <field>: <reason>; ...'. */
const CONTRACT_REFUSAL = /^Invalid \S+ request: /u;

/** `field: reason` at the start of a refusal or of one of its `; `-separated parts. */
const FIELD_PREFIX = /(?:^|: |; )([A-Za-z_][A-Za-z0-9_.]*): /gu;

/** A failed call that got a reply with a message of its own. */
const answered = (error: unknown): error is ApiError =>
  isApiError(error) && (error.kind === 'http' || error.kind === 'host') && error.message.trim() !== '';

/** The fields a refusal names (its issues, and `field:` in its text), top-level names only. */
function namedFields(error: ApiError): string[] {
  const fromText = [...error.message.matchAll(FIELD_PREFIX)].map((match) => match[1] ?? '');
  const names = [...error.issues.map((issue) => issue.field), ...fromText].map((name) => name.split('.')[0] ?? '');
  return [...new Set(names)].filter((name) => fieldLabel(error.operation, name) !== undefined);
}

/** When the bank refused an uploaded picture: the file fields it named, and what to tell the customer. */
export function imageRefusal(
  error: unknown,
): { readonly fields: readonly FileFieldName[]; readonly message: string } | undefined {
  if (!answered(error)) return undefined;
  const fields = namedFields(error).filter(isFileField);
  return fields.length === 0 ? undefined : { fields, message: IMAGE_REFUSED };
}

/** The labels as a list: 'Amount', 'Bank and Amount', 'Bank, Note and Amount'. */
const listOf = (labels: readonly string[]) =>
  labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1) ?? ''}` : (labels[0] ?? '');

/** A refusal of the request in the customer's words, or undefined when it is the bank's own sentence. */
function requestRefusal(error: ApiError, operation: OperationName): string | undefined {
  const fields = namedFields(error);
  if (fields.some(isFileField)) return IMAGE_REFUSED;
  if (fields.length > 0) {
    const labels = [...new Set(fields.map((field) => fieldLabel(operation, field) ?? ''))];
    return `Please check ${listOf(labels)} and try again.`;
  }
  if (error.code === 'payload_too_large') return TOO_LARGE;
  if ((error.code !== undefined && OF_THE_REQUEST.has(error.code)) || CONTRACT_REFUSAL.test(error.message))
    return DETAILS_REFUSED;
  return undefined;
}

/**
 * The text to show for a failed call: the bank's own message when it gave one, in the customer's words,
 * else the screen's fallback (an error with no message shows the screen's own). A network failure has
 * no message, so it shows the fallback too. Contract mismatches carry technical text and also show the
 * fallback.
 */
export function errorMessage(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  if (!answered(error)) return fallback;
  if (error.code !== undefined && NOT_FOR_THE_CUSTOMER.has(error.code)) return fallback;
  return requestRefusal(error, error.operation) ?? error.message;
}
