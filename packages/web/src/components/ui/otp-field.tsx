/**
 * A one-time code or PIN as a row of digit boxes, wired as the form kit's other fields (./form-fields).
 * A module of its own: pages without a code field load none of it.
 */
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField } from './form';
import type { FieldBase } from './form-fields';
import { OtpInput, type OtpInputProps } from './otp-input';

export interface OtpFieldProps<
  T extends FieldValues,
  N extends FieldPathByValue<T, string>,
  TOut = T,
> extends FieldBase<T, N, TOut> {
  readonly length: number;
  readonly masked?: boolean;
  readonly autoFocus?: boolean;
  /** Off while the screen moves on after a success: nothing typed then would be sent. */
  readonly disabled?: boolean;
  readonly autoComplete?: string;
}

/** The code's group and its input are named by the field's label and described by its description and error. */
function OtpControl(
  props: Pick<
    OtpInputProps,
    'length' | 'masked' | 'autoFocus' | 'disabled' | 'autoComplete' | 'value' | 'name' | 'onChange' | 'onBlur' | 'ref'
  >,
) {
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

export function OtpField<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut = T>({
  control,
  name,
  label,
  description,
  className,
  masked = false,
  autoFocus = false,
  // The input's own: length, disabled, autoComplete.
  ...input
}: OtpFieldProps<T, N, TOut>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <OtpControl
            {...input}
            masked={masked}
            autoFocus={autoFocus}
            value={typeof field.value === 'string' ? field.value : ''}
            name={field.name}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
          {description !== undefined && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
