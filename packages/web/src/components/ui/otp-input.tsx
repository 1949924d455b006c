/**
 * A one-time-code entry: one box per character. Typing moves forward, Backspace clears and moves back,
 * arrows move, a paste (or the phone's code autofill) fills every box at once. Numeric codes take digits
 * only. The boxes form a group with an accessible name; each box says which one it is.
 */
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

export interface OtpInputProps {
  /** How many characters the code has. */
  readonly length: number;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Digits only (the default), or letters and digits. */
  readonly numeric?: boolean;
  /** Hide what is typed, as for a passcode. */
  readonly masked?: boolean;
  /** The id of the first box, so a label can point at it. */
  readonly id?: string;
  readonly name?: string;
  /** The group's accessible name, when no element labels it. */
  readonly 'aria-label'?: string;
  readonly 'aria-labelledby'?: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: boolean;
  readonly disabled?: boolean;
  readonly autoFocus?: boolean;
  readonly onBlur?: () => void;
  readonly className?: string;
  /** What each box is called to assistive technology: "Digit 2 of 6" by default. */
  readonly boxLabel?: (position: number, length: number) => string;
}

const defaultBoxLabel = (position: number, length: number) => `Digit ${position} of ${length}`;

export function OtpInput({
  length,
  value,
  onChange,
  numeric = true,
  masked = false,
  id,
  name,
  disabled = false,
  autoFocus = false,
  onBlur,
  className,
  boxLabel = defaultBoxLabel,
  ...aria
}: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const clean = (text: string) => (numeric ? text.replace(/\D/gu, '') : text.replace(/[^A-Za-z0-9]/gu, ''));
  const chars = clean(value).slice(0, length);
  /** What the boxes hold, also between a change and the render that shows it (focus moves in between). */
  const entered = useRef(chars);
  useEffect(() => {
    entered.current = chars;
  });

  const update = (next: string) => {
    entered.current = next;
    onChange(next);
  };

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, length - 1))];
    box?.focus();
    box?.select();
  };

  /** Writes `text` from box `index` on, keeping what comes before it. */
  const fillFrom = (index: number, text: string) => {
    const start = Math.min(index, chars.length);
    update((chars.slice(0, start) + text + chars.slice(start + text.length)).slice(0, length));
    focusBox(Math.min(start + text.length, length - 1));
  };

  const handleInput = (index: number, raw: string) => {
    const old = chars[index] ?? '';
    let typed = clean(raw);
    if (typed === '') return;
    // A box that held a character and got one more: keep the new one.
    if (typed.length === 2 && old !== '') typed = typed.startsWith(old) ? typed.slice(1) : typed.slice(0, 1);
    // Several characters at once (autofill of the whole code) fill the boxes from the start.
    if (typed.length >= length) {
      update(typed.slice(0, length));
      focusBox(length - 1);
      return;
    }
    fillFrom(index, typed);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        const at = chars[index] === undefined ? index - 1 : index;
        if (at < 0) return;
        update(chars.slice(0, at) + chars.slice(at + 1));
        focusBox(Math.max(0, index - 1));
        return;
      }
      case 'Delete':
        event.preventDefault();
        update(chars.slice(0, index) + chars.slice(index + 1));
        return;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(Math.min(index + 1, chars.length));
        return;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        return;
      case 'End':
        event.preventDefault();
        focusBox(chars.length);
        return;
      default:
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = clean(event.clipboardData.getData('text'));
    if (pasted === '') return;
    if (pasted.length >= length) {
      update(pasted.slice(0, length));
      focusBox(length - 1);
    } else {
      fillFrom(index, pasted);
    }
  };

  return (
    <div
      role="group"
      data-slot="otp-input"
      aria-label={aria['aria-label']}
      aria-labelledby={aria['aria-labelledby']}
      aria-describedby={aria['aria-describedby']}
      className={cn('flex w-full max-w-sm gap-1.5 sm:gap-2', className)}
    >
      {Array.from({ length }, (_, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          id={index === 0 ? id : undefined}
          name={name === undefined ? undefined : `${name}-${index + 1}`}
          data-slot="otp-box"
          type={masked ? 'password' : 'text'}
          inputMode={numeric ? 'numeric' : 'text'}
          pattern={numeric ? '[0-9]*' : undefined}
          autoComplete="one-time-code"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint={index === length - 1 ? 'done' : 'next'}
          aria-label={boxLabel(index + 1, length)}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby']}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          value={chars[index] ?? ''}
          onChange={(event) => {
            handleInput(index, event.target.value);
          }}
          onKeyDown={(event) => {
            handleKeyDown(index, event);
          }}
          onPaste={(event) => {
            handlePaste(index, event);
          }}
          onFocus={(event) => {
            // An empty box after the typed part sends focus to the first empty one: codes are typed in order.
            if (index > entered.current.length) focusBox(entered.current.length);
            else event.target.select();
          }}
          onBlur={onBlur}
          className="aspect-square h-auto w-full min-w-0 flex-1 rounded-md border border-input bg-card p-0 text-center text-xl font-semibold text-foreground tabular-nums shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:max-w-14"
        />
      ))}
    </div>
  );
}
