/**
 * The one crypto payment form, shared by add-funds (crypto deposit), make-payment, fixed-deposit and
 * upgrade: an optional purpose or plan, the coin type, the address to pay to (switching with the type,
 * with Copy), the amount and the proof of payment. The bank's reply is read by its icon: 'success' gives
 * the warning 'Payment Pending!' and a fresh form; any other icon gives 'Something went wrong!'.
 */
import { dashboardOperations } from '@ebank/contract';
import { useEffect, useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, useFormSubmit } from '@/components/ui/form';
import { TextField } from '@/components/ui/form-fields';
import { FileField } from '@/components/ui/file-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import { DEFAULT_ERROR_MESSAGE, imageRefusal } from '@/api/error-message';
import { required } from '@/forms/form-rules';
import { formatAmount, inAccountCurrency } from '@/lib/format';
import { imageFile } from '@/forms/image-upload';
import { CopyField } from './copy-field';
import { amountField } from './fields';

/** The coin types and their addresses, as every crypto form loader answers them. */
export interface CoinData {
  readonly names: readonly string[];
  readonly addresses: readonly string[];
  readonly addresses2: Readonly<Record<string, string>>;
}

/** A purpose (make-payment) or plan (fixed deposit, upgrade) to choose first. */
export interface ChoiceField {
  readonly label: string;
  readonly placeholder: string;
  /** The message when nothing was chosen. */
  readonly missing: string;
  readonly options: readonly string[];
  /** The amount an option costs, put in the amount field when it is chosen (the customer may change it). */
  readonly amountOf?: (option: string) => number | undefined;
}

/** What the form hands over once it is valid. */
export interface CryptoRequest {
  /** The purpose or plan; empty when the form asks for none. */
  readonly choice: string;
  readonly type: string;
  /** The address shown for the type (display only). */
  readonly address: string;
  readonly amount: number;
  readonly proof: File;
}

export const PAYMENT_PENDING = 'Payment Pending!';

/**
 * What the amount is in: the account's currency, by the symbol the bank sends (the spec's default `$`
 * when it sends none), not the coin's. Staff confirm the request in that currency.
 */
export const amountDescription = (currency: string) => `${inAccountCurrency(currency)}, not in the coin.`;

/** The address of the chosen type, from `addresses2`, else the one at its index. */
export function addressOf(coins: CoinData, type: string): string {
  return coins.addresses2[type] ?? coins.addresses[coins.names.indexOf(type)] ?? '';
}

const shape = dashboardOperations.createPayment.request.shape;

/** The form's schema; `missingChoice` is the message of a required purpose or plan, when the form asks for one. */
function requestSchema(missingChoice: string | undefined) {
  const choiceField: z.ZodMiniType<string, string> =
    missingChoice === undefined ? z.string() : z.pipe(required(missingChoice), shape.purpose);
  return z.object({
    choice: choiceField,
    type: z.pipe(required('Choose a crypto type'), shape.type),
    amount: amountField(),
    proof: imageFile('Upload the proof of your payment'),
  });
}

export interface CryptoRequestFormProps {
  readonly coins: CoinData;
  /** The symbol of the account's currency, which the amount is in (the loader's `currency`). */
  readonly currency: string;
  readonly choice?: ChoiceField;
  readonly submitLabel: string;
  /** Sends the request; a rejection has already been reported (centrally or by the caller). */
  readonly onSubmit: (request: CryptoRequest) => Promise<{ readonly icon: string }>;
}

export function CryptoRequestForm(props: CryptoRequestFormProps) {
  // A new form (and file input) after every accepted request: the spec's reset.
  const [round, setRound] = useState(0);
  return (
    <CryptoRequestFormRound
      key={round}
      {...props}
      onAccepted={() => {
        setRound((n) => n + 1);
      }}
    />
  );
}

function CryptoRequestFormRound({
  coins,
  currency,
  choice,
  submitLabel,
  onSubmit,
  onAccepted,
}: CryptoRequestFormProps & { readonly onAccepted: () => void }) {
  const missingChoice = choice?.missing;
  const schema = useMemo(() => requestSchema(missingChoice), [missingChoice]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { choice: '', type: coins.names[0] ?? '', amount: '', proof: undefined },
  });
  const amountOf = choice?.amountOf;
  useEffect(() => {
    if (amountOf === undefined) return undefined;
    // Choosing a plan with a price fills in the amount; the customer may still change it.
    return form.subscribe({
      name: 'choice',
      exact: true,
      formState: { values: true },
      callback: ({ values }) => {
        const price = amountOf(values.choice);
        if (price !== undefined) form.setValue('amount', price.toFixed(2), { shouldDirty: true });
      },
    });
  }, [form, amountOf]);
  const [type, chosen, amount] = useWatch({ control: form.control, name: ['type', 'choice', 'amount'] });
  const address = addressOf(coins, type);
  // An amount below the chosen plan's price is the customer's to send, but said first: staff may decline it.
  const price = chosen === '' ? undefined : amountOf?.(chosen);
  const typed = amount.trim() === '' ? Number.NaN : Number(amount);
  const belowPrice =
    price === undefined || !(typed < price)
      ? ''
      : ` This is below the plan's price of ${formatAmount(price, currency)}: the bank may decline it.`;

  const submit = useFormSubmit(form, async (values) => {
    let reply: { readonly icon: string };
    try {
      reply = await onSubmit({ ...values, address: addressOf(coins, values.type) });
    } catch (error) {
      // The bank refused the proof: the field says why, beside the central toast.
      const refused = imageRefusal(error);
      if (refused !== undefined) form.setError('proof', { message: refused.message }, { shouldFocus: true });
      return;
    }
    if (reply.icon === 'success') {
      toast.warning(PAYMENT_PENDING);
      onAccepted();
    } else {
      toast.error(DEFAULT_ERROR_MESSAGE);
    }
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-5" onSubmit={submit.onSubmit}>
        {choice !== undefined && (
          <SelectField
            control={form.control}
            name="choice"
            label={choice.label}
            placeholder={choice.placeholder}
            options={choice.options.map((option) => ({ value: option, label: option }))}
          />
        )}
        <SelectField
          control={form.control}
          name="type"
          label="Crypto type"
          placeholder="Select a crypto type"
          options={coins.names.map((name) => ({ value: name, label: name }))}
        />
        <CopyField label="Address" value={address} wrap />
        <TextField
          control={form.control}
          name="amount"
          label="Amount"
          description={`${amountDescription(currency)}${belowPrice}`}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder="0.00"
        />
        <FileField control={form.control} name="proof" label="Payment Proof" chosenLabel="File Uploaded" />
        <Button type="submit" size="lg" pending={submit.pending}>
          {submitLabel}
        </Button>
      </form>
    </Form>
  );
}
