/**
 * What the two PIN creation screens share (enter 4 digits, Confirm, enter them again,
 * Confirm). The first entry waits in session storage, so the second screen survives a reload; it is
 * never written to local storage and is forgotten once the PIN is created.
 */
import KeyRound from 'lucide-react/icons/key-round';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from './page';

export const PIN_MISMATCH_MESSAGE = 'We have detected that the PIN you entered does not match. Please Re-enter PIN.';
export const PIN_CREATED_MESSAGE = 'Your transaction PIN has been successfully created.';

export function PinCard({
  step,
  title,
  description,
  children,
}: {
  step: 1 | 2;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader className="justify-items-center text-center">
        <span
          aria-hidden="true"
          className="mb-2 flex size-12 items-center justify-center rounded-full bg-secondary text-primary"
        >
          <KeyRound className="size-6" />
        </span>
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Step {step} of 2</p>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {/* The PIN's boxes sit in the middle of their row, under the centred text. */}
      {children !== undefined && (
        <CardContent className="[&_[data-slot=otp-input]>*]:justify-center">{children}</CardContent>
      )}
    </Card>
  );
}

/** The PIN creation screens' pending screen: their card's shape, so nothing moves when it comes. */
export function PinCardSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mx-auto w-full max-w-md">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}
