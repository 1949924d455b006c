/**
 * An image upload, wired as the form kit's other fields (./form-fields). A module of its own: only the
 * upload forms load it. Every upload offers and describes exactly what the bank accepts (../../forms/
 * image-rules); a chosen file is checked at once, and a refused one (by that check, or by the bank through
 * the form's `setError`) shows why, with the field's own label.
 */
import Upload from 'lucide-react/icons/upload';
import type { ReactNode } from 'react';
import { useFormContext, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { IMAGE_ACCEPT, IMAGE_HINT } from '@/forms/image-rules';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import type { FieldBase } from './form-fields';

export interface FileFieldProps<
  T extends FieldValues,
  N extends FieldPathByValue<T, File | undefined>,
  TOut = T,
> extends FieldBase<T, N, TOut> {
  /**
   * The label once an accepted file is chosen (the payment forms' 'File Uploaded');
   * `label` before that, and again when the file is refused.
   */
  readonly chosenLabel?: ReactNode;
}

/** An image upload: a file input styled as a drop zone that names the chosen file. */
export function FileField<T extends FieldValues, N extends FieldPathByValue<T, File | undefined>, TOut = T>({
  control,
  name,
  label,
  chosenLabel,
  description,
  className,
}: FileFieldProps<T, N, TOut>) {
  const { trigger } = useFormContext<T>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen: unknown = field.value;
        const file = chosen instanceof File ? chosen : undefined;
        const accepted = file !== undefined && !fieldState.invalid;
        return (
          <FormItem className={className}>
            <FormLabel>{accepted && chosenLabel !== undefined ? chosenLabel : label}</FormLabel>
            <div className="relative flex min-h-16 items-center gap-3 rounded-md border border-dashed border-input bg-muted px-3 py-3 text-sm focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/25 has-aria-invalid:border-destructive">
              <Upload className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className={cn('min-w-0 flex-1 truncate', file === undefined && 'text-muted-foreground')}>
                {file === undefined ? 'Choose an image' : file.name}
              </span>
              <FormControl>
                <input
                  type="file"
                  accept={IMAGE_ACCEPT}
                  name={field.name}
                  ref={field.ref}
                  onChange={(event) => {
                    const next = event.target.files?.[0];
                    // The same file may be chosen again after it was refused.
                    event.target.value = '';
                    field.onChange(next);
                    // Checked at once, so a refused file never reads as uploaded.
                    if (next !== undefined) void trigger(name);
                  }}
                  onBlur={field.onBlur}
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
              </FormControl>
            </div>
            <FormDescription>
              {description !== undefined && <>{description} </>}
              {IMAGE_HINT}
            </FormDescription>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
