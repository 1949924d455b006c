/**
 * The form kit, over the form state of `@/lib/form-state` (shadcn/ui's pattern): `FormField` binds a field
 * by name, `FormItem` gives it ids, and `FormLabel`, `FormControl`, `FormDescription` and `FormMessage` wire
 * the label, `aria-invalid`, `aria-describedby` and the error text from those ids, once, for every field.
 */
import { createContext, use, useId, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import {
  useField,
  type Control,
  type FieldBinding,
  type FieldError,
  type FieldPathByValue,
  type FieldValues,
  type UseFormReturn,
} from '@/lib/form-state';
import { cn } from '@/lib/utils';
import { Label } from './label';
import { Slot } from './slot';

/** Wraps a form's elements, given the form (`<Form {...form}>`); the fields bind through `control`. */
function Form<T extends FieldValues, TOut>({ children }: UseFormReturn<T, TOut> & { readonly children: ReactNode }) {
  return children;
}

interface FormFieldContextValue {
  readonly name: string;
  readonly error: FieldError | undefined;
}

const FormFieldContext = createContext<FormFieldContextValue | null>(null);

/** Binds the field `name` (whose values are of type `V`) and renders it with `render`. */
function FormField<T extends FieldValues, V>({
  control,
  name,
  render,
}: {
  readonly control: Control<T>;
  readonly name: FieldPathByValue<T, V>;
  readonly render: (props: { readonly field: FieldBinding<V> }) => ReactNode;
}) {
  const { error, ...field } = useField(control, name);
  return <FormFieldContext value={{ name, error }}>{render({ field })}</FormFieldContext>;
}

interface FormItemContextValue {
  readonly id: string;
}

const FormItemContext = createContext<FormItemContextValue | null>(null);

/** The ids and the state of the field around the caller. */
function useFormField() {
  const field = use(FormFieldContext);
  const item = use(FormItemContext);
  if (field === null || item === null) throw new Error('useFormField is used outside <FormField> and <FormItem>');
  return {
    ...field,
    formItemId: `${item.id}-form-item`,
    formLabelId: `${item.id}-form-item-label`,
    formDescriptionId: `${item.id}-form-item-description`,
    formMessageId: `${item.id}-form-item-message`,
  };
}

function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  return (
    <FormItemContext value={{ id }}>
      <div data-slot="form-item" className={cn('grid gap-2', className)} {...props} />
    </FormItemContext>
  );
}

function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { error, formItemId, formLabelId } = useFormField();
  return (
    <Label
      data-slot="form-label"
      data-error={error !== undefined}
      id={formLabelId}
      htmlFor={formItemId}
      className={cn('data-[error=true]:text-destructive', className)}
      {...props}
    />
  );
}

/** Gives its one child (the control) the field's id, `aria-invalid` and `aria-describedby`. */
function FormControl({ children }: { children: ReactElement }) {
  const { error, formItemId, formDescriptionId, formMessageId } = useFormField();
  return (
    <Slot
      data-slot="form-control"
      id={formItemId}
      aria-describedby={error === undefined ? formDescriptionId : `${formDescriptionId} ${formMessageId}`}
      aria-invalid={error !== undefined}
    >
      {children}
    </Slot>
  );
}

function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { formDescriptionId } = useFormField();
  return (
    <p
      data-slot="form-description"
      id={formDescriptionId}
      className={cn('text-xs text-muted-foreground', className)}
      {...props}
    />
  );
}

/** The field's error text, or `children` when it has none. */
function FormMessage({ className, children, ...props }: ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField();
  const body = error === undefined ? children : error.message;
  if (body === undefined || body === null || body === '') return null;
  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      className={cn('text-sm font-medium text-destructive', className)}
      {...props}
    >
      {body}
    </p>
  );
}

export { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField };
