/**
 * The KYC form's schema, empty values and choices, apart from the route file: what a route file builds at
 * its top level is evaluated, with zod, the contract and the country list, in the app's first chunk.
 */
import { describeTypes, formatBytes, IMAGE_TYPES, MAX_IMAGE_BYTES, operations } from '@ebank/contract';
import { z } from 'zod';
import { countryNames } from '@/forms/countries';
import { required } from '@/forms/form-rules';

const shape = operations.submitVerification.request.shape;

export const DEFAULT_DOCUMENT_TYPE = "Driver's License";
export const ACCEPT = IMAGE_TYPES.join(',');

/** A required image file: one of the contract's types and within its size limit (the bank checks the content too). */
export const image = /* #__NO_SIDE_EFFECTS__ */ (what: string) =>
  z
    .custom<File | undefined>((value) => value === undefined || value instanceof Blob)
    .transform((file, ctx) => {
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input: file });
        return z.NEVER;
      };
      if (file === undefined) return fail(`Choose ${what}`);
      if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
        return fail(`Choose a ${describeTypes(IMAGE_TYPES)} image`);
      if (file.size > MAX_IMAGE_BYTES) return fail(`Choose an image of at most ${formatBytes(MAX_IMAGE_BYTES)}`);
      return file;
    });

export const kycSchema = z.object({
  country: required('Choose your country').pipe(shape.country),
  phone: required('Phone number is required')
    .regex(/^\+?[0-9][0-9 ()-]{3,22}$/u, 'Enter a phone number such as +44 20 7946 0958')
    .pipe(shape.phone),
  home_address: required('Home address is required').pipe(shape.home_address),
  type: required('Choose a document type').pipe(shape.type),
  pic: image('a picture of yourself'),
  idcardFront: image('the front of your document'),
  idcardBack: image('the back of your document'),
});

export type KycFormInput = z.input<typeof kycSchema>;

export const emptyForm: KycFormInput = {
  country: '',
  phone: '',
  home_address: '',
  type: DEFAULT_DOCUMENT_TYPE,
  pic: undefined,
  idcardFront: undefined,
  idcardBack: undefined,
};

export const countryOptions = countryNames.map((name) => ({ value: name, label: name }));
