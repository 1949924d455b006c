import { useId } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * A read-only value with a Copy button (an address, an account number). Nothing to copy: the button is
 * off. A `wrap` value (a long crypto address) breaks over lines instead of scrolling, so it can be checked
 * in full on a phone.
 */
export function CopyField({
  label,
  value,
  empty = '',
  wrap = false,
}: {
  label: string;
  value: string | undefined;
  empty?: string;
  wrap?: boolean;
}) {
  const id = useId();
  const known = value !== undefined && value.trim() !== '';
  const shown = known ? value : empty;
  const classes = 'min-w-0 flex-1 bg-muted font-mono text-sm sm:text-sm';
  return (
    <div className="grid gap-2" data-slot="copy-field">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-start gap-2">
        {wrap ? (
          <Textarea
            id={id}
            readOnly
            rows={2}
            value={shown}
            className={`${classes} h-auto min-h-11 resize-none break-all field-sizing-content`}
          />
        ) : (
          <Input id={id} readOnly value={shown} className={classes} />
        )}
        {/* On a phone the button is its icon (its name stays 'Copy <label>'), so the value keeps the width. */}
        <CopyButton value={known ? value : ''} size="default" disabled={!known} aria-label={`Copy ${label}`}>
          <span className="max-sm:sr-only">Copy</span>
        </CopyButton>
      </div>
    </div>
  );
}
