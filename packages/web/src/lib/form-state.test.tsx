import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyResolver } from '@/components/ui/lazy-resolver';
import {
  useField,
  useForm,
  useFormState,
  useWatch,
  type Control,
  type FieldPathByValue,
  type Resolver,
} from './form-state';
import { schemaResolver } from './schema-resolver';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  age: z.string().regex(/^\d+$/u, 'Age is digits').transform(Number),
});
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;

function Field({
  control,
  name,
  focusable = true,
}: {
  control: Control<Values>;
  name: FieldPathByValue<Values, string>;
  focusable?: boolean;
}) {
  const { error, ...field } = useField<Values, string>(control, name);
  return (
    <p>
      <input
        aria-label={name}
        aria-invalid={error !== undefined}
        name={field.name}
        ref={focusable ? field.ref : undefined}
        value={field.value}
        onChange={(event) => {
          field.onChange(event.target.value);
        }}
      />
      {error !== undefined && <span>{error.message}</span>}
    </p>
  );
}

/** Shows what `useWatch` and `useFormState` give, as a screen would. */
function Summary({ control }: { control: Control<Values> }) {
  const name = useWatch({ control, name: 'name' });
  const [first, second] = useWatch({ control, name: ['age', 'name'] });
  const { errors } = useFormState({ control });
  return (
    <p>
      {`name=${name}; both=${first},${second}; errors=${Object.values(errors).filter((error) => error !== undefined).length}`}
    </p>
  );
}

interface ExampleProps {
  onValid?: (values: Output) => unknown;
  resolver?: Resolver<Values, Output>;
  defaults?: Values;
  /** The first field gets no element, so it cannot take the focus. */
  unfocusableName?: boolean;
  /** The name as a hidden input, instead of the field. */
  hiddenName?: boolean;
  /** Reset the form once `onValid` is done. */
  resetAfterSubmit?: boolean;
  /** Calls with the values on every change while true. */
  onValues?: ((values: Values) => void) | undefined;
  onRender?: (id: string) => void;
}

function Example({
  onValid = vi.fn(),
  resolver = schemaResolver(schema),
  defaults = { name: '', age: '' },
  unfocusableName = false,
  hiddenName = false,
  resetAfterSubmit = false,
  onValues,
  onRender = () => undefined,
}: ExampleProps) {
  const form = useForm({ resolver, defaultValues: defaults });
  const [checked, setChecked] = useState('');
  useEffect(
    () =>
      onValues &&
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          onValues(values);
        },
      }),
    [form, onValues],
  );
  const onSubmit = form.handleSubmit(async (values) => {
    await onValid(values);
    if (resetAfterSubmit) form.reset();
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {hiddenName ? (
        <input type="hidden" data-testid="hidden" {...form.register('name')} />
      ) : (
        <Profiler id="name" onRender={onRender}>
          <Field control={form.control} name="name" focusable={!unfocusableName} />
        </Profiler>
      )}
      <Profiler id="age" onRender={onRender}>
        <Field control={form.control} name="age" />
      </Profiler>
      <Summary control={form.control} />
      <button type="submit" disabled={form.formState.isSubmitting}>
        Send
      </button>
      <button
        type="button"
        onClick={() => {
          form.reset();
        }}
      >
        Reset
      </button>
      <button
        type="button"
        onClick={() => {
          form.reset({ name: 'Ada', age: '36' });
        }}
      >
        Reset to Ada
      </button>
      <button
        type="button"
        onClick={() => {
          void form.trigger('age').then((valid) => {
            setChecked(`${String(valid)}, ${form.getValues('age')}, ${form.getValues().name}`);
          });
        }}
      >
        Check age
      </button>
      <p role="status">{checked}</p>
    </form>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name });
const send = () => screen.getByRole('button', { name: 'Send' });

describe('the form state', () => {
  it('validates on submit first, then again on every change, field by field', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Example onValid={onValid} />);
    await user.type(field('age'), 'x');
    await user.click(screen.getByRole('button', { name: 'Check age' }));
    await screen.findByText('Age is digits');
    // Before a submit a change validates nothing, not even a shown error.
    await user.clear(field('age'));
    await user.type(field('age'), '3');
    expect(screen.getByText('Age is digits')).toBeInTheDocument();

    await user.clear(field('age'));
    await user.click(send());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(field('name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('age')).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();

    // After it, a change shows or clears that field's error, and leaves the others as they are.
    await user.type(field('age'), '36');
    await waitFor(() => {
      expect(screen.queryByText('Age is digits')).not.toBeInTheDocument();
    });
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    await user.type(field('age'), 'x');
    expect(await screen.findByText('Age is digits')).toBeInTheDocument();
    await user.type(field('name'), 'Ada');
    await waitFor(() => {
      expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    });
    expect(screen.getByText('Age is digits')).toBeInTheDocument();
  });

  it('focuses the first field in error, in the order the fields mounted, skipping those without an element', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Example />);
    await user.click(send());
    await waitFor(() => {
      expect(field('name')).toHaveFocus();
    });
    await user.type(field('name'), 'Ada');
    await user.click(send());
    await waitFor(() => {
      expect(field('age')).toHaveFocus();
    });
    unmount();

    render(<Example unfocusableName />);
    await user.click(send());
    await waitFor(() => {
      expect(field('age')).toHaveFocus();
    });
    expect(screen.getByText('Name is required')).toBeInTheDocument();
  });

  it("hands the schema's output to the submit handler, and is submitting while its promise runs", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onValid = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<Example onValid={onValid} />);
    await user.type(field('name'), '  Ada ');
    await user.type(field('age'), '36');
    await user.click(send());
    await waitFor(() => {
      expect(onValid).toHaveBeenCalledWith({ name: 'Ada', age: 36 });
    });
    expect(send()).toBeDisabled();
    finish();
    await waitFor(() => {
      expect(send()).toBeEnabled();
    });
    expect(onValid).toHaveBeenCalledTimes(1);
  });

  it('resets to the defaults, or to new ones, without errors and as if never submitted', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.type(field('age'), 'x');
    await user.click(send());
    await screen.findByText('Name is required');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field('age')).toHaveValue('');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Age is digits')).not.toBeInTheDocument();
    // Not submitted any more: a change validates nothing.
    await user.type(field('age'), 'x');
    expect(screen.queryByText('Age is digits')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset to Ada' }));
    expect(field('name')).toHaveValue('Ada');
    expect(field('age')).toHaveValue('36');
    await user.type(field('name'), ' Lovelace');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field('name')).toHaveValue('Ada');
  });

  it('leaves the form unsubmitted when the submit handler reset it', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Example onValid={onValid} resetAfterSubmit />);
    await user.type(field('name'), 'Ada');
    await user.type(field('age'), '36');
    await user.click(send());
    await waitFor(() => {
      expect(field('name')).toHaveValue('');
    });
    expect(onValid).toHaveBeenCalledOnce();
    await user.type(field('age'), 'x');
    expect(screen.queryByText('Age is digits')).not.toBeInTheDocument();
    await user.click(send());
    expect(await screen.findByText('Age is digits')).toBeInTheDocument();
  });

  it('drops a validation that a newer value or a reset overtook', async () => {
    const user = userEvent.setup();
    const held: (() => void)[] = [];
    const resolver: Resolver<Values, Output> = async (values) => {
      const result = await schemaResolver(schema)(values);
      await new Promise<void>((release) => held.push(release));
      return result;
    };
    const releaseAll = async () => {
      await act(async () => {
        for (const release of held.splice(0)) release();
        await new Promise((settled) => setTimeout(settled, 0));
      });
    };
    render(<Example resolver={resolver} defaults={{ name: 'Ada', age: '' }} />);
    await user.click(send());
    await waitFor(() => {
      expect(held).toHaveLength(1);
    });
    await releaseAll();
    expect(screen.getByText('Age is digits')).toBeInTheDocument();

    await user.type(field('age'), 'x');
    await user.clear(field('age'));
    await user.type(field('age'), '5');
    await waitFor(() => {
      expect(held).toHaveLength(3);
    });
    // The newest value's answer first; then the older ones, which change nothing.
    held.pop()?.();
    await waitFor(() => {
      expect(screen.queryByText('Age is digits')).not.toBeInTheDocument();
    });
    await releaseAll();
    expect(screen.queryByText('Age is digits')).not.toBeInTheDocument();

    // An answer for the value a reset brings back is dropped too.
    await user.clear(field('age'));
    await waitFor(() => {
      expect(held).toHaveLength(1);
    });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await releaseAll();
    expect(field('age')).toHaveValue('');
    expect(screen.queryByText('Age is digits')).not.toBeInTheDocument();
  });

  it("triggers one field's validation: shows or clears its error alone and says whether it is valid", async () => {
    const user = userEvent.setup();
    render(<Example />);
    const check = screen.getByRole('button', { name: 'Check age' });
    await user.type(field('age'), 'x');
    await user.click(check);
    expect(await screen.findByRole('status')).toHaveTextContent('false, x,');
    expect(screen.getByText('Age is digits')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();

    await user.clear(field('age'));
    await user.type(field('age'), '7');
    await user.type(field('name'), 'Ada');
    await user.click(check);
    await waitFor(() => {
      expect(screen.getByRole('status')).toHaveTextContent('true, 7, Ada');
    });
    expect(screen.queryByText('Age is digits')).not.toBeInTheDocument();
  });

  it('gives a registered hidden input the current value', async () => {
    const user = userEvent.setup();
    render(<Example hiddenName defaults={{ name: 'Grace', age: '' }} />);
    expect(screen.getByTestId('hidden')).toHaveValue('Grace');
    expect(screen.getByTestId('hidden')).toHaveAttribute('name', 'name');
    await user.click(screen.getByRole('button', { name: 'Reset to Ada' }));
    expect(screen.getByTestId('hidden')).toHaveValue('Ada');
  });

  it('tells a subscriber every change of the values, until it unsubscribes', async () => {
    const user = userEvent.setup();
    const onValues = vi.fn();
    const { rerender } = render(<Example onValues={onValues} />);
    await user.type(field('name'), 'Al');
    expect(onValues).toHaveBeenCalledTimes(2);
    expect(onValues).toHaveBeenLastCalledWith({ name: 'Al', age: '' });
    await user.click(screen.getByRole('button', { name: 'Reset to Ada' }));
    expect(onValues).toHaveBeenLastCalledWith({ name: 'Ada', age: '36' });
    // Submitting changes no value.
    await user.click(send());
    expect(onValues).toHaveBeenCalledTimes(3);

    rerender(<Example onValues={undefined} />);
    await user.type(field('name'), 'x');
    expect(onValues).toHaveBeenCalledTimes(3);
  });

  it('watches one value or several, and re-renders only the field that changed', async () => {
    const user = userEvent.setup();
    const onRender = vi.fn();
    render(<Example onRender={onRender} />);
    onRender.mockClear();
    await user.type(field('age'), '4');
    expect(screen.getByText('name=; both=4,; errors=0')).toBeInTheDocument();
    expect(onRender.mock.calls.map(([id]) => id as string)).toEqual(['age']);
    await user.type(field('name'), 'Al');
    expect(screen.getByText('name=Al; both=4,Al; errors=0')).toBeInTheDocument();
    await user.click(send());
    expect(await screen.findByText('name=Al; both=4,Al; errors=0')).toBeInTheDocument();
    await user.clear(field('name'));
    expect(await screen.findByText('name=; both=4,; errors=1')).toBeInTheDocument();
  });

  it('loads a lazy schema once, on the first validation', async () => {
    const user = userEvent.setup();
    const load = vi.fn(() => Promise.resolve(schemaResolver(schema)));
    const onValid = vi.fn();
    render(<Example resolver={lazyResolver(load)} onValid={onValid} />);
    await user.type(field('age'), '1');
    expect(load).not.toHaveBeenCalled();
    await user.click(send());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(field('name'), 'Ada');
    await user.click(send());
    await waitFor(() => {
      expect(onValid).toHaveBeenCalledWith({ name: 'Ada', age: 1 });
    });
    expect(load).toHaveBeenCalledOnce();
  });
});
