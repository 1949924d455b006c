import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { CryptoRequestForm, type ChoiceField, type CoinData, type CryptoRequestFormProps } from './crypto-request-form';
import { RequestList, type RequestRow } from './request-list';

/** What a crypto request screen's loader answers: the coins, the past requests and the currency. */
export interface RequestFormData extends CoinData {
  readonly transactions: readonly RequestRow[];
  readonly currency: string;
}

/**
 * The body of a screen that asks for a purpose or a plan and a crypto payment (make-payment, fixed-deposit,
 * upgrade): the form in a card, then the past requests.
 */
export function CryptoRequestSection({
  title,
  description,
  data,
  choice,
  submitLabel,
  listTitle,
  onSubmit,
}: {
  title: string;
  description: ReactNode;
  data: RequestFormData;
  choice: ChoiceField;
  submitLabel: string;
  listTitle: string;
  onSubmit: CryptoRequestFormProps['onSubmit'];
}) {
  return (
    <>
      <Card className="max-w-2xl">
        <CardHeader>
          <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <CryptoRequestForm
            coins={data}
            currency={data.currency}
            choice={choice}
            submitLabel={submitLabel}
            onSubmit={onSubmit}
          />
        </CardContent>
      </Card>
      <RequestList title={listTitle} rows={data.transactions} currency={data.currency} />
    </>
  );
}
