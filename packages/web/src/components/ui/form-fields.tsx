/**
 * Ready-made fields over the form kit, for the field kinds the portal's forms repeat: text, secret
 * digits (passcode, PIN) and checkbox; the one-time code, the image file and the select have modules of their
 * own (./otp-field, ./file-field, ./select-field), so pages load only the kinds they use. Each one is a
 * `FormField` + `FormItem` + label, control, description and message, so every form gets the same wiring
 * and look.
 */
import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { useState, type ComponentProps, type ReactNode } from 'react';
import type { Control, FieldPath, FieldPathByValue, FieldValues } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { Checkbox } from './checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Input, Textarea } from './input';

/** What every ready-made field takes: the form's `control` (whose values are `T`, and `TOut` once valid) and a name. */
export interface FieldBase<T extends FieldValues, N extends FieldPath<T>, TOut = T> {
  readonly control: Control<T, unknown, TOut>;
  readonly name: N;
  readonly label: ReactNode;
  readonly description?: ReactNode;
  readonly className?: string;
}

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>;

export interface TextFieldProps<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut = T>
  extends FieldBase<T, N, TOut>, Omit<InputProps, 'className'> {
  /** Rewrites what is typed before it is kept (for example, strips non-digits). */
  readonly transform?: (value: string) => string;
  /** A password-type field gets a button that shows what was typed. */
  readonly revealable?: boolean;
  /** A multi-line field. */
  readonly multiline?: boolean;
}

/** An e-mail address: the e-mail keyboard and the browser's e-mail autofill (`username` on a sign-in form). */
export function EmailField<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut = T>({
  label = 'E-mail',
  ...props
}: Omit<TextFieldProps<T, N, TOut>, 'label' | 'type' | 'inputMode'> & { readonly label?: ReactNode }) {
  return <TextField label={label} type="email" inputMode="email" autoComplete="email" {...props} />;
}

export function TextField<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut = T>({
  control,
  name,
  label,
  description,
  className,
  transform,
  revealable = false,
  multiline = false,
  type = 'text',
  ...inputProps
}: TextFieldProps<T, N, TOut>) {
  const [revealed, setRevealed] = useState(false);
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        const onChange = (raw: string) => {
          field.onChange(transform ? transform(raw) : raw);
        };
        return (
          <FormItem className={className}>
            <FormLabel>{label}</FormLabel>
            {multiline ? (
              <FormControl>
                <Textarea
                  name={field.name}
                  ref={field.ref}
                  value={value}
                  onChange={(event) => {
                    onChange(event.target.value);
                  }}
                  onBlur={field.onBlur}
                  disabled={inputProps.disabled}
                  placeholder={inputProps.placeholder}
                  autoComplete={inputProps.autoComplete}
                />
              </FormControl>
            ) : (
              <div className="relative">
                <FormControl>
                  <Input
                    {...inputProps}
                    type={revealable && revealed ? 'text' : type}
                    name={field.name}
                    ref={field.ref}
                    value={value}
                    onChange={(event) => {
                      onChange(event.target.value);
                    }}
                    onBlur={field.onBlur}
                    className={cn(revealable && 'pr-12')}
                  />
                </FormControl>
                {revealable && (
                  <button
                    type="button"
                    className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
                    aria-pressed={revealed}
                    onClick={() => {
                      setRevealed((shown) => !shown);
                    }}
                  >
                    {revealed ? (
                      <EyeOff className="size-4" aria-hidden="true" />
                    ) : (
                      <Eye className="size-4" aria-hidden="true" />
                    )}
                    <span className="sr-only">{revealed ? 'Hide what you typed' : 'Show what you typed'}</span>
                  </button>
                )}
              </div>
            )}
            {description !== undefined && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}

/** Keeps only digits, at most `length` of them. */
const digitsOnly = (length: number) => (value: string) => value.replace(/\D/gu, '').slice(0, length);

export interface SecretDigitsFieldProps<
  T extends FieldValues,
  N extends FieldPathByValue<T, string>,
  TOut = T,
> extends Omit<
  TextFieldProps<T, N, TOut>,
  'type' | 'inputMode' | 'maxLength' | 'transform' | 'revealable' | 'multiline'
> {
  /** How many digits it takes. */
  readonly length: number;
}

/**
 * A passcode or PIN in a password field: anything but digits is dropped as it is typed or pasted (a pasted
 * value keeps every digit, whatever separates them), at most `length` are kept, and a button shows them.
 */
export function SecretDigitsField<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut = T>({
  length,
  ...props
}: SecretDigitsFieldProps<T, N, TOut>) {
  return <TextField {...props} type="password" inputMode="numeric" transform={digitsOnly(length)} revealable />;
}

export type CheckboxFieldProps<T extends FieldValues, N extends FieldPathByValue<T, boolean>, TOut = T> = FieldBase<
  T,
  N,
  TOut
>;

export function CheckboxField<T extends FieldValues, N extends FieldPathByValue<T, boolean>, TOut = T>({
  control,
  name,
  label,
  description,
  className,
}: CheckboxFieldProps<T, N, TOut>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('gap-1.5', className)}>
          <div className="flex items-start gap-3">
            <FormControl>
              <Checkbox
                name={field.name}
                ref={field.ref}
                checked={field.value === true}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                }}
                onBlur={field.onBlur}
                className="mt-0.5"
              />
            </FormControl>
            <FormLabel className="font-normal">{label}</FormLabel>
          </div>
          {description !== undefined && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
