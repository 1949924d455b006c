/**
 * The transfer between its screens (form, review, PIN), kept in session storage under one key so that a
 * reload loses nothing: the form as typed and, once reviewed, its display amount (spec section 9). The
 * form writes it; a completed transfer or "Start over" clears it. The PIN and the code are never kept.
 */
import { z } from 'zod';
import { emptyTransferForm, transferFormSchema, type Transfer, type TransferFormInput } from './transfer-form';
import { keptTransfer as kept } from './transfer-storage';

const StoredSchema = z.object({
  fields: z.partialRecord(transferFormSchema.keyof(), z.string()),
  display: z.string().optional(),
});

function readStored() {
  const raw = kept.get();
  if (raw === undefined) return undefined;
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A transfer that has been reviewed and is complete: what the confirmation screens work on. */
export interface StoredTransfer {
  readonly transfer: Transfer;
  /** The amount as the form showed it, when it was reviewed. */
  readonly display: string | undefined;
}

export const transferDraft = {
  /** The form as last typed (empty fields where nothing is kept). */
  form(): TransferFormInput {
    return { ...emptyTransferForm, ...readStored()?.fields };
  },
  /** Keeps the form as typed; a changed form has no reviewed display amount any more. */
  saveForm(fields: TransferFormInput) {
    kept.set(JSON.stringify({ fields }));
  },
  /** Keeps the form with the amount as shown, on the way to the review. */
  saveReviewed(fields: TransferFormInput, display: string) {
    kept.set(JSON.stringify({ fields, display }));
  },
  /** The kept transfer when it is complete and valid; otherwise nothing (a bad or missing payload). */
  transfer(): StoredTransfer | undefined {
    const stored = readStored();
    if (stored === undefined) return undefined;
    const parsed = transferFormSchema.safeParse({ ...emptyTransferForm, ...stored.fields });
    return parsed.success ? { transfer: parsed.data, display: stored.display } : undefined;
  },
  clear() {
    kept.remove();
  },
};
