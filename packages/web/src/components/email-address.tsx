import { Fragment } from 'react';
import { cn } from '@/lib/cn';

/** An address cut after its '@' and after each dot: the places where it may wrap. */
export const emailParts = (address: string) => address.split(/(?<=[@.])/u);

/**
 * An e-mail address in running text. A long one wraps after its '@' or a dot (`<wbr>`), never inside a
 * word ('nina@example.c|om'); only a single part wider than the line itself is broken.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  return (
    <span data-slot="email-address" className={cn('break-words', className)}>
      {emailParts(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
