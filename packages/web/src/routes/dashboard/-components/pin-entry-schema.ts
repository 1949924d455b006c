/** The PIN entry of both PIN creation screens: 4 digits, then the contract's own rule. */
import { dashboardOperations } from '@ebank/contract';
import * as z from 'zod/mini';
import { exactDigits } from '@/forms/form-rules';
import { PIN_LENGTH } from './pin-draft';

export const pinEntrySchema = z.object({
  pin: z.pipe(
    exactDigits(PIN_LENGTH, 'Enter all 4 digits of your PIN'),
    dashboardOperations.createPin.request.shape.pin,
  ),
});
