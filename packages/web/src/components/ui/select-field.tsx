/**
 * The select field of the form kit, in a module of its own: Radix Select brings a positioning engine
 * that only the forms with a select should load.
 */
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import type { FieldBase } from './form-fields';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

export interface SelectFieldProps<
  T extends FieldValues,
  N extends FieldPathByValue<T, string>,
  TOut = T,
> extends FieldBase<T, N, TOut> {
  readonly options: readonly SelectOption[];
  readonly placeholder?: string;
}

export function SelectField<T extends FieldValues, N extends FieldPathByValue<T, string>, TOut = T>({
  control,
  name,
  label,
  description,
  className,
  options,
  placeholder,
}: SelectFieldProps<T, N, TOut>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <Select
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onValueChange={field.onChange}
          >
            <FormControl>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {description !== undefined && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
