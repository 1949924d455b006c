import { decode, operationNames, operations, selectorLabel, type OperationName } from '@ebank/contract';
import { ApiError } from '@ebank/contract/errors';
import { notImages } from '@ebank/contract/testing';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, FILE_LABELS } from '@/forms/field-labels';
import { IMAGE_REFUSED } from '@/forms/image-rules';
import { DEFAULT_ERROR_MESSAGE, DETAILS_REFUSED, errorMessage, imageRefusal } from './error-message';

/** The text fields an operation's request takes (each member of a union). */
function requestFields(name: OperationName): string[] {
  const request: z.ZodMiniType = operations[name].request;
  const objects =
    request instanceof z.ZodMiniDiscriminatedUnion
      ? request.def.options
      : request instanceof z.ZodMiniObject
        ? [request]
        : [];
  return [...new Set(objects.flatMap((o) => (o instanceof z.ZodMiniObject ? Object.keys(o.shape) : [])))];
}

const fileFields = (name: OperationName) => Object.keys(operations[name].files);

/** The wire's selector of an operation: the query or the marker field that names it. */
function selector(name: OperationName): { query: Record<string, string>; marker: Record<string, string> } {
  const s = operations[name].selector;
  return 'crud' in s ? { query: { crud: s.crud }, marker: {} } : { query: {}, marker: { [s.marker]: '1' } };
}

/** The bank's 400 for a request its contract refused, as the client receives it. */
function refusal(name: OperationName, fields: Record<string, string>, files: Record<string, Uint8Array> = {}) {
  const { query, marker } = selector(name);
  const received = Object.entries(files).map(([fieldname, buffer]) => ({
    fieldname,
    originalname: `${fieldname}.png`,
    size: buffer.length,
    buffer,
  }));
  const decoded = decode(query, { ...marker, ...fields }, received);
  if (decoded.ok) throw new Error(`${name}: the request was not refused`);
  return new ApiError('http', decoded.message, name, {
    status: 400,
    issues: decoded.issues,
    code: decoded.code,
  });
}

/** Every refusal of the contract's check we can make for an operation. */
function refusalsOf(name: OperationName): { what: string; error: ApiError }[] {
  const svgs = Object.fromEntries(fileFields(name).map((field) => [field, notImages.svg]));
  const bad = Object.fromEntries(requestFields(name).map((field) => [field, '\u0000'.repeat(9000)]));
  return [
    { what: 'an unknown field', error: refusal(name, { not_a_field: 'x' }) },
    ...(requestFields(name).length > 0 ? [{ what: 'every field unreadable', error: refusal(name, bad) }] : []),
    ...(requestFields(name).length > 0 || fileFields(name).length > 0
      ? [{ what: 'nothing sent', error: refusal(name, {}) }]
      : []),
    ...(fileFields(name).length > 0 ? [{ what: 'SVG pictures', error: refusal(name, {}, svgs) }] : []),
  ];
}

/** A word of the wire (a field or marker name) as a word of the text, case and all. */
const wireWord = (word: string) => new RegExp(`(^|[^A-Za-z0-9_])${word.replace(/\./gu, '\\.')}($|[^A-Za-z0-9_])`, 'u');

describe('errorMessage: a refusal of the request never shows the wire', () => {
  describe.each(operationNames)('%s', (name) => {
    const s = operations[name].selector;
    const wire = [
      'crud' in s ? s.crud : s.marker,
      selectorLabel(s),
      'token',
      ...requestFields(name),
      ...fileFields(name),
    ];

    it.each(refusalsOf(name))('$what', ({ error }) => {
      // The refusal as the bank words it does name the wire...
      expect(error.message).toMatch(/request:|:/u);
      const text = errorMessage(error);
      // A label is the form's own words ('Authorization code'), whatever the wire calls its field.
      const words = [...Object.values(FIELD_LABELS), ...Object.values(FILE_LABELS)].reduce(
        (rest, label) => rest.replaceAll(label, ''),
        text,
      );
      for (const word of wire) expect(words, word).not.toMatch(wireWord(word));
      expect(text).not.toMatch(/request:/iu);
      expect(text).not.toMatch(/\b[1-5]\d\d\b/u);
      expect(text).not.toMatch(/\bInvalid\b/u);
      expect(text).not.toBe('');
    });
  });

  it('says what the bank accepts when it refused a picture, and which fields of the form it was', () => {
    const error = refusal('updateProfilePicture', {}, { profilePic: notImages.svg });
    expect(errorMessage(error, 'Something went wrong!')).toBe(
      'That picture could not be used: it must be a PNG, JPG, GIF or WebP image up to 5 MB and 8000 × 8000 pixels.',
    );
    expect(imageRefusal(error)).toEqual({ fields: ['profilePic'], message: IMAGE_REFUSED });
    const kyc = refusal(
      'submitVerification',
      { country: 'Kenya', phone: '+254 700 000000', home_address: '1 Road', type: 'Passport' },
      { pic: notImages.html },
    );
    expect(imageRefusal(kyc)?.fields).toEqual(['pic', 'idcardFront', 'idcardBack']);
  });

  it('names a refused field by its label on the form', () => {
    const error = refusal('changeEmail', { email: 'not an address' });
    expect(errorMessage(error)).toBe('Please check New e-mail address and try again.');
    const transfer = refusal('createTransfer', {});
    expect(errorMessage(transfer)).toMatch(/^Please check Bank, Swift code, .* and try again\.$/u);
  });

  it('reads the field from the text when the refusal lists no issues (a too-large file, the bank’s own checks)', () => {
    const tooLarge = new ApiError('http', 'depositPic: must be at most 5 MB', 'createPayment', {
      status: 413,
      code: 'payload_too_large',
    });
    expect(errorMessage(tooLarge)).toBe(IMAGE_REFUSED);
    const docType = new ApiError('http', "type: must be one of 'Passport'", 'submitVerification', {
      status: 400,
      code: 'invalid',
    });
    expect(errorMessage(docType)).toBe('Please check Document type and try again.');
    const contract = new ApiError('http', 'Invalid newmpc request: foo: is not a field of newmpc', 'createPayment', {
      status: 400,
    });
    expect(errorMessage(contract)).toBe(DETAILS_REFUSED);
  });

  it('shows the screen’s fallback for what the customer cannot fix', () => {
    for (const [code, message] of [
      ['no_operation', 'No operation: the body must carry one action marker field (such as getinstituition)'],
      ['contract_mismatch', 'The mock bank produced a reply that does not match the contract'],
      ['internal', 'Something went wrong in the mock bank'],
      ['unsupported_media_type', 'Send the form in UTF-8, without a content encoding'],
    ] as const)
      expect(errorMessage(new ApiError('http', message, 'getProfile', { status: 500, code }), 'Fallback')).toBe(
        'Fallback',
      );
    expect(errorMessage(new ApiError('reply', 'The reply does not match the contract', 'getProfile'))).toBe(
      DEFAULT_ERROR_MESSAGE,
    );
    expect(errorMessage(new ApiError('network', '', 'getProfile'), 'An error has Occured.')).toBe(
      'An error has Occured.',
    );
  });
});

describe('errorMessage: the bank’s own words pass through unchanged', () => {
  it.each([
    ['login', 'unauthorized', 'Invalid Credentials'],
    ['createTransfer', 'conflict', 'Insufficient balance'],
    ['changePasscode', 'invalid', 'Password Mismatch'],
    ['signup', 'invalid', 'Confirm Password must be 6 digits and same as Passcode'],
    ['getPaymentMethods', 'forbidden', 'Not available for your region'],
    ['confirmPin', 'invalid', 'Wrong PIN. 4 attempts left.'],
    ['confirmPin', 'locked', 'Too many wrong PIN attempts. Try again in 15 minutes.'],
    ['lookupUser', 'not_found', 'We could not find an account with that e-mail address'],
    ['getProfile', 'unauthorized', 'Your session has ended. Please log in again.'],
  ] as const)('%s: %s', (name, code, message) => {
    expect(errorMessage(new ApiError('http', message, name, { status: 400, code }))).toBe(message);
    expect(errorMessage(new ApiError('host', message, name, { status: 200 }))).toBe(message);
  });
});

describe('the field labels', () => {
  it('name every field and file of every operation', () => {
    for (const name of operationNames) {
      for (const field of requestFields(name))
        expect(Object.hasOwn(FIELD_LABELS, field), `${name}.${field}`).toBe(true);
      for (const field of fileFields(name)) expect(Object.hasOwn(FILE_LABELS, field), `${name}.${field}`).toBe(true);
    }
  });
});
