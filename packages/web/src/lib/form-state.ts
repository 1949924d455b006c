/**
 * The forms' state: values, the errors shown and the submit in progress, in a small store whose hooks
 * re-render only what reads the part that changed (a field its value and its error). Validation is a
 * resolver's (./schema-resolver, or components/ui/lazy-resolver), run on submit; after the first submit
 * each change validates again and shows or clears that field's error. A submit with errors focuses the
 * first field in error, in the order the fields mounted. Field names are one level deep (flat forms).
 */
import { useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { sendHeldSubmit } from './held-submit';

export type FieldValues = Record<string, unknown>;

export interface FieldError {
  readonly message: string;
}

export type FieldErrors<T extends FieldValues> = { readonly [K in keyof T]?: FieldError | undefined };

/** The names of `T` whose values are of type `V`. */
export type FieldPathByValue<T extends FieldValues, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] &
  string;

/** A validation's outcome: the values as the schema gives them (for the submit), or an error per field. */
export type ResolverResult<T extends FieldValues, TOut> =
  { readonly values: TOut } | { readonly errors: FieldErrors<T> };

export type Resolver<T extends FieldValues, TOut = T> = (values: T) => Promise<ResolverResult<T, TOut>>;

export interface FormState<T extends FieldValues> {
  readonly values: T;
  readonly errors: FieldErrors<T>;
  readonly isSubmitting: boolean;
}

/** The store a form's fields bind to. */
export interface Control<T extends FieldValues> {
  readonly get: () => FormState<T>;
  /** Calls `listener` after every change; gives the unsubscribe. */
  readonly listen: (listener: () => void) => () => void;
  /** A field's new value (validated again after the first submit). */
  readonly set: <K extends keyof T>(name: K, value: T[K]) => void;
  /** The ref callback of a field's element (one per name, so React keeps it). */
  readonly ref: (name: keyof T) => (element: HTMLElement | null) => void;
}

export interface UseFormReturn<T extends FieldValues, TOut> {
  readonly control: Control<T>;
  readonly formState: { readonly isSubmitting: boolean };
  /** A submit handler: validates, then calls `onValid` with the schema's output, or focuses the first error. */
  readonly handleSubmit: (
    onValid: (values: TOut) => unknown,
  ) => (event?: { readonly preventDefault: () => void }) => Promise<void>;
  readonly getValues: { (): T; <K extends keyof T>(name: K): T[K] };
  /** Back to the defaults (`values` become the new ones), without errors and as if never submitted. */
  readonly reset: (values?: T) => void;
  /** Validates the form and shows or clears the error of `name`; true when it has none. */
  readonly trigger: (name: keyof T) => Promise<boolean>;
  /** For a native input the form writes the value of (a hidden input). */
  readonly register: <K extends keyof T & string>(
    name: K,
  ) => { readonly name: K; readonly ref: (element: HTMLElement | null) => void };
  /** Calls `callback` with the values after each change of them; gives the unsubscribe. */
  readonly subscribe: (options: {
    readonly formState: { readonly values: true };
    readonly callback: (state: { readonly values: T }) => void;
  }) => () => void;
}

function createForm<T extends FieldValues, TOut>(defaultValues: T, firstResolver: Resolver<T, TOut>) {
  let resolver = firstResolver;
  let defaults = defaultValues;
  let state: FormState<T> = { values: defaults, errors: {}, isSubmitting: false };
  let submitted = false;
  /** Counts resets: a validation begun before one is dropped. */
  let round = 0;
  const listeners = new Set<() => void>();
  /** The fields' elements, in the order they mounted. */
  const elements = new Map<keyof T, HTMLElement>();
  const refs = new Map<keyof T, (element: HTMLElement | null) => void>();
  /** The registered native inputs, whose value the form writes. */
  const native = new Set<keyof T>();

  const write = () => {
    for (const name of native) {
      const element = elements.get(name);
      if (element instanceof HTMLInputElement) element.value = String(state.values[name] ?? '');
    }
  };
  const update = (next: Partial<FormState<T>>) => {
    state = { ...state, ...next };
    if (next.values) write();
    for (const listener of listeners) listener();
  };
  const listen = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  /**
   * A field that comes to the form with a value the visitor already gave it: one of a prerendered page,
   * typed or ticked before the page was taken over (decision 0019), while the form still holds its
   * default. The form takes the value, as if from the field's own events.
   */
  const adopt = (name: keyof T, element: HTMLElement) => {
    if (native.has(name)) return;
    const held = state.values[name];
    let given: unknown;
    if (element instanceof HTMLInputElement && element.type === 'checkbox') {
      if (element.checked === element.defaultChecked || element.checked === held) return;
      given = element.checked;
    } else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (element.value === element.defaultValue || element.value === held || typeof held !== 'string') return;
      given = element.value;
    } else return;
    update({ values: { ...state.values, [name]: given } });
  };
  const ref = (name: keyof T) => {
    let callback = refs.get(name);
    if (!callback) {
      callback = (element) => {
        if (element) {
          elements.set(name, element);
          adopt(name, element);
          sendHeldSubmit(element);
        } else elements.delete(name);
        write();
      };
      refs.set(name, callback);
    }
    return callback;
  };
  /** Validates the values and shows or clears the error of `name`, unless a reset or a newer value came since. */
  const check = async (name: keyof T) => {
    const at = round;
    const values = state.values;
    const result = await resolver(values);
    const error = 'errors' in result ? result.errors[name] : undefined;
    if (at === round && state.values[name] === values[name]) update({ errors: { ...state.errors, [name]: error } });
    return !error;
  };
  function getValues(): T;
  function getValues<K extends keyof T>(name: K): T[K];
  function getValues(name?: keyof T) {
    return name === undefined ? state.values : state.values[name];
  }

  const form: Omit<UseFormReturn<T, TOut>, 'formState'> = {
    control: {
      get: () => state,
      listen,
      set: (name, value) => {
        update({ values: { ...state.values, [name]: value } });
        if (submitted) void check(name);
      },
      ref,
    },
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      const at = round;
      update({ isSubmitting: true });
      try {
        const result = await resolver(state.values);
        if (at !== round) return;
        if ('values' in result) {
          update({ errors: {} });
          await onValid(result.values);
          return;
        }
        update({ errors: result.errors });
        for (const [name, element] of elements)
          if (result.errors[name]) {
            element.focus();
            break;
          }
      } finally {
        if (at === round) {
          submitted = true;
          update({ isSubmitting: false });
        }
      }
    },
    getValues,
    reset: (values) => {
      round++;
      submitted = false;
      if (values) defaults = values;
      update({ values: defaults, errors: {}, isSubmitting: false });
    },
    trigger: check,
    register: (name) => {
      native.add(name);
      return { name, ref: ref(name) };
    },
    subscribe: ({ callback }) => {
      let last = state.values;
      return listen(() => {
        if (state.values === last) return;
        last = state.values;
        callback({ values: last });
      });
    },
  };
  const setResolver = (next: Resolver<T, TOut>) => {
    resolver = next;
  };
  return [form, setResolver] as const;
}

/**
 * A part of the form's state, read again when the form changes. The same on the build's prerender, which
 * renders every form with its starting values (`prerender.tsx`), as in the browser.
 */
function useFormStore<S>(listen: (listener: () => void) => () => void, select: () => S): S {
  return useSyncExternalStore(listen, select, select);
}

/** A form: validated by `resolver`, starting from `defaultValues`. */
export function useForm<T extends FieldValues, TOut = T>({
  resolver,
  defaultValues,
}: {
  readonly resolver: Resolver<T, TOut>;
  readonly defaultValues: NoInfer<T>;
}): UseFormReturn<T, TOut> {
  const [[form, setResolver]] = useState(() => createForm(defaultValues, resolver));
  useLayoutEffect(() => {
    setResolver(resolver);
  });
  const { get, listen } = form.control;
  const isSubmitting = useFormStore(listen, () => get().isSubmitting);
  return useMemo(() => ({ ...form, formState: { isSubmitting } }), [form, isSubmitting]);
}

/** The value of one field, or of several (in the order named); re-renders when it changes. */
export function useWatch<T extends FieldValues, const N extends keyof T>(options: {
  readonly control: Control<T>;
  readonly name: N;
}): T[N];
export function useWatch<T extends FieldValues, const N extends readonly (keyof T)[]>(options: {
  readonly control: Control<T>;
  readonly name: N;
}): { readonly [I in keyof N]: T[N[I]] };
export function useWatch<T extends FieldValues>({
  control: { get, listen },
  name,
}: {
  readonly control: Control<T>;
  readonly name: keyof T | readonly (keyof T)[];
}): unknown {
  const watched = useFormStore(listen, () => (typeof name === 'object' ? get().values : get().values[name]));
  return typeof name === 'object' ? name.map((key) => get().values[key]) : watched;
}

/** The errors shown. */
export function useFormState<T extends FieldValues>({
  control: { get, listen },
}: {
  readonly control: Control<T>;
}): {
  readonly errors: FieldErrors<T>;
} {
  return { errors: useFormStore(listen, () => get().errors) };
}

/** What a field's input binds to. */
export interface FieldBinding<V> {
  readonly name: string;
  readonly value: V;
  readonly onChange: (value: V) => void;
  readonly ref: (element: HTMLElement | null) => void;
}

/** One field's binding and error; re-renders when either changes. */
export function useField<T extends FieldValues, V>(
  control: Control<T>,
  name: FieldPathByValue<T, V>,
): FieldBinding<V> & { readonly error: FieldError | undefined } {
  const { get, listen, set, ref } = control;
  const value = useFormStore(listen, () => get().values[name]) as V;
  const error = useFormStore(listen, () => get().errors[name]);
  return {
    name,
    value,
    error,
    onChange: (next) => {
      set(name, next as T[typeof name]);
    },
    ref: ref(name),
  };
}
