/**
 * A one-time code or PIN as a row of digit boxes, wired as the form kit's other fields (./form-fields).
 * A module of its own: pages without a code field load none of it.
 */
import type { FieldPathByValue, FieldValues } from '@/lib/form-state';
import { FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField } from './form';
import type { FieldBase } from './form-fields';
import { OtpInput } from './otp-input';

export interface OtpFieldProps<T extends FieldValues, N extends FieldPathByValue<T, string>> extends FieldBase<T, N> {
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
  readonly onChange: (value: string) => void;
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

export function OtpField<T extends FieldValues, N extends FieldPathByValue<T, string>>({
  control,
  name,
  label,
  description,
  className,
  length,
  masked = false,
  autoFocus = false,
}: OtpFieldProps<T, N>) {
  return (
    <FormField<T, string>
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
            onChange={field.onChange}
          />
          {description !== undefined && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
