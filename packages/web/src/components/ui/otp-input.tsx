/**
 * A one-time-code entry on `input-otp` (shadcn/ui's `input-otp` pattern): one real input, laid over a row
 * of boxes that each show one character. Numeric codes take digits only; a paste (or the phone's code
 * autofill) fills every box at once, whatever separates the digits. The boxes form a group with an
 * accessible name, which names the input too; a masked code (a passcode, a PIN) is a password input and
 * its boxes show dots.
 */
import { OTPInput, REGEXP_ONLY_DIGITS, REGEXP_ONLY_DIGITS_AND_CHARS, type SlotProps } from 'input-otp';
import type { ClipboardEvent, Ref } from 'react';
import { cn } from '@/lib/cn';

export interface OtpInputProps {
  /** How many characters the code has. */
  readonly length: number;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Digits only (the default), or letters and digits. */
  readonly numeric?: boolean;
  /** Hide what is typed, as for a passcode. */
  readonly masked?: boolean;
  /** The input's id, so a label can point at it. */
  readonly id?: string;
  readonly name?: string;
  readonly ref?: Ref<HTMLInputElement>;
  /** The group's (and the input's) accessible name, when no element labels it. */
  readonly 'aria-label'?: string;
  readonly 'aria-labelledby'?: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: boolean;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
  /** `one-time-code` unless told (a passcode, which a password manager may fill, is `current-password`). */
  readonly autoComplete?: string;
  readonly onBlur?: () => void;
  readonly className?: string;
}

const onlyDigits = (text: string) => text.replace(/\D/gu, '');
const onlyDigitsAndLetters = (text: string) => text.replace(/[^A-Za-z0-9]/gu, '');

function OtpSlot({ slot, masked, invalid }: { slot: SlotProps; masked: boolean; invalid: boolean }) {
  return (
    <div
      data-slot="otp-slot"
      data-active={slot.isActive}
      data-invalid={invalid}
      className="relative flex aspect-square w-full min-w-0 flex-1 items-center justify-center rounded-md border border-input bg-card text-xl font-semibold text-foreground tabular-nums shadow-xs transition-[color,box-shadow] data-[active=true]:border-ring data-[active=true]:ring-[3px] data-[active=true]:ring-ring/25 data-[invalid=true]:border-destructive sm:max-w-14"
    >
      {slot.char !== null && (masked ? '•' : slot.char)}
      {slot.hasFakeCaret && (
        <span className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <span className="h-6 w-px bg-foreground motion-safe:animate-pulse" />
        </span>
      )}
    </div>
  );
}

export function OtpInput({
  length,
  value,
  onChange,
  numeric = true,
  masked = false,
  className,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-describedby': ariaDescribedBy,
  'aria-invalid': ariaInvalid = false,
  ...props
}: OtpInputProps) {
  const keep = numeric ? onlyDigits : onlyDigitsAndLetters;
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    // The library puts a paste in at the caret; a whole code replaces what the boxes held instead.
    const code = keep(event.clipboardData.getData('text/plain'));
    if (code.length >= length) onChange(code.slice(0, length));
  };
  return (
    <div
      role="group"
      data-slot="otp-input"
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
      aria-describedby={ariaDescribedBy}
      className={cn('w-full max-w-sm', className)}
    >
      <OTPInput
        autoComplete="one-time-code"
        {...props}
        maxLength={length}
        value={keep(value).slice(0, length)}
        onChange={onChange}
        pattern={numeric ? REGEXP_ONLY_DIGITS : REGEXP_ONLY_DIGITS_AND_CHARS}
        pasteTransformer={keep}
        onPaste={onPaste}
        type={masked ? 'password' : 'text'}
        inputMode={numeric ? 'numeric' : 'text'}
        autoCorrect="off"
        autoCapitalize="off"
        aria-label={ariaLabel}
        aria-labelledby={ariaLabelledBy}
        aria-describedby={ariaDescribedBy}
        aria-invalid={ariaInvalid}
        noScriptCSSFallback={null}
        // No room is made for a password manager's badge: finding one measures the layout every second.
        pushPasswordManagerStrategy="none"
        containerClassName="flex w-full gap-1.5 has-disabled:opacity-60 sm:gap-2"
        className="disabled:cursor-not-allowed"
        render={({ slots }) => (
          // The input holds the code for assistive technology; the boxes only show it.
          <div aria-hidden="true" className="contents">
            {slots.map((slot, index) => (
              <OtpSlot key={index} slot={slot} masked={masked} invalid={ariaInvalid} />
            ))}
          </div>
        )}
      />
    </div>
  );
}
