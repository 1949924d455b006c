/**
 * Ready-made fields over the form kit, for the field kinds the portal's forms repeat: text, secret
 * digits (passcode, PIN), checkbox, one-time code and image file (the select is in ./select-field). Each one is a `FormField` + `FormItem` + label,
 * control, description and message, so every form gets the same wiring and look.
 */
import { Eye, EyeOff, Upload } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { cn } from '@/lib/utils';
import { Checkbox } from './checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField } from './form';
import { Input, Textarea } from './input';
import { OtpInput } from './otp-input';

export interface FieldBase<T extends FieldValues, N, TOut> {
  readonly control: Control<T, unknown, TOut>;
  readonly name: N;
  readonly label: ReactNode;
  readonly description?: ReactNode;
  readonly className?: string;
}

type InputProps = Omit<ComponentProps<'input'>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>;

export interface TextFieldProps<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut>
  extends FieldBase<T, N, TOut>, Omit<InputProps, 'className'> {
  /** Rewrites what is typed before it is kept (for example, strips non-digits). */
  readonly transform?: (value: string) => string;
  /** A password-type field gets a button that shows what was typed. */
  readonly revealable?: boolean;
  /** A multi-line field. */
  readonly multiline?: boolean;
}

export function TextField<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut>({
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
        const onChange = (raw: string) => {
          field.onChange(transform ? transform(raw) : raw);
        };
        const value = field.value as string;
        return (
          <FormItem className={className}>
            <FormLabel>{label}</FormLabel>
            {multiline ? (
              <FormControl>
                <Textarea
                  name={field.name}
                  ref={field.ref}
                  value={value}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    onChange(event.target.value);
                  }}
                  disabled={field.disabled === true || inputProps.disabled === true}
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
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      onChange(event.target.value);
                    }}
                    disabled={field.disabled === true || inputProps.disabled === true}
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
  TOut,
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
export function SecretDigitsField<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut>({
  length,
  ...props
}: SecretDigitsFieldProps<T, N, TOut>) {
  return <TextField {...props} type="password" inputMode="numeric" transform={digitsOnly(length)} revealable />;
}

export type CheckboxFieldProps<T extends FieldValues, N extends FieldPathByValue<T, boolean>, TOut> = FieldBase<
  T,
  N,
  TOut
>;

export function CheckboxField<T extends FieldValues, N extends FieldPathByValue<T, boolean>, TOut>({
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
          {/* The label dims with a disabled box through the row (the box is no sibling of the label). */}
          <div className="group flex items-start gap-3" data-disabled={field.disabled === true}>
            <FormControl>
              <Checkbox
                name={field.name}
                ref={field.ref}
                checked={field.value}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                }}
                onBlur={field.onBlur}
                disabled={field.disabled}
                className="mt-0.5"
              />
            </FormControl>
            <FormLabel className="font-normal group-data-[disabled=true]:cursor-not-allowed">{label}</FormLabel>
          </div>
          {description !== undefined && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export interface OtpFieldProps<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut> extends FieldBase<
  T,
  N,
  TOut
> {
  readonly length: number;
  readonly masked?: boolean;
  readonly autoFocus?: boolean;
}

/** The OTP group is named by the field's label; the boxes name themselves ("Digit 2 of 6"). */
function OtpControl(props: {
  readonly length: number;
  readonly masked: boolean;
  readonly autoFocus: boolean;
  readonly value: string;
  readonly name: string;
  readonly disabled: boolean;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
}) {
  const { error, formItemId, formLabelId, formDescriptionId, formMessageId } = useFormField();
  return (
    <OtpInput
      id={formItemId}
      aria-labelledby={formLabelId}
      aria-describedby={error === undefined ? formDescriptionId : `${formDescriptionId} ${formMessageId}`}
      aria-invalid={error !== undefined}
      {...props}
    />
  );
}

export function OtpField<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut>({
  control,
  name,
  label,
  description,
  className,
  length,
  masked = false,
  autoFocus = false,
}: OtpFieldProps<T, N, TOut>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <OtpControl
            length={length}
            masked={masked}
            autoFocus={autoFocus}
            value={field.value}
            name={field.name}
            disabled={field.disabled === true}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
          {description !== undefined && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export interface FileFieldProps<
  T extends FieldValues,
  N extends FieldPathByValue<T, File | undefined>,
  TOut,
> extends FieldBase<T, N, TOut> {
  /** The accepted types, as the input's `accept` attribute. */
  readonly accept: string;
}

/** An image upload: a file input styled as a drop zone that names the chosen file. */
export function FileField<T extends FieldValues, N extends FieldPathByValue<T, File | undefined>, TOut>({
  control,
  name,
  label,
  description,
  className,
  accept,
}: FileFieldProps<T, N, TOut>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const file = field.value as File | undefined;
        return (
          <FormItem className={className}>
            <FormLabel>{label}</FormLabel>
            <div className="relative flex min-h-16 items-center gap-3 rounded-md border border-dashed border-input bg-muted px-3 py-3 text-sm focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/25 has-aria-invalid:border-destructive">
              <Upload className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className={cn('min-w-0 flex-1 truncate', file === undefined && 'text-muted-foreground')}>
                {file === undefined ? 'Choose an image' : file.name}
              </span>
              <FormControl>
                <input
                  type="file"
                  accept={accept}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  disabled={field.disabled}
                  onChange={(event) => {
                    field.onChange(event.target.files?.[0]);
                  }}
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
              </FormControl>
            </div>
            {description !== undefined && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
