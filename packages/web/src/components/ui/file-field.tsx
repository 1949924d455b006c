/**
 * An image upload, wired as the form kit's other fields (./form-fields). A module of its own: only the
 * upload forms load it.
 */
import Upload from 'lucide-react/icons/upload';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import type { FieldBase } from './form-fields';

export interface FileFieldProps<
  T extends FieldValues,
  N extends FieldPathByValue<T, File | undefined>,
  TOut = T,
> extends FieldBase<T, N, TOut> {
  /** The accepted types, as the input's `accept` attribute. */
  readonly accept: string;
}

/** An image upload: a file input styled as a drop zone that names the chosen file. */
export function FileField<T extends FieldValues, N extends FieldPathByValue<T, File | undefined>, TOut = T>({
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
        const chosen: unknown = field.value;
        const file = chosen instanceof File ? chosen : undefined;
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
                  onChange={(event) => {
                    field.onChange(event.target.files?.[0]);
                  }}
                  onBlur={field.onBlur}
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
