/**
 * The form kit over react-hook-form (shadcn/ui's pattern): `Form` provides the form, `FormField` binds a
 * field by name through a `Controller`, `FormItem` gives it ids, and `FormLabel`, `FormControl`,
 * `FormDescription` and `FormMessage` wire the label, `aria-invalid`, `aria-describedby` and the error
 * text from those ids, once, for every field. `useFormSubmit` is how every form is sent.
 */
import { Slot } from 'radix-ui';
import { createContext, use, useId, type ComponentProps, type SubmitEvent } from 'react';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { cn } from '@/lib/cn';
import { useOneAtATime } from '@/lib/use-one-at-a-time';
import { Label } from './label';

/** Wraps a form's elements, given the form (`<Form {...form}>`). */
const Form = FormProvider;

interface FormFieldContextValue {
  readonly name: string;
}

const FormFieldContext = createContext<FormFieldContextValue | null>(null);

/** Binds the field `name` and renders it with `render`. */
function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormFieldContext value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext>
  );
}

interface FormItemContextValue {
  readonly id: string;
}

const FormItemContext = createContext<FormItemContextValue | null>(null);

/** The ids and the state (its error above all) of the field around the caller. */
function useFormField() {
  const field = use(FormFieldContext);
  const item = use(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field?.name ?? '' });
  if (field === null || item === null) throw new Error('useFormField is used outside <FormField> and <FormItem>');
  const { error } = getFieldState(field.name, formState);
  return {
    name: field.name,
    error,
    formItemId: `${item.id}-form-item`,
    formLabelId: `${item.id}-form-item-label`,
    formDescriptionId: `${item.id}-form-item-description`,
    formMessageId: `${item.id}-form-item-message`,
  };
}

/**
 * A field: label, control, hint and message. Its rows take their content's height, so beside a taller
 * neighbour in a grid (a hint or a message under it) its label and box stay level with the neighbour's.
 */
function FormItem({ className, ...props }: ComponentProps<'div'>) {
  const id = useId();
  return (
    <FormItemContext value={{ id }}>
      <div data-slot="form-item" className={cn('grid content-start gap-2', className)} {...props} />
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
function FormControl(props: ComponentProps<typeof Slot.Root>) {
  const { error, formItemId, formDescriptionId, formMessageId } = useFormField();
  return (
    <Slot.Root
      data-slot="form-control"
      id={formItemId}
      aria-describedby={error === undefined ? formDescriptionId : `${formDescriptionId} ${formMessageId}`}
      aria-invalid={error !== undefined}
      {...props}
    />
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

/**
 * Sends a form: react-hook-form's `handleSubmit(onValid)` (validation, focus on the first field in error),
 * one at a time (`useOneAtATime`). `onValid` returns the promise of its calls (`mutateAsync`), so the form
 * is held until the bank has answered: a second click, a double click or Enter pressed twice meanwhile
 * sends nothing. Give `onSubmit` to the `<form>` and `pending` to its submit button.
 */
function useFormSubmit<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  form: UseFormReturn<TFieldValues, TContext, TTransformedValues>,
  onValid: SubmitHandler<TTransformedValues>,
) {
  const { run, pending } = useOneAtATime();
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    // The browser never sends the form itself, held or not.
    event.preventDefault();
    run(() => form.handleSubmit(onValid)(event));
  };
  return { onSubmit, pending };
}

/**
 * Clears a secret that was turned down (a passcode, a PIN, a code: it is not kept for the next try) and puts
 * the focus back in its field: the form goes back to its default values, keeping its fields' elements, so
 * react-hook-form can focus the field at once.
 */
function clearEntry<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  form: UseFormReturn<TFieldValues, TContext, TTransformedValues>,
  name: FieldPath<TFieldValues>,
) {
  form.reset(undefined, { keepFieldsRef: true });
  form.setFocus(name);
}

export {
  clearEntry,
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useFormField,
  useFormSubmit,
};
