/**
 * The KYC form's schema, empty values and choices, apart from the route file: what a route file builds at
 * its top level is evaluated, with zod, the contract and the country list, in the app's first chunk.
 */
import { dashboardOperations } from '@ebank/contract';
import * as z from 'zod/mini';
import { countryNames } from '@/forms/countries';
import { required } from '@/forms/form-rules';
import { imageFile } from '@/forms/image-upload';

const shape = dashboardOperations.submitVerification.request.shape;

export const DEFAULT_DOCUMENT_TYPE = "Driver's License";

export const kycSchema = z.object({
  country: z.pipe(required('Choose your country'), shape.country),
  phone: z.pipe(
    required('Phone number is required').check(
      z.regex(/^\+?[0-9][0-9 ()-]{3,22}$/u, 'Enter a phone number such as +44 20 7946 0958'),
    ),
    shape.phone,
  ),
  home_address: z.pipe(required('Home address is required'), shape.home_address),
  type: z.pipe(required('Choose a document type'), shape.type),
  pic: imageFile('Choose a picture of yourself'),
  idcardFront: imageFile('Choose the front of your document'),
  idcardBack: imageFile('Choose the back of your document'),
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
