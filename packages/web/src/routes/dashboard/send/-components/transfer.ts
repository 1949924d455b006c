/**
 * The transfer on the client, all of it: its steps (details, review, authorise), what it keeps between
 * them, and its reset. The screens read and change it only through `transferDraft` here.
 *
 * Kept in session storage under one key (listed in `session/browser-storage.ts`, so signing out clears it
 * too), so that a reload loses nothing: the form as typed and, once reviewed, the amount as the form
 * showed it. The form screen writes it; the review and PIN screens check it in their loaders (split from
 * the route tree, so the entry chunk carries none of this) and go back to the form without a complete
 * transfer; "Start over" clears it, and a completed transfer leaves only that it is done. The PIN and the code are never kept: the PIN
 * screen asks for the PIN, then for the code when the bank asks for one (`pin.tsx`).
 *
 * Once the PIN went through and the bank e-mailed a code, the record also keeps that, with the bank's
 * words for the code step (never the code): a reload of the code step stays on it, and the code already
 * sent still works, since the bank keeps it for this transfer until a new PIN confirmation replaces it.
 * Any change of the form writes the record anew without it, and so does confirming the review again
 * (which asks for the PIN, and so sends a new code).
 */
import { serviceChargeCents } from '@ebank/contract';
import { redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { DEFAULT_ERROR_MESSAGE } from '@/api/error-message';
import { toast } from '@/components/ui/toast';
import { storedValue } from '@/session/browser-storage';
import { emptyTransferForm, transferFormSchema, type Transfer, type TransferFormInput } from './transfer-form';

export const TRANSFER_STORAGE_KEY = 'baTransfer';

const kept = storedValue('sessionStorage', TRANSFER_STORAGE_KEY);

/** The code step as the bank worded it in its reply to the PIN: its heading and text. */
export interface CodeStep {
  readonly head: string;
  readonly body: string;
}

const StoredSchema = z.object({
  fields: z.partialRecord(z.keyof(transferFormSchema), z.string()),
  display: z.optional(z.string()),
  codeSent: z.optional(z.object({ head: z.string(), body: z.string() })),
});

/** What a transfer that went through leaves: no detail of it, only that it is done. */
const SentSchema = z.object({ sent: z.literal(true) });

/** The kept record as JSON; nothing when there is none or it is not JSON. */
function keptJson(): unknown {
  const raw = kept.get();
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Whether the last transfer went through (and nothing has been typed since). */
const wasSent = () => SentSchema.safeParse(keptJson()).success;

function readStored() {
  const parsed = StoredSchema.safeParse(keptJson());
  return parsed.success ? parsed.data : undefined;
}

/** A transfer that has been reviewed and is complete: what the review and PIN screens work on. */
export interface StoredTransfer {
  readonly transfer: Transfer;
  /** The amount as the form showed it, when it was reviewed. */
  readonly display: string | undefined;
  /** The PIN went through for this transfer and the bank e-mailed a code: the code step to show. */
  readonly codeSent: CodeStep | undefined;
}

export const transferDraft = {
  /** Details: the form as last typed (empty fields where nothing is kept). */
  form(): TransferFormInput {
    return { ...emptyTransferForm, ...readStored()?.fields };
  },
  /** Details: keeps the form as typed; a changed form has no reviewed display amount any more. */
  saveForm(fields: TransferFormInput) {
    kept.set(JSON.stringify({ fields }));
  },
  /** Details to review: keeps the form with the amount as shown. */
  saveReviewed(fields: TransferFormInput, display: string) {
    kept.set(JSON.stringify({ fields, display }));
  },
  /** The kept transfer when it is complete and valid; otherwise nothing (a missing, bad or partial record). */
  transfer(): StoredTransfer | undefined {
    const stored = readStored();
    if (stored === undefined) return undefined;
    const parsed = transferFormSchema.safeParse({ ...emptyTransferForm, ...stored.fields });
    return parsed.success ? { transfer: parsed.data, display: stored.display, codeSent: stored.codeSent } : undefined;
  },
  /** Authorise: the PIN went through and the bank e-mailed a code for the kept transfer. */
  saveCodeSent(step: CodeStep) {
    const stored = readStored();
    if (stored === undefined) return;
    kept.set(JSON.stringify({ ...stored, codeSent: { head: step.head, body: step.body } }));
  },
  /** The code sent is spent, refused for good, or about to be replaced: the PIN is asked again. */
  forgetCodeSent() {
    const stored = readStored();
    if (stored?.codeSent === undefined) return;
    kept.set(JSON.stringify({ fields: stored.fields, display: stored.display }));
  },
  /**
   * For the review and PIN screens' loaders: the kept transfer; without a complete one, 'Something went
   * wrong!' and back to the form. A preload says nothing; only a real visit does, and not after a transfer
   * that went through (the browser's Back from its success): that is no failure, only a new form.
   */
  transferOrBack(preload: boolean, toastMs: number): StoredTransfer {
    const stored = transferDraft.transfer();
    if (stored !== undefined) return stored;
    if (!preload && !wasSent()) toast.error(DEFAULT_ERROR_MESSAGE, { duration: toastMs });
    throw redirect({ to: '/dashboard/send', replace: true });
  },
  /** The transfer went through: nothing of it is kept, only that it is done. */
  sent() {
    kept.set(JSON.stringify({ sent: true }));
  },
  /** The customer starts over: nothing is kept. */
  clear() {
    kept.remove();
  },
};

/** The service charge percent when the bank gives none. */
export const DEFAULT_SERVICE_CHARGE_PERCENT = 10;

/**
 * The fee (that percent of the amount) and the amount received (the amount minus the fee), worked out in
 * cents by the bank's own function, so the review shows exactly what the bank will book.
 */
export function transferCharges(amount: number, percent: number) {
  const amountCents = Math.round(amount * 100);
  const feeCents = serviceChargeCents(amountCents, percent);
  return { fee: feeCents / 100, received: (amountCents - feeCents) / 100 };
}
